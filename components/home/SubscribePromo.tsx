'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { subscriptionHref } from '@/lib/routes';
import { useAppSelector } from '@/store/hooks';
import { selectIsVip } from '@/store/auth/selectors';
import { CrownIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';

/** 'Subscribe Now' for non-subscribers (spec §1, §2); subscribers never see it. */
export function SubscribePromo() {
  const t = useTranslations('home.promo');
  const isVip = useAppSelector(selectIsVip);
  if (isVip) return null;
  return (
    <section aria-labelledby="subscribe-promo" className="px-4 md:px-8">
      <div className="flex flex-col items-start gap-4 rounded-3xl border border-gold-400/20 bg-gradient-to-r from-gold-900/70 via-ink-900 to-kilig-800/40 p-6 sm:flex-row sm:items-center md:p-8">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-gold-400/15 text-gold-300">
          <CrownIcon size={26} />
        </span>
        <div className="flex-1">
          <h2 id="subscribe-promo" className="font-display text-xl font-bold md:text-2xl">
            {t('title')}
          </h2>
          <p className="mt-1 text-sm text-fg-muted">{t('body')}</p>
        </div>
        <Link href={subscriptionHref()} className={buttonClass('vip')}>
          <CrownIcon size={18} /> {t('cta')}
        </Link>
      </div>
    </section>
  );
}
