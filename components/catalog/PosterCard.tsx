'use client';

import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { CardView } from '@/lib/contracts/catalog';
import { movieHref } from '@/lib/routes';
import { FilmIcon } from '@/components/ui/icons';
import { episodeCountLabel } from './labels';
import { LinkPending } from './LinkPending';
import { MyListButton } from './MyListButton';
import styles from './PosterCard.module.css';

/**
 * A 9:16 poster card → the title's detail page: name, PREMIUM badge, episode count, and the my-list toggle over the
 * poster's corner (a sibling of the link, never inside it).
 *
 * A client component on purpose, though only its toggle is interactive: the RSC payload carries a server component's
 * whole rendered tree (every element, class name and text, a second time after the HTML), but a client component's
 * props only. Home renders ~65 cards, so a card costs the payload its CardView (~200 bytes) instead of its markup
 * (~1.5 kB). Callers pass toCardView(title), never a whole record. The badge is drawn by the module's CSS (crown
 * included) rather than by PremiumBadge's utility classes and inline icon, which each card's HTML repeated.
 */
export function PosterCard({
  title,
  eager = false,
  headingLevel = 'h3',
  className,
  listButton = true,
}: {
  title: CardView;
  eager?: boolean;
  headingLevel?: 'h2' | 'h3' | 'p';
  className?: string;
  listButton?: boolean;
}) {
  const Heading = headingLevel;
  const t = useTranslations('catalog');
  const tc = useTranslations('common');
  return (
    <div className={clsx(styles.card, className)}>
      <Link href={movieHref(title)}>
        <div className={styles.poster}>
          {title.thumbnail ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img
              src={title.thumbnail}
              alt={t('posterAlt', { name: title.name })}
              width={270}
              height={480}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
            />
          ) : (
            <FilmIcon size={36} className={styles.placeholder} />
          )}
          {title.isPremium ? <span className={styles.badge}>{tc('premium')}</span> : null}
          <span className={styles.count}>{episodeCountLabel(tc, title.totalEpisodes)}</span>
          <LinkPending />
        </div>
        <Heading>{title.name}</Heading>
      </Link>
      {listButton ? (
        <MyListButton
          variant="icon"
          title={{ _id: title._id, name: title.name, thumbnail: title.thumbnail, type: title.type, totalEpisodes: title.totalEpisodes }}
          className={styles.listButton}
        />
      ) : null}
    </div>
  );
}
