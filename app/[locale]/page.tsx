import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/lib/page-metadata';
import { publicEnv } from '@/lib/env';
import { GENRE_GROUP_MOVIES, MINIMUM_AGE, MOVIE_TYPE } from '@/lib/constants';
import { homeHref } from '@/lib/routes';
import { listBanners, listLatest, listTitles, listTitlesGroupedByGenre } from '@/lib/server/cache';
import { HomeRows } from '@/components/home/HomeRows';
import { enterLocale, type LocaleParams } from '@/i18n/server';
import { PageMessages } from '@/components/layout/PageMessages';

const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;

const ROW_SIZE = 12;

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const locale = await enterLocale(params);
  const [banner] = await listBanners();
  return pageMetadata({
    locale,
    path: homeHref(),
    description: (await getTranslations({ locale, namespace: 'pages.home' }))('description', { brand, minimumAge: MINIMUM_AGE }),
    image: banner?.image,
  });
}

/** Cached and re-rendered in the background at most every 5 minutes: home is the same for everyone. */
export const revalidate = 300;

/**
 * Home. No loading boundary, on purpose (as the movie page): the page is served from the page cache, and a Suspense
 * boundary around its content makes React send the whole content as a hidden part that a script at the end of the
 * document moves into place, so the banner (the largest paint) waited for the full document and the framework's
 * scripts. Without one the banner is in the first paint. Only the very first, uncached render shows the browser's own
 * progress instead of a skeleton. A root loading.tsx would be worse still: it wraps every route and turns nested
 * pages' notFound() into a 200.
 */
export default async function HomePage({ params }: { params: Promise<LocaleParams> }) {
  const locale = await enterLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages.home' });
  const [banners, latest, movies, series, byGenre] = await Promise.all([
    listBanners(),
    listLatest({ limit: ROW_SIZE }),
    listTitles({ type: MOVIE_TYPE.MOVIE, limit: ROW_SIZE }),
    listTitles({ type: MOVIE_TYPE.SERIES, limit: ROW_SIZE }),
    listTitlesGroupedByGenre(GENRE_GROUP_MOVIES),
  ]);
  return (
    <PageMessages locale={locale} route="/">
      <h1 className="sr-only">{t('heading', { brand })}</h1>
      <HomeRows banners={banners} latest={latest} movies={movies.items} series={series.items} byGenre={byGenre} />
    </PageMessages>
  );
}
