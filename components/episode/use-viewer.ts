'use client';

import { useSyncExternalStore } from 'react';
import { readToken } from '@/lib/session';
import { readJson, STORAGE_KEYS } from '@/lib/storage';

/** The signed-in viewer as this browser knows them: the product token and the stored user's id (spec §3). */
export type ClientViewer = { token: string; userId: string | null };

function read(): string {
  const token = readToken();
  if (!token) return '';
  const user = readJson<{ _id?: unknown }>(STORAGE_KEYS.user);
  const userId = user && typeof user._id === 'string' && user._id ? user._id : '';
  // One string snapshot keeps useSyncExternalStore's equality check cheap and stable.
  return `${token}\n${userId}`;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/**
 * The viewer from local storage. The server renders for a guest (`undefined` while hydrating, so the first client
 * render matches); right after hydration this gives the stored viewer, or null for a guest.
 */
export function useClientViewer(): ClientViewer | null | undefined {
  const snapshot = useSyncExternalStore(subscribe, read, () => '\u0000');
  if (snapshot === '\u0000') return undefined;
  if (!snapshot) return null;
  const [token, userId] = snapshot.split('\n');
  return { token, userId: userId || null };
}
