import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { TitleCard } from '@/lib/contracts/catalog';
import { movieHref } from '@/lib/routes';
import { PremiumBadge } from '@/components/ui/PremiumBadge';
import { FilmIcon } from '@/components/ui/icons';
import { episodeCountLabel } from './labels';
import { LinkPending } from './LinkPending';
import { MyListButton } from './MyListButton';
import styles from './PosterCard.module.css';

/**
 * A 9:16 poster card → the title's detail page: name, PREMIUM badge, episode count, and the my-list toggle over the
 * poster's corner (a sibling of the link, never inside it).
 */
export function PosterCard({
  title,
  eager = false,
  headingLevel = 'h3',
  className,
  listButton = true,
}: {
  title: Pick<TitleCard, '_id' | 'name' | 'thumbnail' | 'isPremium' | 'totalEpisodes' | 'type'>;
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
      <Link href={movieHref(title)} className={styles.link}>
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
              className={styles.image}
            />
          ) : (
            <FilmIcon size={36} className={styles.placeholder} />
          )}
          <div className={styles.shade} />
          {title.isPremium ? <PremiumBadge className={styles.badge} /> : null}
          <span className={styles.count}>{episodeCountLabel(tc, title.totalEpisodes)}</span>
          <LinkPending />
        </div>
        <Heading className={styles.name}>{title.name}</Heading>
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
