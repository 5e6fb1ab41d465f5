import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { publicEnv } from '@/lib/env';
import { pageTitleMetadata } from '@/lib/page-titles';
import { SubscriptionStatus } from '@/components/subscription/SubscriptionStatus';
import { SubscriptionDialogOpener } from '@/components/subscription/SubscriptionDialogOpener';
import { CrownIcon, FilmIcon, LockIcon, PlayIcon, SparkIcon } from '@/components/ui/icons';
import { containerClass } from '@/components/ui/styles';
import { PageMessages } from '@/components/layout/PageMessages';
import { enterLocale, type LocaleParams } from '@/i18n/server';

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  return pageTitleMetadata('/subscription', await enterLocale(params));
}

/** The three VIP features of spec §2 (Subscription dialog). */
const BENEFITS = [
  { icon: FilmIcon, key: 'unlimited' },
  { icon: SparkIcon, key: 'hd' },
  { icon: PlayIcon, key: 'adFree' },
] as const;

const STEPS = ['plan', 'pay', 'watch'] as const;

/** The comparison table's rows: what the Free Plan and VIP each include. */
const COMPARE = [
  { key: 'trailers', free: true },
  { key: 'episodes', free: false },
  { key: 'movies', free: false },
  { key: 'hd', free: false },
  { key: 'adFree', free: false },
] as const;

export default async function SubscriptionPage({ params }: { params: Promise<LocaleParams> }) {
  const locale = await enterLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages.subscription' });
  const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;
  return (
    <div className={containerClass}>
      <section aria-labelledby="vip-heading" className="relative overflow-hidden rounded-3xl border border-gold-400/20 bg-gradient-to-br from-gold-900/50 via-ink-900 to-kilig-800/40 px-6 py-10 mt-6 md:mt-10 md:px-12 md:py-14">
        <CrownIcon size={220} className="pointer-events-none absolute -right-10 -top-10 text-gold-400/10" />
        <p className="inline-flex items-center gap-2 rounded-full bg-gold-400/15 px-3 py-1 text-xs font-semibold uppercase tracking-[0.18em] text-gold-300">
          <CrownIcon size={14} /> {brand} VIP
        </p>
        <h1 id="vip-heading" className="mt-4 max-w-3xl text-balance font-display text-3xl font-bold leading-tight md:text-5xl">
          {t('title')}
        </h1>
        <p className="mt-4 max-w-2xl leading-relaxed text-fg-muted">
          {t('intro', { brand })}
        </p>
      </section>

      <div className="mt-6">
        <PageMessages locale={locale} route="/subscription">
          <SubscriptionStatus />
        </PageMessages>
        <SubscriptionDialogOpener />
      </div>

      <section aria-labelledby="benefits-heading" className="mt-12">
        <h2 id="benefits-heading" className="text-xl font-semibold tracking-tight md:text-2xl">
          {t('benefitsTitle')}
        </h2>
        <ul className="mt-5 grid gap-4 md:grid-cols-3">
          {BENEFITS.map(({ icon: Icon, key }) => (
            <li
              key={key}
              className="rounded-2xl border border-white/5 bg-ink-900/70 p-6 transition duration-300 hover:-translate-y-0.5 hover:border-gold-400/30 motion-reduce:hover:translate-y-0"
            >
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-gold-400/15 text-gold-300">
                <Icon size={22} />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{t(`benefits.${key}.title`)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-fg-muted">{t(`benefits.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how-heading" className="mt-12 grid gap-8 md:grid-cols-[1fr_1.2fr]">
        <div>
          <h2 id="how-heading" className="text-xl font-semibold tracking-tight md:text-2xl">
            {t('howTitle')}
          </h2>
          <ol className="mt-5 space-y-4">
            {STEPS.map((step, i) => (
              <li key={step} className="flex gap-4">
                <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-kilig-600 font-bold text-white">
                  {i + 1}
                </span>
                <div>
                  <h3 className="font-semibold">{t(`steps.${step}.title`)}</h3>
                  <p className="mt-0.5 text-sm text-fg-muted">{t(`steps.${step}.text`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
        <div className="rounded-2xl border border-white/5 bg-ink-900/70 p-6">
          <h2 className="text-lg font-semibold">{t('compare.title')}</h2>
          <table className="mt-4 w-full text-left text-sm">
            <caption className="sr-only">{t('compare.caption')}</caption>
            <thead>
              <tr className="border-b border-white/10 text-fg-subtle">
                <th scope="col" className="py-2 font-medium">{t('compare.feature')}</th>
                <th scope="col" className="py-2 text-center font-medium">{t('compare.free')}</th>
                <th scope="col" className="py-2 text-center font-medium text-gold-300">{t('compare.vip')}</th>
              </tr>
            </thead>
            <tbody className="text-fg-muted">
              {COMPARE.map(({ key, free }) => (
                <tr key={key} className="border-b border-white/5">
                  <th scope="row" className="py-2.5 font-normal text-fg">{t(`compare.rows.${key}`)}</th>
                  <td className="py-2.5 text-center">{free ? t('compare.yes') : t('compare.no')}</td>
                  <td className="py-2.5 text-center font-semibold text-gold-300">{t('compare.yes')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-4 flex items-center gap-2 text-xs text-fg-subtle">
            <LockIcon size={14} /> {t('secure')}
          </p>
        </div>
      </section>
    </div>
  );
}
