import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { searchTitles } from '@/lib/server/cache';
import { pageMetadata } from '@/lib/page-metadata';
import { genresHref, searchHref } from '@/lib/routes';
import { PosterGrid } from '@/components/catalog/PosterGrid';
import type { SearchParamValue } from '@/lib/search-params';
import { pageQueryText } from '@/lib/server/http/page-input';
import { SearchForm } from '@/components/layout/SearchForm';
import { EmptyState } from '@/components/ui/EmptyState';
import { SearchIcon } from '@/components/ui/icons';
import { buttonClass, containerClass } from '@/components/ui/styles';
import { enterLocale, type LocaleParams } from '@/i18n/server';
import { PageMessages } from '@/components/layout/PageMessages';

type Props = { params: Promise<LocaleParams>; searchParams: Promise<Record<string, SearchParamValue>> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const locale = await enterLocale(params);
  const keyword = pageQueryText((await searchParams).keyword);
  const t = await getTranslations({ locale, namespace: 'pages.search' });
  return pageMetadata({
    locale,
    path: keyword ? searchHref(keyword) : '/search',
    description: keyword ? t('description', { keyword }) : t('emptyDescription'),
    noindex: true,
  });
}

const RESULTS_LIMIT = 60;

/**
 * Rendered per query (the results come from a short in-process memo, lib/server/cache.ts). A keyword the search API
 * would refuse (a control character, past its length) is a 404 here: no loading boundary above, so that is the status.
 */
export default async function SearchPage({ params, searchParams }: Props) {
  const locale = await enterLocale(params);
  await connection();
  const t = await getTranslations({ locale, namespace: 'pages.search' });
  const keyword = pageQueryText((await searchParams).keyword);
  const { items, total } = keyword ? await searchTitles(keyword, { limit: RESULTS_LIMIT }) : { items: [], total: 0 };

  return (
    <PageMessages locale={locale} route="/search">
      <div className={containerClass}>
        <div className="pb-6 pt-8 md:pb-8 md:pt-12">
          <p className="mb-2 text-xs font-semibold uppercase tracking-[0.2em] text-kilig-300">{t('eyebrow')}</p>
          <h1 className="text-balance font-display text-3xl font-bold tracking-tight md:text-4xl">
            {keyword ? t('resultsFor', { keyword }) : t('title')}
          </h1>
          {keyword ? (
            <p className="mt-2 text-fg-muted" aria-live="polite">
              {t('results', { count: total })}
            </p>
          ) : null}
          <SearchForm key={keyword ?? ''} defaultValue={keyword ?? ''} size="lg" suggestions={false} label={t('searchAgain')} className="mt-5 max-w-xl" />
        </div>

        {!keyword ? (
          <EmptyState title={t('startTitle')} icon={<SearchIcon size={26} />}>
            {t('startText')}
          </EmptyState>
        ) : items.length === 0 ? (
          <EmptyState
            title={t('noResults', { keyword })}
            icon={<SearchIcon size={26} />}
            action={
              <Link href={genresHref()} className={buttonClass('secondary', 'sm')}>
                {t('browseAll')}
              </Link>
            }
          >
            {t('noResultsText')}
          </EmptyState>
        ) : (
          <PosterGrid titles={items} />
        )}
      </div>
    </PageMessages>
  );
}
