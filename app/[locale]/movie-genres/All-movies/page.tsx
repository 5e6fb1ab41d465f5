import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { listGenres, listTitles } from '@/lib/server/cache';
import { pageMetadata } from '@/lib/page-metadata';
import { TAG_LABELS } from '@/lib/constants';
import { genresHref } from '@/lib/routes';
import { BrowseFilters } from '@/components/catalog/BrowseFilters';
import { PosterGrid } from '@/components/catalog/PosterGrid';
import { Pagination } from '@/components/catalog/Pagination';
import { pageParam, type SearchParamValue } from '@/lib/search-params';
import { pageQueryText } from '@/lib/server/http/page-input';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeading } from '@/components/ui/PageHeading';
import { buttonClass, containerClass } from '@/components/ui/styles';
import { enterLocale, type LocaleParams } from '@/i18n/server';
import { PageMessages } from '@/components/layout/PageMessages';

const PAGE_SIZE = 30;

type Props = { params: Promise<LocaleParams>; searchParams: Promise<Record<string, SearchParamValue>> };

/** The filters in the query: ?genre= (a slug or a name; unknown ones mean all), ?tag= (any case), ?page=. */
async function readFilters(searchParams: Props['searchParams']) {
  const params = await searchParams;
  const genres = await listGenres();
  const wanted = pageQueryText(params.genre);
  const genre = wanted
    ? (genres.find((g) => g.slug === wanted || g.name.toLowerCase() === wanted.toLowerCase()) ?? null)
    : null;
  const rawTag = pageQueryText(params.tag);
  // Spec §4 'Tag filter': no tag clears the filter; otherwise tag names match case-insensitively.
  const tag = rawTag ? (TAG_LABELS.find((l) => l.toLowerCase() === rawTag.toLowerCase()) ?? rawTag) : null;
  return { genres, genre, tag, page: pageParam(params.page) };
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const locale = await enterLocale(params);
  const { genre, tag, page } = await readFilters(searchParams);
  const what = [genre?.name, tag ? `#${tag}` : null].filter(Boolean).join(' ');
  const t = await getTranslations({ locale, namespace: 'pages.movieGenres' });
  const paging = { paged: page > 1 ? 'yes' : 'no', page };
  return pageMetadata({
    locale,
    path: genresHref({ genre: genre?.slug, tag, page }),
    description: what ? t('filteredDescription', { what, ...paging }) : t('description', paging),
  });
}

export default async function AllMoviesPage({ params, searchParams }: Props) {
  const locale = await enterLocale(params);
  await connection();
  const t = await getTranslations({ locale, namespace: 'pages.movieGenres' });
  const { genres, genre, tag, page } = await readFilters(searchParams);

  const { items, total } = await listTitles({
    genreSlug: genre?.slug,
    tag: tag ?? undefined,
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  });
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <PageMessages locale={locale} route="/movie-genres/All-movies">
      <div className={containerClass}>
        <PageHeading eyebrow={t('eyebrow')} title={genre ? genre.name : t('title')}>
          {t('intro')}
        </PageHeading>
        <BrowseFilters genres={genres} genre={genre?.slug ?? null} tag={tag} />
        <p className="mb-5 mt-6 text-sm text-fg-muted" aria-live="polite">
          {t('count', { count: total, hasTag: tag ? 'yes' : 'no', tag: tag ?? '', hasGenre: genre ? 'yes' : 'no', genre: genre?.name ?? '' })}
        </p>
        {items.length > 0 ? (
          <>
            <PosterGrid titles={items} />
            <Pagination
              page={page}
              pageCount={pageCount}
              hrefFor={(p) => genresHref({ genre: genre?.slug, tag, page: p })}
            />
          </>
        ) : (
          <EmptyState
            title={t('emptyTitle')}
            action={
              <Link href={genresHref()} className={buttonClass('secondary', 'sm')}>
                {t('clearFilters')}
              </Link>
            }
          >
            {t('emptyText')}
          </EmptyState>
        )}
      </div>
    </PageMessages>
  );
}
