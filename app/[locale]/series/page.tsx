import type { Metadata } from 'next';
import { connection } from 'next/server';
import { listTitles } from '@/lib/server/cache';
import { pageMetadata } from '@/lib/page-metadata';
import { MOVIE_TYPE } from '@/lib/constants';
import { seriesHref } from '@/lib/routes';
import { PosterGrid } from '@/components/catalog/PosterGrid';
import { Pagination } from '@/components/catalog/Pagination';
import { pageParam, type SearchParamValue } from '@/lib/search-params';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeading } from '@/components/ui/PageHeading';
import { containerClass } from '@/components/ui/styles';
import { enterLocale, type LocaleParams } from '@/i18n/server';

const PAGE_SIZE = 30;

type Props = { params: Promise<LocaleParams>; searchParams: Promise<Record<string, SearchParamValue>> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const locale = await enterLocale(params);
  const page = pageParam((await searchParams).page);
  return pageMetadata({
    locale,
    path: seriesHref(page),
    description: `Binge-worthy series: multi-episode vertical dramas you can finish in an evening${page > 1 ? `, page ${page}` : ''}.`,
  });
}

export default async function SeriesPage({ params, searchParams }: Props) {
  await enterLocale(params);
  await connection();
  const page = pageParam((await searchParams).page);
  const { items, total } = await listTitles({
    type: MOVIE_TYPE.SERIES,
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  });
  return (
    <div className={containerClass}>
      <PageHeading eyebrow="Series" title="Binge-worthy series">
        Multi-episode dramas you can finish in an evening, one vertical episode at a time.
      </PageHeading>
      {items.length > 0 ? (
        <>
          <p className="mb-5 text-sm text-fg-muted">{total === 1 ? '1 series' : `${total} series`}</p>
          <PosterGrid titles={items} />
          <Pagination page={page} pageCount={Math.ceil(total / PAGE_SIZE)} hrefFor={seriesHref} />
        </>
      ) : (
        <EmptyState title="No series yet">New series are on their way. Check back soon.</EmptyState>
      )}
    </div>
  );
}
