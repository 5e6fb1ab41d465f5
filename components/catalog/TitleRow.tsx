import { useId } from 'react';
import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { TitleCard } from '@/lib/contracts/catalog';
import { ChevronRightIcon } from '@/components/ui/icons';
import { PosterCard } from './PosterCard';
import { RowScroller } from './RowScroller';

/** Rows below the first screen render when near (globals.css); the size guess: heading + one 9:16 poster + a two-line name. */
const deferredRowClass = 'render-when-near [contain-intrinsic-size:auto_21rem] md:[contain-intrinsic-size:auto_26rem] xl:[contain-intrinsic-size:auto_28rem]';

/**
 * A home row: heading, optional 'See all' link, and a horizontal scroll-snap list of posters (with previous/next
 * buttons for a mouse). `eager`: the first row,
 * near the top: its first posters load at once and it is rendered with the page; the others are deferred.
 */
export function TitleRow({
  title,
  titles,
  seeAllHref,
  eager = false,
}: {
  title: string;
  titles: TitleCard[];
  seeAllHref?: string;
  eager?: boolean;
}) {
  const headingId = useId();
  const t = useTranslations('catalog.row');
  if (titles.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={clsx('space-y-3', !eager && deferredRowClass)}>
      <div className="flex items-end justify-between gap-4 px-4 md:px-8">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight text-fg md:text-xl">
          {title}
        </h2>
        {seeAllHref ? (
          <Link
            href={seeAllHref}
            // At least 24 px tall (WCAG 2.5.8 target size): the line of small text alone is 20.
            className="inline-flex min-h-6 items-center gap-0.5 rounded-full text-sm font-medium text-kilig-300 hover:text-kilig-200"
          >
            {t.rich('seeAll', { title, sr: (chunks) => <span className="sr-only">{chunks}</span> })}
            <ChevronRightIcon size={16} />
          </Link>
        ) : null}
      </div>
      <RowScroller
        label={title}
        className="row-scroller auto-cols-[8.25rem] gap-3 px-4 pb-3 pt-1 sm:auto-cols-[9.5rem] md:auto-cols-[11rem] md:gap-4 md:px-8 xl:auto-cols-[12rem]"
      >
        {titles.map((t, i) => (
          <li key={t._id}>
            <PosterCard title={t} eager={eager && i < 6} />
          </li>
        ))}
      </RowScroller>
    </section>
  );
}
