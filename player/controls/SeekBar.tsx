'use client';

import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { spokenDuration, type DurationWords } from '../format-time';

type Props = {
  currentTime: number;
  duration: number;
  onSeek: (time: number) => void;
  /** The layout's sizing (full width under the desktop buttons, or the rest of the mobile bar). */
  className?: string;
};

/**
 * The seek bar: a native range, so keyboards and screen readers get its arrows and value for free; the value is read
 * out as words ('1 minute 5 seconds of 2 minutes'). Disabled until the duration is known, so it never seeks in the
 * dark; the position is clamped to the duration because a live `currentTime` may run a little past it.
 */
export function SeekBar({ currentTime, duration, onSeek, className }: Props) {
  const t = useTranslations('player');
  const words: DurationWords = {
    minutes: (count) => t('duration.minutes', { count }),
    seconds: (count) => t('duration.seconds', { count }),
    both: (minutes, seconds) => t('duration.both', { minutes, seconds }),
  };
  return (
    <input
      type="range"
      min={0}
      max={duration || 0}
      step={0.1}
      value={Math.min(currentTime, duration || 0)}
      onChange={(e) => onSeek(Number(e.target.value))}
      aria-label={t('controls.seek')}
      aria-valuetext={t('controls.seekValue', { current: spokenDuration(currentTime, words), total: spokenDuration(duration, words) })}
      className={clsx('h-1.5 accent-kilig-500', className)}
      disabled={!duration}
    />
  );
}
