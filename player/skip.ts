import { SKIP_BACK_MIN_TIME, SKIP_BACK_TO_START_WITHIN, SKIP_FORWARD_END_MARGIN, SKIP_FORWARD_IGNORE_WITHIN_END, SKIP_SECONDS } from './constants';

export type SkipDirection = 'back' | 'forward';

/**
 * Spec §5 skips. Back: under 3 s from the start jump to the start, else back 10 s but not before 1 s. Forward: ignored
 * within 2 s of the end, else forward 10 s but not past duration − 1 s. Null: ignore the skip.
 */
export function skipTarget(direction: SkipDirection, currentTime: number, duration: number): number | null {
  if (!Number.isFinite(currentTime) || currentTime < 0) return null;
  if (direction === 'back') {
    if (currentTime < SKIP_BACK_TO_START_WITHIN) return 0;
    return Math.max(SKIP_BACK_MIN_TIME, currentTime - SKIP_SECONDS);
  }
  if (!Number.isFinite(duration) || duration <= 0) return null;
  if (duration - currentTime <= SKIP_FORWARD_IGNORE_WITHIN_END) return null;
  return Math.min(currentTime + SKIP_SECONDS, duration - SKIP_FORWARD_END_MARGIN);
}
