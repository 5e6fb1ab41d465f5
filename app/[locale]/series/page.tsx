import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getTranslations } from 'next-intl/server';
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
import { PageMessages } from '@/components/layout/PageMessages';

const PAGE_SIZE = 30;

type Props = { params: Promise<LocaleParams>; searchParams: Promise<Record<string, SearchParamValue>> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const locale = await enterLocale(params);
  const page = pageParam((await searchParams).page);
  return pageMetadata({
    locale,
    path: seriesHref(page),
    description: (await getTranslations({ locale, namespace: 'pages.series' }))('description', { paged: page > 1 ? 'yes' : 'no', page }),
  });
}

export default async function SeriesPage({ params, searchParams }: Props) {
  const locale = await enterLocale(params);
  await connection();
  const t = await getTranslations({ locale, namespace: 'pages.series' });
  const page = pageParam((await searchParams).page);
  const { items, total } = await listTitles({
    type: MOVIE_TYPE.SERIES,
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  });
  return (
    <PageMessages locale={locale} route="/series">
      <div className={containerClass}>
        <PageHeading eyebrow={t('eyebrow')} title={t('title')}>
          {t('intro')}
        </PageHeading>
        {items.length > 0 ? (
          <>
            <p className="mb-5 text-sm text-fg-muted">{t('count', { count: total })}</p>
            <PosterGrid titles={items} />
            <Pagination page={page} pageCount={Math.ceil(total / PAGE_SIZE)} hrefFor={seriesHref} />
          </>
        ) : (
          <EmptyState title={t('emptyTitle')}>{t('emptyText')}</EmptyState>
        )}
      </div>
    </PageMessages>
  );
}
