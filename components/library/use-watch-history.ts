'use client';

import { useSyncExternalStore } from 'react';
import { readRaw, STORAGE_KEYS } from '@/lib/storage';
import { readWatchHistory, subscribeWatchHistory, type WatchHistoryEntry } from '@/lib/watch-history';

/**
 * The watch history of this device (local storage `watchHistory`, spec §2: never from a call), most recent first, at
 * most 20. Empty on the server and during hydration, then the stored entries; follows changes in this tab and others.
 */
const EMPTY: WatchHistoryEntry[] = [];
let cachedRaw: string | null | undefined;
let cached: WatchHistoryEntry[] = EMPTY;

/** Parses only when the stored text changed, so the snapshot stays the same object between renders. */
function snapshot(): WatchHistoryEntry[] {
  const raw = readRaw(STORAGE_KEYS.watchHistory);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = raw ? readWatchHistory() : EMPTY;
  }
  return cached;
}

const serverSnapshot = () => EMPTY;

export function useWatchHistory(): WatchHistoryEntry[] {
  return useSyncExternalStore(subscribeWatchHistory, snapshot, serverSnapshot);
}
