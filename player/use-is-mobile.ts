'use client';

import { useSyncExternalStore } from 'react';
import { MOBILE_LAYOUT_QUERY as QUERY } from './constants';

/** Narrow screens (under 769 px, spec §9) and touch-only devices get the mobile layout (the query: constants.ts). */

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
