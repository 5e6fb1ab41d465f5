import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { listArtists, listLatest } from '@/lib/server/cache';
import { pageMetadata } from '@/lib/page-metadata';
import { publicEnv } from '@/lib/env';
import { TAG_LABELS } from '@/lib/constants';
import { fandomHref, tagHref } from '@/lib/routes';
import { ArtistCard } from '@/components/artist/ArtistCard';
import { FeatureCard } from '@/components/fandom/FeatureCard';
import { ChipLink } from '@/components/ui/Chip';
import { PageHeading } from '@/components/ui/PageHeading';
import { containerClass } from '@/components/ui/styles';
import { enterLocale, type LocaleParams } from '@/i18n/server';

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const locale = await enterLocale(params);
  return pageMetadata({
    locale,
    path: fandomHref(),
    description: (await getTranslations({ locale, namespace: 'pages.fandom' }))('description'),
  });
}

const FAVOURITES = 6;
const SPOTLIGHT = 3;

export default async function FandomPage({ params }: { params: Promise<LocaleParams> }) {
  const locale = await enterLocale(params);
  await connection();
  const t = await getTranslations({ locale, namespace: 'pages.fandom' });
  const [titles, artists] = await Promise.all([listLatest({ limit: 100 }), listArtists()]);
  const favourites = [...titles].sort((a, b) => b.totalAddedToList - a.totalAddedToList).slice(0, FAVOURITES);
  const spotlight = [...artists].sort((a, b) => b.titles.length - a.titles.length).slice(0, SPOTLIGHT);
  const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;

  return (
    <div className={containerClass}>
      <PageHeading eyebrow={t('eyebrow', { brand })} title={t('title')}>
        {t('intro')}
      </PageHeading>

      <section aria-labelledby="fan-favourites" className="space-y-5">
        <h2 id="fan-favourites" className="text-xl font-semibold tracking-tight md:text-2xl">
          {t('favourites')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {favourites.map((title, i) => (
            <li key={title._id}>
              <FeatureCard title={title} kicker={i === 0 ? t('mostLoved') : t('onLists', { rank: i + 1 })} eager={i < 2} />
            </li>
          ))}
        </ul>
      </section>

      {spotlight.length > 0 ? (
        <section aria-labelledby="artist-spotlight" className="mt-14 space-y-5">
          <h2 id="artist-spotlight" className="text-xl font-semibold tracking-tight md:text-2xl">
            {t('spotlight')}
          </h2>
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {spotlight.map((artist) => (
              <li key={artist._id} className="flex min-w-0">
                <ArtistCard artist={artist} headingLevel="h3" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="moods" className="mt-14 space-y-4">
        <h2 id="moods" className="text-xl font-semibold tracking-tight md:text-2xl">
          {t('moods')}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {TAG_LABELS.map((tag) => (
            <li key={tag}>
              <ChipLink href={tagHref(tag)}>#{tag}</ChipLink>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
