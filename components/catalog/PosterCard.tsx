'use client';

import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import type { CardView } from '@/lib/contracts/catalog';
import { imageSrcSet } from '@/lib/images';
import { movieHref } from '@/lib/routes';
import { FilmIcon } from '@/components/ui/icons';
import { episodeCountLabel } from './labels';
import { IntentLink } from './IntentLink';
import { LinkPending } from './LinkPending';
import { MyListButton } from './MyListButton';
import styles from './PosterCard.module.css';

/** A row's card width (TitleRow.module.css): 8.25rem on phones, at most 12rem from 40rem up. */
const ROW_SIZES = '(min-width: 40rem) 12rem, 8.25rem';

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
  priority = false,
  sizes = ROW_SIZES,
  headingLevel = 'h3',
  className,
  listButton = true,
}: {
  title: CardView;
  eager?: boolean;
  /** The page's largest paint (the first card of a grid on a phone): fetched first, before the other images. */
  priority?: boolean;
  /** The poster's width in the layout, for the srcset (a grid's columns are wider than a row's cards on phones). */
  sizes?: string;
  headingLevel?: 'h2' | 'h3' | 'p';
  className?: string;
  listButton?: boolean;
}) {
  const Heading = headingLevel;
  const t = useTranslations('catalog');
  const tc = useTranslations('common');
  const srcSet = imageSrcSet(title.thumbnail);
  return (
    <div className={clsx(styles.card, className)}>
      <IntentLink href={movieHref(title)}>
        <div className={styles.poster}>
          {title.thumbnail ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img
              src={title.thumbnail}
              srcSet={srcSet}
              sizes={srcSet && sizes}
              alt={t('posterAlt', { name: title.name })}
              width={270}
              height={480}
              loading={eager || priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : undefined}
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
      </IntentLink>
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
