'use client';

import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsInMyList, selectIsTogglingList } from '@/store/movies/selectors';
import { toggleMyList } from '@/store/movies/thunks';
import type { ListTitle } from '@/store/movies/slice';
import { useMyListSync } from '@/components/library/use-my-list';
import { CheckIcon, ListIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';
import styles from './MyListButton.module.css';

/**
 * 'Add To My List' / 'Remove from My List' (spec §2, §4). The flag comes from the store, so every card, row, search
 * result and detail page showing this title flips together; guests get 'Please login first' and the login dialog.
 * `variant="icon"`: the round button on poster cards.
 */
export function MyListButton({
  title,
  initialInList = false,
  variant = 'button',
  className,
}: {
  title: ListTitle;
  /** What the server said (API answers carry isAddedToList); cached pages pass nothing. */
  initialInList?: boolean;
  variant?: 'button' | 'icon';
  className?: string;
}) {
  useMyListSync();
  const t = useTranslations('catalog.myList');
  const dispatch = useAppDispatch();
  // Both flags from one subscription (bit 1: in the list, bit 2: a toggle under way), as useMyListSync's: one per card.
  const flags = useAppSelector((s) => (selectIsInMyList(s, title._id, initialInList) ? 1 : 0) | (selectIsTogglingList(s, title._id) ? 2 : 0));
  const inList = (flags & 1) !== 0;
  const busy = (flags & 2) !== 0;
  const label = inList ? t('remove') : t('add');
  const onClick = () => void dispatch(toggleMyList(title));

  // The icon variant's plus or tick is drawn by its CSS (from data-in-list): it is on every poster card, ~65 on home,
  // and an inline icon cost each card ~230 bytes of HTML.
  if (variant === 'icon') {
    return (
      <button
        type="button"
        onClick={onClick}
        aria-busy={busy || undefined}
        aria-label={t('iconLabel', { action: label, name: title.name })}
        data-in-list={inList}
        title={label}
        className={clsx(styles.icon, className)}
      />
    );
  }
  return (
    <button
      type="button"
      onClick={onClick}
      aria-busy={busy || undefined}
      className={buttonClass('secondary', 'lg', clsx(busy && 'opacity-70', className))}
    >
      {inList ? <CheckIcon size={20} /> : <ListIcon size={20} />}
      {label}
    </button>
  );
}
