import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { publicEnv } from '@/lib/env';
import { pageMetadata } from '@/lib/page-metadata';
import { fullEpisodesHref } from '@/lib/routes';
import { truncate } from '@/lib/format';
import { FullEpisodes } from '@/components/movie/FullEpisodes';
import { countEpisodes } from '@/components/movie/episode-labels';
import { loadTitleBySlug } from './load-title';
import { enterLocale, type LocaleParams } from '@/i18n/server';

type Props = { params: Promise<LocaleParams & { slug: string }> };

/** Cached like the detail page: rendered on the first visit, then re-rendered in the background (ISR). */
export const revalidate = 300;
export const dynamicParams = true;
export function generateStaticParams(): { slug: string }[] {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await enterLocale(params);
  const title = await loadTitleBySlug((await params).slug);
  if (!title) return {};
  const t = await getTranslations({ locale, namespace: 'pages.fullEpisodes' });
  return pageMetadata({
    locale,
    path: fullEpisodesHref(title),
    title: t('metaTitle', { name: title.name, brand: publicEnv.NEXT_PUBLIC_BRAND_NAME }),
    description: truncate(t('metaDescription', { count: countEpisodes(title.episodes), name: title.name, description: title.description }), 157),
    image: title.thumbnail,
  });
}

export default async function FullEpisodesPage({ params }: Props) {
  await enterLocale(params);
  const title = await loadTitleBySlug((await params).slug);
  if (!title) notFound();
  return <FullEpisodes title={title} />;
}
