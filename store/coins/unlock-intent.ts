import { readJson, remove, STORAGE_KEYS, write } from '@/lib/storage';

/**
 * After a top-up started from 'Unlock' (issue 20 item 6): the locked episode the viewer was trying to unlock, kept in
 * local storage while they are on the gateway's page and the return page, so that back on the episode the unlock is
 * one tap away (or done, with auto-unlock on). It names the checkout it came with and lasts as long as a checkout
 * (30 minutes); the locked panel acts on it once the balance covers the price, then forgets it.
 */

export type UnlockIntent = { videoId: string; requestId: string; at: number };

/** A checkout's life (the sandbox's and PayMongo's links expire after 30 minutes): an intent older than that is stale. */
export const UNLOCK_INTENT_TTL_MS = 30 * 60_000;

export function rememberUnlockIntent(videoId: string, requestId: string, now = Date.now()): void {
  write(STORAGE_KEYS.unlockAfterTopUp, { videoId, requestId, at: now } satisfies UnlockIntent);
}

/** The intent for this episode, if one is fresh; a stale or malformed one is dropped. */
export function unlockIntentFor(videoId: string, now = Date.now()): UnlockIntent | null {
  const intent = readJson<Partial<UnlockIntent>>(STORAGE_KEYS.unlockAfterTopUp);
  if (!intent || typeof intent !== 'object') return null;
  if (typeof intent.videoId !== 'string' || typeof intent.requestId !== 'string' || typeof intent.at !== 'number' || now - intent.at > UNLOCK_INTENT_TTL_MS || intent.at > now + 60_000) {
    forgetUnlockIntent();
    return null;
  }
  return intent.videoId === videoId ? (intent as UnlockIntent) : null;
}

export function forgetUnlockIntent(): void {
  remove(STORAGE_KEYS.unlockAfterTopUp);
}
