'use client';

import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';

/** Within this many pixels of an end counts as at it (snap points and sub-pixel widths). */
const END_SLACK_PX = 2;
/** The arrows show only with a fine pointer (their classes: `pointer-fine:md:inline-flex`). */
const FINE_POINTER = '(pointer: fine)';

/**
 * A row's horizontal list with previous/next buttons for a mouse (a wheel only scrolls down the page): each scrolls by
 * the visible width. They show while the pointer is over the row or focus is in it, only with a fine pointer (touch
 * screens swipe), and each is gone at its end of the row. `label`: the row's title, for the buttons' names.
 *
 * Measured only where the arrows can show (a fine pointer; a phone never measures), and never while the page hydrates:
 * a ResizeObserver reports the list's size right after the browser's next layout, so the widths are read from a clean
 * layout. Reading them in the effect forced a layout per row (home has about ten), each after the row before had
 * added its arrow: 80 ms of a phone's main thread at Lighthouse's slowdown.
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
    const atStart = list.scrollLeft <= padStart + END_SLACK_PX;
    const atEnd = list.scrollLeft + list.clientWidth >= list.scrollWidth - padEnd - END_SLACK_PX;
    // The same ends again (a scroll within the row, a resize): no render.
    setEnds((was) => (was.atStart === atStart && was.atEnd === atEnd ? was : { atStart, atEnd }));
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    let measuring = false;
    let resized: ResizeObserver | null = null;
    const start = () => {
      if (measuring) return;
      measuring = true;
      list.addEventListener('scroll', measure, { passive: true });
      if (typeof ResizeObserver === 'function') {
        resized = new ResizeObserver(measure);
        resized.observe(list); // reports the size once at once, after layout
      } else measure();
    };
    const pointer = typeof window.matchMedia === 'function' ? window.matchMedia(FINE_POINTER) : null;
    const onPointer = () => {
      if (pointer?.matches) start();
    };
    if (!pointer || pointer.matches) start();
    else pointer.addEventListener('change', onPointer);
    return () => {
      pointer?.removeEventListener('change', onPointer);
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
