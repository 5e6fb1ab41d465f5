import { DOUBLE_TAP_MAX_MS, DOUBLE_TAP_MIN_MS, SINGLE_TAP_DELAY_MS } from '../constants';

export type TapSide = 'left' | 'right';

export type TapHandlers = {
  /** A lone tap, 300 ms after it happened: toggle play/pause. */
  onSingleTap: () => void;
  /** Two taps 100–300 ms apart: skip on the side of the second tap. */
  onDoubleTap: (side: TapSide) => void;
};

type Clock = { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (id: unknown) => void };

const realClock: Clock = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

/**
 * Spec §5 double tap: two taps 100 to 300 ms apart skip (left half back, right half forward); a single tap toggles
 * play/pause after a 300 ms delay. A second tap under 100 ms after the first is a bounce and ignored.
 */
export function createTapRecognizer(handlers: TapHandlers, clock: Clock = realClock) {
  let lastTapAt: number | null = null;
  let pending: unknown = null;

  const cancelPending = () => {
    if (pending !== null) clock.clearTimeout(pending);
    pending = null;
  };

  return {
    /** `at` in milliseconds (event.timeStamp); `side` from the tap's x against the overlay's middle. */
    tap(at: number, side: TapSide) {
      if (lastTapAt !== null && pending !== null) {
        const gap = at - lastTapAt;
        if (gap < DOUBLE_TAP_MIN_MS) return;
        if (gap <= DOUBLE_TAP_MAX_MS) {
          cancelPending();
          lastTapAt = null;
          handlers.onDoubleTap(side);
          return;
        }
      }
      cancelPending();
      lastTapAt = at;
      pending = clock.setTimeout(() => {
        pending = null;
        lastTapAt = null;
        handlers.onSingleTap();
      }, SINGLE_TAP_DELAY_MS);
    },
    dispose() {
      cancelPending();
      lastTapAt = null;
    },
  };
}

export function sideOf(clientX: number, rect: { left: number; width: number }): TapSide {
  return clientX - rect.left < rect.width / 2 ? 'left' : 'right';
}
