'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useAppSelector } from '@/store/hooks';
import { selectSessionStatus, selectUser } from '@/store/auth/selectors';
import { LOGIN_TYPE } from '@/lib/constants';
import { formatDate, formatNumber } from '@/lib/format';

const SIGN_IN_METHODS = { [LOGIN_TYPE.GOOGLE]: 'google', [LOGIN_TYPE.APPLE]: 'apple', [LOGIN_TYPE.EMAIL]: 'email' } as const;

/** The signed-in user's profile on /dashboard, from the store (the stored session, refreshed by fetchProfile). */
export function ProfileDetails() {
  const t = useTranslations('dashboard.profileDetails');
  const locale = useLocale();
  const user = useAppSelector(selectUser);
  const session = useAppSelector(selectSessionStatus);

  if (!user) {
    if (session === 'idle' || session === 'pending') {
      return <div aria-hidden="true" className="h-40 animate-pulse rounded-3xl border border-white/5 bg-ink-900/60" />;
    }
    return (
      <section aria-labelledby="profile-details-title" className="rounded-3xl border border-white/5 bg-ink-900/70 p-6 md:p-8">
        <h2 id="profile-details-title" className="font-semibold">
          {t('guestTitle')}
        </h2>
        <p className="mt-1 max-w-prose text-sm text-fg-muted">{t('guestText')}</p>
      </section>
    );
  }

  // The profile card above already says 'Free Plan'; a subscriber's row adds what the card does not: until when.
  const until = formatDate(user.vipExpiresAt, locale);
  const plan = user.isVip ? (user.vipLifetime ? t('plan.lifetime') : until ? t('plan.until', { date: until }) : t('plan.subscribed')) : null;
  const method = user.loginType ? SIGN_IN_METHODS[user.loginType as keyof typeof SIGN_IN_METHODS] : undefined;
  const rows: { term: string; value: string | null }[] = [
    { term: t('name'), value: user.name || null },
    { term: t('email'), value: user.email },
    { term: t('signedInWith'), value: method ? t(`methods.${method}`) : null },
    { term: t('plan.term'), value: plan },
    { term: t('coins'), value: typeof user.coins === 'number' ? formatNumber(user.coins, locale) : null },
    { term: t('memberSince'), value: formatDate(user.createdAt, locale) || null },
  ];

  return (
    <section aria-labelledby="profile-details-title" className="rounded-3xl border border-white/5 bg-ink-900/70 p-6 md:p-8">
      <h2 id="profile-details-title" className="font-semibold">
        {t('title')}
      </h2>
      <dl className="mt-4 grid gap-x-8 gap-y-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="profile-details">
        {rows
          .filter((r) => r.value)
          .map((r) => (
            <div key={r.term} className="min-w-0">
              <dt className="text-xs font-semibold uppercase tracking-wider text-fg-subtle">{r.term}</dt>
              <dd className="mt-1 truncate text-sm text-fg">{r.value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
