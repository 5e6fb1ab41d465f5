'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { Avatar, AuthButton, useIdentity } from '@/components/layout/AccountControls';
import { libraryHref, subscriptionHref, walletHref } from '@/lib/routes';
import { ClockIcon, CoinIcon, CrownIcon, ListIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';

const LINKS = [
  { key: 'list', href: libraryHref(), icon: ListIcon },
  { key: 'history', href: libraryHref('history'), icon: ClockIcon },
  { key: 'wallet', href: walletHref(), icon: CoinIcon },
  { key: 'subscription', href: subscriptionHref(), icon: CrownIcon },
] as const;

/** The current user's card on /dashboard: guests are 'guest' with the label 'User'. */
export function ProfileCard() {
  const { isGuest, name, label, image, isVip, initials } = useIdentity();
  const t = useTranslations('dashboard.profileCard');
  return (
    <div className="space-y-6">
      <section
        aria-label={t('label')}
        className="flex flex-col gap-5 rounded-3xl border border-white/5 bg-gradient-to-br from-ink-800 via-ink-900 to-kilig-800/30 p-6 sm:flex-row sm:items-center md:p-8"
      >
        <Avatar image={image} size={80} isVip={isVip} initials={initials} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-display text-2xl font-bold md:text-3xl">{name}</p>
          {/* A member's label is the plan, which the badge below already says: shown once. Guests keep 'User'. */}
          {isGuest ? <p className="text-sm text-fg-muted">{label}</p> : null}
          <p className="mt-3 inline-flex items-center gap-1.5 rounded-full border border-white/10 px-3 py-1 text-xs font-semibold">
            {isVip ? (
              <>
                <CrownIcon size={14} className="text-gold-300" /> <span className="text-gold-200">{t('subscribed')}</span>
              </>
            ) : (
              t('freePlan')
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          {isVip ? null : (
            <Link href={subscriptionHref()} className={buttonClass('vip', 'sm')}>
              <CrownIcon size={16} /> {t('subscribeNow')}
            </Link>
          )}
          <AuthButton />
        </div>
      </section>

      <nav aria-label={t('navLabel')}>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {LINKS.map(({ key, href, icon: Icon }) => (
            <li key={href}>
              <Link
                href={href}
                className="group flex h-full items-start gap-3 rounded-2xl border border-white/5 bg-ink-900/70 p-5 transition duration-200 hover:-translate-y-0.5 hover:border-kilig-400/30 motion-reduce:hover:translate-y-0"
              >
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-kilig-600/15 text-kilig-300">
                  <Icon size={20} />
                </span>
                <span>
                  <span className="block font-semibold group-hover:text-kilig-200">{t(`links.${key}.label`)}</span>
                  <span className="mt-0.5 block text-sm text-fg-muted">{t(`links.${key}.description`)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
