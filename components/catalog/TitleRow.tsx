import { useId } from 'react';
import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { TitleCard } from '@/lib/contracts/catalog';
import type { CardViews } from './card-view';
import { RowCards } from './RowCards';
import { RowScroller } from './RowScroller';
import styles from './TitleRow.module.css';

/**
 * A home row: heading, optional 'See all' link, and a horizontal scroll-snap list of posters (with previous/next
 * buttons for a mouse). `cards`: the card views of the page's rows (cardViewsOf), one record every row shares.
 * `eager`: the first row, near the top: its first posters load at once and it is rendered with the page; the others
 * are deferred.
 */
export function TitleRow({
  title,
  titles,
  cards,
  seeAllHref,
  eager = false,
}: {
  title: string;
  titles: TitleCard[];
  cards: CardViews;
  seeAllHref?: string;
  eager?: boolean;
}) {
  const headingId = useId();
  const t = useTranslations('catalog.row');
  if (titles.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={clsx(styles.row, !eager && styles.deferred)}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {seeAllHref ? (
          <Link href={seeAllHref} className={styles.seeAll}>
            {t.rich('seeAll', { title, sr: (chunks) => <span className="sr-only">{chunks}</span> })}
          </Link>
        ) : null}
      </div>
      <RowScroller label={title} className={clsx('row-scroller', styles.list)}>
        <RowCards ids={titles.map((t) => t._id)} cards={cards} eager={eager} />
      </RowScroller>
    </section>
  );
}
