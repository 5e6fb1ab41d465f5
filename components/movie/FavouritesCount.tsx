'use client';

import { useTranslations } from 'next-intl';
import { useAppSelector } from '@/store/hooks';
import { selectTotalAddedToList } from '@/store/movies/selectors';
import { HeartIcon } from '@/components/ui/icons';

/** The favourites count (totalAddedToList): the cached page's number until a toggle or a like answers a newer one. */
export function FavouritesCount({ titleId, initial }: { titleId: string; initial: number }) {
  const t = useTranslations('movie');
  const count = useAppSelector((s) => selectTotalAddedToList(s, titleId, initial));
  return (
    <span className="inline-flex items-center gap-1.5" data-testid="favourites-count">
      <HeartIcon size={16} className="text-kilig-400" />
      {t('favourites', { count })}
    </span>
  );
}
