import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';

/**
 * Previous / next page links; `hrefFor(page)` comes from lib/routes.ts. Not prefetched: they change only the query of
 * this page, and a prefetched route tree for such a URL let the router keep the page it had (see components/ui/Chip.tsx).
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  const t = useTranslations('catalog.pagination');
  if (pageCount <= 1) return null;
  const link = 'inline-flex h-10 items-center gap-1 rounded-full border border-white/10 px-4 text-sm font-medium';
  return (
    <nav aria-label={t('label')} className="mt-10 flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link href={hrefFor(page - 1)} prefetch={false} className={clsx(link, 'text-fg hover:bg-white/10')} rel="prev">
          <ChevronLeftIcon size={16} /> {t('previous')}
        </Link>
      ) : null}
      <span className="text-sm text-fg-muted" aria-current="page">
        {t('status', { page, count: pageCount })}
      </span>
      {page < pageCount ? (
        <Link href={hrefFor(page + 1)} prefetch={false} className={clsx(link, 'text-fg hover:bg-white/10')} rel="next">
          {t('next')} <ChevronRightIcon size={16} />
        </Link>
      ) : null}
    </nav>
  );
}
