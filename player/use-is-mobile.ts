'use client';

import { useSyncExternalStore } from 'react';
import { NARROW_SCREEN_MAX_PX } from '@/lib/constants';

/** Narrow screens (under 769 px, spec §9) and touch-only devices get the mobile layout. */
const QUERY = `(max-width: ${NARROW_SCREEN_MAX_PX}px), (hover: none) and (pointer: coarse)`;

function subscribe(onChange: () => void): () => void {
  const mql = window.matchMedia(QUERY);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

/** Null while hydrating (the server cannot know), then whether this is a mobile layout. */
export function useIsMobile(): boolean | null {
  return useSyncExternalStore<boolean | null>(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => null,
  );
}
