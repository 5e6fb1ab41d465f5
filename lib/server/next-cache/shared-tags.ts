import type { RedisClientType } from 'redis';

/**
 * The revalidation times of Next's cache tags, kept in Redis so that every instance knows them: a page or data entry
 * older than a revalidation of one of its tags is stale on every instance, whichever instance revalidated it.
 * Written by the cache handler (redis-cache-handler.ts: `revalidatePath`/`revalidateTag` inside a request) and by
 * lib/server/cache.ts (a catalogue change, also from a background job, where Next has no request to revalidate in).
 *
 * No `server-only` here: this module is bundled into the handler that Next loads by path, outside the app's bundle.
 */

/** Where the shared Next cache keeps its keys; tests pass their own. */
export const NEXT_CACHE_PREFIX = 'kilig:next-cache:';

/** Next's prefix for the implicit tags it gives every page: its path, its layouts ('_N_T_/layout', '_N_T_/en/movie/x'). */
export const IMPLICIT_TAG_PREFIX = '_N_T_';

/** What Next's own tags manifest keeps per tag (tags-manifest.external): since when entries are stale, or expired. */
export type TagState = { stale?: number; expired?: number };

/**
 * Two hashes, tag → milliseconds, for all builds alike: during a rolling deploy an old instance's revalidation must
 * reach the new build's pages too (the new build's prerendered pages date from its build). No time to live: one field
 * per page path and tag, a few thousand at most, and a forgotten revalidation would let an old page come back.
 */
const staleKey = (prefix: string) => `${prefix}tags:stale`;
const expiredKey = (prefix: string) => `${prefix}tags:expired`;

/**
 * Records a revalidation as Next's file-system cache records it in its process: without `durations` (revalidatePath,
 * updateTag) entries expire at once; with them (revalidateTag(tag, profile)) they are stale now, to be served once
 * while they re-render, and expire after `expire` seconds.
 */
export async function expireTags(
  client: RedisClientType,
  prefix: string,
  tags: readonly string[],
  durations?: { expire?: number },
  now = Date.now(),
): Promise<void> {
  if (tags.length === 0) return;
  const expired = durations ? (durations.expire === undefined ? undefined : now + durations.expire * 1000) : now;
  const multi = client.multi().hSet(staleKey(prefix), Object.fromEntries(tags.map((t) => [t, String(now)])));
  if (expired !== undefined) multi.hSet(expiredKey(prefix), Object.fromEntries(tags.map((t) => [t, String(expired)])));
  await multi.exec();
}

/** The recorded revalidations of these tags (tags never revalidated are absent). */
export async function readTags(client: RedisClientType, prefix: string, tags: readonly string[]): Promise<Map<string, TagState>> {
  const states = new Map<string, TagState>();
  if (tags.length === 0) return states;
  const [stale, expired] = await Promise.all([client.hmGet(staleKey(prefix), [...tags]), client.hmGet(expiredKey(prefix), [...tags])]);
  tags.forEach((tag, i) => {
    const state: TagState = {};
    if (stale[i] != null) state.stale = Number(stale[i]);
    if (expired[i] != null) state.expired = Number(expired[i]);
    if (state.stale !== undefined || state.expired !== undefined) states.set(tag, state);
  });
  return states;
}

/** True when a revalidation after `lastModified` has expired the entry (Next's areTagsExpired, on shared times). */
export function expiredSince(states: ReadonlyMap<string, TagState>, lastModified: number, now = Date.now()): boolean {
  for (const { expired } of states.values()) {
    if (expired !== undefined && expired <= now && expired > lastModified) return true;
  }
  return false;
}

/**
 * The tag `revalidatePath(path)` expires: '_N_T_' + the path without its trailing slash, with characters outside
 * printable ASCII percent-encoded as Next does (encodeHeaderSafe), and '/' and '/index' as one page.
 */
export function pathTags(path: string): string[] {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const tag = IMPLICIT_TAG_PREFIX + trimmed.replace(/[^\t\x20-\x7e]+/g, (run) => encodeURIComponent(run));
  if (tag === `${IMPLICIT_TAG_PREFIX}/`) return [tag, `${IMPLICIT_TAG_PREFIX}/index`];
  if (tag === `${IMPLICIT_TAG_PREFIX}/index`) return [tag, `${IMPLICIT_TAG_PREFIX}/`];
  return [tag];
}

/** The tag `revalidatePath('/', 'layout')` expires: the root layout's, which every page carries. */
export const EVERY_PAGE_TAG = `${IMPLICIT_TAG_PREFIX}/layout`;
