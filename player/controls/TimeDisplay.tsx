'use client';

import clsx from 'clsx';
import { formatClock } from '../format-time';

/** 'm:ss / m:ss' for the eye; hidden from screen readers, which hear the seek bar's value instead. */
export function TimeDisplay({ currentTime, duration, className }: { currentTime: number; duration: number; className?: string }) {
  return (
    <span className={clsx('text-xs tabular-nums text-white/85', className)} aria-hidden>
      {formatClock(currentTime)} / {formatClock(duration)}
    </span>
  );
}
