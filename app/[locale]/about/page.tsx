import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { publicEnv } from '@/lib/env';
import { MINIMUM_AGE } from '@/lib/constants';
import { pageMetadata } from '@/lib/page-metadata';
import { aboutHref, genresHref, subscriptionHref } from '@/lib/routes';
import { PageHeading } from '@/components/ui/PageHeading';
import { FilmIcon, HeartIcon, LockIcon, MailIcon, PinIcon, SparkIcon } from '@/components/ui/icons';
import { buttonClass, containerClass } from '@/components/ui/styles';
import { enterLocale, type LocaleParams } from '@/i18n/server';

const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const locale = await enterLocale(params);
  return pageMetadata({
    locale,
    path: aboutHref(),
    description: (await getTranslations({ locale, namespace: 'pages.about' }))('description', { brand, minimumAge: MINIMUM_AGE }),
  });
}

const PILLARS = [
  { icon: FilmIcon, key: 'phone' },
  { icon: HeartIcon, key: 'kilig' },
  { icon: LockIcon, key: 'safe' },
] as const;

export default async function AboutPage({ params }: { params: Promise<LocaleParams> }) {
  const locale = await enterLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages.about' });
  return (
    <div className={containerClass}>
      <PageHeading eyebrow={t('eyebrow', { brand })} title={t('title')}>
        <p>{t.rich('intro', { brand, em: (chunks) => <em>{chunks}</em> })}</p>
      </PageHeading>

      <ul className="grid gap-4 md:grid-cols-3">
        {PILLARS.map(({ icon: Icon, key }) => (
          <li key={key} className="rounded-2xl border border-white/5 bg-ink-900/70 p-6">
            <span className="inline-flex size-11 items-center justify-center rounded-xl bg-kilig-600/15 text-kilig-300">
              <Icon size={22} />
            </span>
            <h2 className="mt-4 text-lg font-semibold">{t(`pillars.${key}.title`)}</h2>
            <p className="mt-2 text-sm leading-relaxed text-fg-muted">{t(`pillars.${key}.text`)}</p>
          </li>
        ))}
      </ul>

      <section aria-labelledby="story" className="mt-14 grid gap-10 md:grid-cols-2">
        <div>
          <h2 id="story" className="font-display text-2xl font-bold md:text-3xl">
            {t('story.title')}
          </h2>
          <div className="mt-4 space-y-4 leading-relaxed text-fg-muted">
            <p>{t('story.started', { brand })}</p>
            <p>{t('story.free')}</p>
          </div>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link href={genresHref()} className={buttonClass('primary')}>
              {t('startWatching')}
            </Link>
            <Link href={subscriptionHref()} className={buttonClass('vip')}>
              <SparkIcon size={16} /> {t('goVip')}
            </Link>
          </div>
        </div>

        <div className="space-y-4">
          <section
            aria-labelledby="adults-only"
            className="rounded-2xl border border-kilig-400/25 bg-gradient-to-br from-kilig-800/40 to-ink-900 p-6"
          >
            <p className="inline-flex size-12 items-center justify-center rounded-full border-2 border-kilig-300 font-bold text-kilig-200">
              {MINIMUM_AGE}+
            </p>
            <h2 id="adults-only" className="mt-3 text-lg font-semibold">
              {t('adults.title')}
            </h2>
            <p className="mt-2 text-sm leading-relaxed text-fg-muted">{t('adults.text', { brand, minimumAge: MINIMUM_AGE })}</p>
          </section>

          <section aria-labelledby="contact" className="rounded-2xl border border-white/5 bg-ink-900/70 p-6">
            <h2 id="contact" className="text-lg font-semibold">
              {t('contact')}
            </h2>
            <ul className="mt-3 space-y-3 text-sm text-fg-muted">
              <li className="flex items-start gap-2">
                <MailIcon size={18} className="mt-0.5 shrink-0 text-kilig-300" />
                <a href={`mailto:${publicEnv.NEXT_PUBLIC_CONTACT_EMAIL}`} className="hover:text-fg hover:underline">
                  {publicEnv.NEXT_PUBLIC_CONTACT_EMAIL}
                </a>
              </li>
              <li className="flex items-start gap-2">
                <PinIcon size={18} className="mt-0.5 shrink-0 text-kilig-300" />
                <address className="not-italic">{publicEnv.NEXT_PUBLIC_POSTAL_ADDRESS}</address>
              </li>
            </ul>
          </section>
        </div>
      </section>
    </div>
  );
}
