import { describe, expect, it, vi } from 'vitest';
import { createTapRecognizer, sideOf } from './taps';

function setup() {
  vi.useFakeTimers();
  const onSingleTap = vi.fn();
  const onDoubleTap = vi.fn();
  const r = createTapRecognizer({ onSingleTap, onDoubleTap });
  let now = 1000;
  const tap = (gap: number, side: 'left' | 'right') => {
    now += gap;
    vi.advanceTimersByTime(gap);
    r.tap(now, side);
  };
  return { r, tap, onSingleTap, onDoubleTap };
}

describe('double tap (spec §5)', () => {
  it('two taps 100–300 ms apart skip on the side of the tap, and no single tap fires', () => {
    for (const [gap, side] of [[100, 'left'], [200, 'right'], [290, 'left']] as const) {
      const { tap, onSingleTap, onDoubleTap } = setup();
      tap(0, side);
      tap(gap, side);
      vi.advanceTimersByTime(1000);
      expect(onDoubleTap).toHaveBeenCalledExactlyOnceWith(side);
      expect(onSingleTap).not.toHaveBeenCalled();
      vi.useRealTimers();
    }
  });

  it('a single tap toggles play only after 300 ms', () => {
    const { tap, onSingleTap, onDoubleTap } = setup();
    tap(0, 'right');
    vi.advanceTimersByTime(299);
    expect(onSingleTap).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onSingleTap).toHaveBeenCalledTimes(1);
    expect(onDoubleTap).not.toHaveBeenCalled();
    vi.useRealTimers();
  });

  it('taps over 300 ms apart are two single taps', () => {
    const { tap, onSingleTap, onDoubleTap } = setup();
    tap(0, 'left');
    tap(350, 'left');
    vi.advanceTimersByTime(300);
    expect(onSingleTap).toHaveBeenCalledTimes(2);
    expect(onDoubleTap).not.toHaveBeenCalled();
    vi.useRealTimers();
  });

  it('a second tap under 100 ms is a bounce: ignored, the first still counts as a single tap', () => {
    const { tap, onSingleTap, onDoubleTap } = setup();
    tap(0, 'left');
    tap(50, 'left');
    vi.advanceTimersByTime(300);
    expect(onDoubleTap).not.toHaveBeenCalled();
    expect(onSingleTap).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('dispose cancels a pending single tap', () => {
    const { r, tap, onSingleTap } = setup();
    tap(0, 'left');
    r.dispose();
    vi.advanceTimersByTime(1000);
    expect(onSingleTap).not.toHaveBeenCalled();
    vi.useRealTimers();
  });

  it('the left half is left, the right half right', () => {
    expect(sideOf(10, { left: 0, width: 390 })).toBe('left');
    expect(sideOf(194, { left: 0, width: 390 })).toBe('left');
    expect(sideOf(196, { left: 0, width: 390 })).toBe('right');
    expect(sideOf(250, { left: 100, width: 390 })).toBe('left');
  });
});
