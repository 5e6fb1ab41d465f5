import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { publicEnv } from '@/lib/public-env';
import { genresHref, subscriptionHref } from '@/lib/routes';
import { buttonClass } from '@/components/ui/styles';

/** Shown in place of the carousel when no banner is active. */
export function BrandHero() {
  const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;
  const t = useTranslations('home.hero');
  return (
    <section className="relative overflow-hidden border-b border-white/5 bg-gradient-to-br from-kilig-800/50 via-ink-900 to-ink-950 md:-mt-16">
      <div className="mx-auto max-w-[1600px] px-4 pb-14 pt-14 md:px-8 md:pb-20 md:pt-36">
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-kilig-300">{t('eyebrow')}</p>
        <h2 className="mt-3 max-w-2xl text-balance font-display text-4xl font-bold leading-tight md:text-6xl">
          {t('title')}
        </h2>
        <p className="mt-4 max-w-xl text-fg-muted">
          {t('body', { brand })}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link href={genresHref()} className={buttonClass('primary')}>
            {t('browse')}
          </Link>
          <Link href={subscriptionHref()} className={buttonClass('vip')}>
            {t('vip')}
          </Link>
        </div>
      </div>
    </section>
  );
}
