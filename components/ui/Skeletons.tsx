import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { containerClass } from './styles';

/** Loading placeholders shaped like the content they stand in for (used by loading.tsx files). */

export function PosterSkeleton({ className }: { className?: string }) {
  return (
    <div className={className}>
      <div className="skeleton aspect-[9/16] rounded-xl" />
      <div className="skeleton mt-2 h-4 w-3/4 rounded" />
    </div>
  );
}

export function PosterGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <div className="grid grid-cols-2 gap-x-3 gap-y-6 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6">
      {Array.from({ length: count }, (_, i) => (
        <PosterSkeleton key={i} />
      ))}
    </div>
  );
}

export function HeadingSkeleton() {
  return (
    <div className="space-y-3 pb-8 pt-10">
      <div className="skeleton h-3 w-24 rounded" />
      <div className="skeleton h-10 w-72 max-w-full rounded-lg" />
      <div className="skeleton h-4 w-96 max-w-full rounded" />
    </div>
  );
}

/** A whole page: heading + poster grid. */
export function GridPageSkeleton({ label }: { label?: string }) {
  const t = useTranslations('common.loading');
  return (
    <div className={containerClass} role="status" aria-live="polite">
      <span className="sr-only">{t('withLabel', { label: label ?? t('generic') })}</span>
      <HeadingSkeleton />
      <PosterGridSkeleton />
    </div>
  );
}

export function DetailSkeleton() {
  const t = useTranslations('common.loading');
  return (
    <div className={clsx(containerClass, 'py-8')} role="status" aria-live="polite">
      <span className="sr-only">{t('title')}</span>
      <div className="skeleton mb-6 h-4 w-48 rounded" />
      <div className="grid gap-8 md:grid-cols-[280px_1fr]">
        <div className="skeleton mx-auto aspect-[9/16] w-56 rounded-2xl md:w-full" />
        <div className="space-y-4">
          <div className="skeleton h-10 w-2/3 rounded-lg" />
          <div className="skeleton h-4 w-1/3 rounded" />
          <div className="skeleton h-24 w-full rounded-lg" />
          <div className="skeleton h-12 w-40 rounded-full" />
        </div>
      </div>
    </div>
  );
}

export function CardListSkeleton({ count = 6 }: { count?: number }) {
  const t = useTranslations('common.loading');
  return (
    <div className={containerClass} role="status" aria-live="polite">
      <span className="sr-only">{t('more')}</span>
      <HeadingSkeleton />
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="skeleton h-48 rounded-2xl" />
        ))}
      </div>
    </div>
  );
}
