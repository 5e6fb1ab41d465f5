'use client';

import { useEffect, useRef } from 'react';
import type { SkipDirection } from '../skip';
import { createTapRecognizer, sideOf } from './taps';

type Props = {
  onTogglePlay: () => void;
  onSkip: (direction: SkipDirection) => void;
};

/**
 * The mobile tap surface over the middle of the video: a double tap on the left half skips back, on the right half
 * forward; a single tap toggles play after 300 ms (spec §5). It leaves the top and bottom strips to the buttons.
 */
export function TapOverlay({ onTogglePlay, onSkip }: Props) {
  // The recognizer lives as long as the overlay; it calls the latest handlers, not the ones of its first render.
  const handlers = useRef({ onTogglePlay, onSkip });
  useEffect(() => {
    handlers.current = { onTogglePlay, onSkip };
  });
  const recognizer = useRef<ReturnType<typeof createTapRecognizer> | null>(null);
  useEffect(() => {
    const r = createTapRecognizer({
      onSingleTap: () => handlers.current.onTogglePlay(),
      onDoubleTap: (side) => handlers.current.onSkip(side === 'left' ? 'back' : 'forward'),
    });
    recognizer.current = r;
    return () => {
      r.dispose();
      recognizer.current = null;
    };
  }, []);

  return (
    // Taps, not clicks of a control: screen-reader and keyboard users have the play button of the bar.
    <div
      className="absolute inset-x-0 bottom-20 top-16 z-10 touch-manipulation select-none"
      data-testid="tap-overlay"
      aria-hidden
      onClick={(e) => recognizer.current?.tap(performance.now(), sideOf(e.clientX, e.currentTarget.getBoundingClientRect()))}
    />
  );
}
