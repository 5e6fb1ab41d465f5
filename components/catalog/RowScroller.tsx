'use client';

import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';

/** Within this many pixels of an end counts as at it (snap points and sub-pixel widths). */
const END_SLACK_PX = 2;

/**
 * A row's horizontal list with previous/next buttons for a mouse (a wheel only scrolls down the page): each scrolls by
 * the visible width. They show while the pointer is over the row or focus is in it, only with a fine pointer (touch
 * screens swipe), and each is gone at its end of the row. `label`: the row's title, for the buttons' names.
 */
export function RowScroller({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const t = useTranslations('catalog.row');
  const listRef = useRef<HTMLUListElement>(null);
  const [ends, setEnds] = useState({ atStart: true, atEnd: true });

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    // The list's own side padding counts as its ends: snapping (to the first poster less the scroll padding) leaves
    // a row at rest a few pixels into it.
    const style = window.getComputedStyle(list);
    const padStart = parseFloat(style.paddingLeft) || 0;
    const padEnd = parseFloat(style.paddingRight) || 0;
    setEnds({
      atStart: list.scrollLeft <= padStart + END_SLACK_PX,
      atEnd: list.scrollLeft + list.clientWidth >= list.scrollWidth - padEnd - END_SLACK_PX,
    });
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    measure();
    list.addEventListener('scroll', measure, { passive: true });
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    resized?.observe(list);
    return () => {
      list.removeEventListener('scroll', measure);
      resized?.disconnect();
    };
  }, [measure]);

  const page = (direction: 1 | -1) => {
    const list = listRef.current;
    if (!list) return;
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    list.scrollBy({ left: direction * list.clientWidth, behavior: smooth ? 'smooth' : 'auto' });
  };

  const arrow = (direction: 1 | -1) => (
    <button
      type="button"
      aria-label={direction === 1 ? t('next', { label }) : t('previous', { label })}
      data-testid={direction === 1 ? 'row-next' : 'row-previous'}
      onClick={() => page(direction)}
      className={clsx(
        'absolute top-1/2 z-10 hidden size-11 -translate-y-1/2 items-center justify-center rounded-full border border-white/15 bg-ink-950/85 text-white shadow-card backdrop-blur transition-opacity duration-200 hover:bg-ink-800 pointer-fine:md:inline-flex',
        'opacity-0 focus-visible:opacity-100 group-hover/row:opacity-100 group-focus-within/row:opacity-100',
        direction === 1 ? 'right-2' : 'left-2',
      )}
    >
      {direction === 1 ? <ChevronRightIcon size={22} /> : <ChevronLeftIcon size={22} />}
    </button>
  );

  return (
    <div className="group/row relative" data-testid="title-row">
      <ul ref={listRef} className={className}>
        {children}
      </ul>
      {ends.atStart ? null : arrow(-1)}
      {ends.atEnd ? null : arrow(1)}
    </div>
  );
}
