'use client';

import { useEffect, useRef, type RefObject } from 'react';
import { SWIPE } from '@/player/constants';

export type SwipeDirection = 'up' | 'down';

/**
 * A vertical swipe: one finger, mostly vertical, far and quick enough (constants.ts SWIPE). Taps and double taps
 * (player/controls/taps.ts) barely move, so they are never swipes; a click the browser might still send after a swipe is
 * swallowed, so a swipe never also toggles play.
 */
export function swipeOf(start: { x: number; y: number; at: number }, end: { x: number; y: number; at: number }): SwipeDirection | null {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dy) < SWIPE.minDistancePx || Math.abs(dy) < SWIPE.dominance * Math.abs(dx) || end.at - start.at > SWIPE.maxDurationMs) return null;
  return dy < 0 ? 'up' : 'down';
}

/** Calls `onSwipe` for vertical swipes on the element (touch screens); `enabled` false ignores them. */
export function useVerticalSwipe(ref: RefObject<HTMLElement | null>, onSwipe: (direction: SwipeDirection) => void, enabled: boolean) {
  const handler = useRef(onSwipe);
  useEffect(() => {
    handler.current = onSwipe;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    let start: { x: number; y: number; at: number } | null = null;
    let swipedAt = -Infinity;
    const onStart = (e: TouchEvent) => {
      start = e.touches.length === 1 ? { x: e.touches[0].clientX, y: e.touches[0].clientY, at: e.timeStamp } : null;
    };
    const onEnd = (e: TouchEvent) => {
      const t = e.changedTouches[0];
      if (!start || !t) return;
      const direction = swipeOf(start, { x: t.clientX, y: t.clientY, at: e.timeStamp });
      start = null;
      if (!direction) return;
      swipedAt = e.timeStamp;
      handler.current(direction);
    };
    const onCancel = () => {
      start = null;
    };
    const onClick = (e: MouseEvent) => {
      if (e.timeStamp - swipedAt < SWIPE.clickGuardMs) {
        e.stopPropagation();
        e.preventDefault();
      }
    };
    el.addEventListener('touchstart', onStart, { passive: true });
    el.addEventListener('touchend', onEnd, { passive: true });
    el.addEventListener('touchcancel', onCancel, { passive: true });
    el.addEventListener('click', onClick, true);
    return () => {
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onCancel);
      el.removeEventListener('click', onClick, true);
    };
  }, [ref, enabled]);
}
