import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { publicEnv } from '@/lib/env';
import { notFound } from 'next/navigation';
import { titleJsonLd, titleMetadata } from '@/lib/seo';
import { JsonLd } from '@/components/seo/JsonLd';
import { MovieDetail } from '@/components/movie/MovieDetail';
import { loadMoviePage, loadTitleBySlug } from './load-title';
import { enterLocale, type LocaleParams } from '@/i18n/server';
import { PageMessages } from '@/components/layout/PageMessages';

type Props = { params: Promise<LocaleParams & { slug: string }> };

/**
 * Incremental static regeneration: each title's page is rendered on its first visit, then served from the cache and
 * re-rendered in the background at most every 5 minutes, or on the next visit after a my-list toggle changed its
 * favourites count (lib/server/cache.ts). Nothing is rendered at build time (no database needed then).
 *
 * No loading.tsx in this segment, on purpose: a loading boundary makes React send the page as a hidden part that a
 * script moves into place, so without JavaScript (some crawlers, spec: 'content in its HTML') only the skeleton would
 * show. Served from the cache, and prefetched by the links to it, the page has no wait worth a skeleton; the first,
 * uncached render shows the browser's own progress. Errors still have error.tsx.
 */
export const revalidate = 300;
export const dynamicParams = true;
export function generateStaticParams(): { slug: string }[] {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await enterLocale(params);
  const title = await loadTitleBySlug((await params).slug);
  if (!title) return {};
  const t = await getTranslations({ locale, namespace: 'pages.title' });
  const words = { type: title.type === 1 ? 'movie' : 'series', name: title.name, brand: publicEnv.NEXT_PUBLIC_BRAND_NAME };
  return titleMetadata(title, locale, { title: t('metaTitle', words), fallbackDescription: t('metaDescription', words) });
}

export default async function MoviePage({ params }: Props) {
  const locale = await enterLocale(params);
  const data = await loadMoviePage((await params).slug);
  if (!data) notFound();
  const { title, genres, related } = data;
  return (
    <PageMessages locale={locale} route="/movie/[slug]">
      <JsonLd data={titleJsonLd(title)} />
      <MovieDetail title={title} genres={genres} related={related} />
    </PageMessages>
  );
}
