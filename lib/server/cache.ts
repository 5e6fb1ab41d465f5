import 'server-only';
import { revalidatePath } from 'next/cache';
import { everyLocalePath, internalPaths, splitLocale } from '@/i18n/paths';
import { routing } from '@/i18n/routing';
import { movieHref } from '@/lib/routes';
import * as catalog from '@/lib/server/catalog';
import { purgeCachedPage } from '@/lib/server/http/page-cache';
import { log } from '@/lib/server/log';
import { sharedRedis } from '@/lib/server/redis/connection';
import { redisInvalidationBus } from '@/lib/server/redis/invalidation-bus';
import { EVERY_PAGE_TAG, expireTags, NEXT_CACHE_PREFIX, pathTags } from '@/lib/server/next-cache/shared-tags';
import type { Invalidation, InvalidationBus } from './shared-state';

/**
 * Public catalogue reads for server pages and the catalogue API, memoized in process for a short time (the same
 * answer for every visitor: nothing here is per user). Pages that can be cached whole are ISR pages (home, movie, full
 * episodes); the memo serves the pages that depend on the query string (browse, search, tag), the ISR renders
 * themselves, and the API's card lists (fetchMediaCollection, getContentBySearch, fetchLatestContentForUser, …), to
 * which the handlers add the viewer's own flags in one query (catalog/for-viewer.ts). A guest's catalogue call thus
 * runs no query at all: it was 5 statements and about 5 ms of CPU (app + PostgreSQL) per call, against 1.5 ms for
 * /api/health (issue 12's profile: pg protocol and socket writes, Drizzle building the SQL, row parsing, GC).
 *
 * What a cached answer holds that writes change, and when a write is seen: a title's favourites count
 * (`totalAddedToList`: the my-list toggle, account deletion) at once, by `titleEngagementChanged` below, before the
 * write answers; likes, ratings, unlocks and purchases are in no cached answer. Writes from outside the app (`npm run
 * db:seed` into a running database, SQL by hand) are seen within TTL_MS.
 *
 * Writes that change what a cached page shows call `titleEngagementChanged` (the my-list toggle changes a title's
 * favourites count): the memo entries of that title and of card lists are dropped and the title's pages re-render on
 * their next visit. With several instances each keeps its own memo: with REDIS_URL set, each invalidation is also
 * published to the other instances, which drop the same memo entries and page-cache copies. Next's ISR cache is then
 * shared through Redis too (lib/server/next-cache/): the pages' tags are expired there before the message goes out, so
 * an instance that drops its page-cache copy on the message re-renders the page at its next request.
 */

const TTL_MS = 60_000;
const MAX_ENTRIES = 500;

type Entry = { value: Promise<unknown>; expires: number; tags: readonly string[] };
type Memo = Map<string, Entry>;

// On globalThis so a dev-server reload keeps one memo.
const memo: Memo = ((globalThis as { __kiligCatalogMemo?: Memo }).__kiligCatalogMemo ??= new Map());

/** Tag of everything that shows title cards (their favourites counts and list order can change). */
export const CARDS_TAG = 'cards';
export const titleTag = (id: string) => `title:${id}`;

/** `fn` memoized by its arguments for `ttlMs`; a failed read is not kept. */
export function memoize<A extends unknown[], R>(
  name: string,
  fn: (...args: A) => Promise<R>,
  tags: (...args: A) => readonly string[] = () => [CARDS_TAG],
  ttlMs = TTL_MS,
): (...args: A) => Promise<R> {
  return (...args: A) => {
    const key = `${name}:${JSON.stringify(args)}`;
    const now = Date.now();
    const hit = memo.get(key);
    if (hit && hit.expires > now) {
      // Most recently used last, so the oldest entry is the first one evicted.
      memo.delete(key);
      memo.set(key, hit);
      return hit.value as Promise<R>;
    }
    // From its first kept copy on, this process must hear of the invalidations other instances publish.
    invalidations();
    const value = fn(...args);
    memo.set(key, { value, expires: now + ttlMs, tags: tags(...args) });
    value.catch(() => {
      if (memo.get(key)?.value === value) memo.delete(key);
    });
    while (memo.size > MAX_ENTRIES) memo.delete(memo.keys().next().value as string);
    return value;
  };
}

/** Drops every memo entry carrying one of these tags. */
export function invalidate(...tags: string[]): void {
  for (const [key, entry] of memo) {
    if (entry.tags.some((t) => tags.includes(t))) memo.delete(key);
  }
}

export function clearCatalogMemo(): void {
  memo.clear();
}

/** What a write made stale: memo tags, and page paths (as the page caches know them). */

/**
 * Drops this process's copies: memo entries, and pages in the page cache in front of Next (scripts/serve.ts), when
 * this process runs one. Applies other instances' invalidations too.
 */
async function dropLocalCopies({ tags, paths }: Invalidation): Promise<void> {
  invalidate(...tags);
  await Promise.all(paths.map((path) => purgeCachedPage(path)));
}

/**
 * The process's bus, created on first use: over Redis with REDIS_URL, else a bus with no one to tell. On globalThis,
 * like the memo, so a dev-server reload does not subscribe again.
 */
function invalidations(): InvalidationBus {
  const shared = globalThis as { __kiligInvalidationBus?: InvalidationBus };
  if (shared.__kiligInvalidationBus) return shared.__kiligInvalidationBus;
  const redis = sharedRedis();
  if (!redis) return (shared.__kiligInvalidationBus = { publish: async () => undefined });
  return (shared.__kiligInvalidationBus = redisInvalidationBus({ publisher: redis.commands, subscriber: redis.subscriber, apply: dropLocalCopies }));
}

/**
 * Expires Next's cache entries of these tags on every instance (the shared tag times of lib/server/next-cache/), also
 * outside a request (a scheduled publish's job), where `revalidatePath` cannot. Awaited before the other instances
 * are told, so none of them can take the old page back into its page cache between the message and the expiry.
 * Without REDIS_URL, or while Redis is down, `revalidatePath` alone expires this instance's entries.
 */
async function expireInSharedNextCache(tags: string[]): Promise<void> {
  const redis = sharedRedis();
  if (!redis) return;
  try {
    await redis.commands.run((client) => expireTags(client, NEXT_CACHE_PREFIX, tags));
  } catch (err) {
    log.warn('pages not expired in the shared Next cache', { err });
  }
}

/**
 * The paths a page cache may know a page by, in every language ('/movie/x', '/fil/movie/x'): its decoded path
 * ('Tahan-Na,-Mahal') and the encoded one links use ('Tahan-Na%2C-Mahal').
 */
function pathSpellings(path: string): string[] {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // keep the path as it is
  }
  return [...new Set([path, decoded].flatMap(everyLocalePath))];
}

/**
 * Marks a page stale in this instance's Next cache by the path Next knows it by inside app/[locale] ('/en/movie/x',
 * '/fil/movie/x'); outside a Next.js request (scripts, jobs, tests) Next has nothing to revalidate in.
 */
function revalidateInNext(inner: string): void {
  try {
    revalidatePath(inner);
  } catch (err) {
    log.debug('revalidatePath skipped', { path: inner, err: err instanceof Error ? err.message : String(err) });
  }
}

export const listGenres = memoize('listGenres', catalog.listGenres, () => ['genres']);
export const listBanners = memoize('listBanners', catalog.listBanners);
export const listLatest = memoize('listLatest', catalog.listLatest);
export const listTitles = memoize('listTitles', catalog.listTitles);
export const listTitlesGroupedByGenre = memoize('listTitlesGroupedByGenre', catalog.listTitlesGroupedByGenre);
export const listArtists = memoize('listArtists', catalog.listArtists);
const memoSearch = memoize('searchTitles', (q: string, opts: { limit?: number; offset?: number }) => catalog.searchTitles(q, opts));
/** Search is case-insensitive, so 'Lihim' and ' lihim ' share one memo entry. */
export const searchTitles = (q: string, opts: { limit?: number; offset?: number } = {}) => memoSearch(q.trim().toLowerCase(), opts);
export const getTitle = memoize('getTitle', catalog.getTitle, (id) => [titleTag(id)]);

/**
 * A title's favourites count changed (my-list toggle): its memo entries and the card lists go, and its detail page
 * re-renders on its next visit. The other instances (REDIS_URL) are told to drop their copies too.
 */
export async function titleEngagementChanged(titleId: string): Promise<void> {
  const title = await getTitle(titleId).catch(() => null);
  const stale: Invalidation = { tags: [titleTag(titleId), CARDS_TAG], paths: title ? pathSpellings(movieHref(title)) : [] };
  await dropLocalCopies(stale);
  const pages = stale.paths.filter((path) => splitLocale(path)[0] === routing.defaultLocale).flatMap(internalPaths);
  for (const page of pages) revalidateInNext(page);
  await expireInSharedNextCache(pages.flatMap(pathTags));
  try {
    await invalidations().publish(stale);
  } catch (err) {
    // The write itself succeeded; the other instances' copies expire on their own time to live.
    log.warn('cache invalidation not published to other instances', { titleId, err });
  }
}

/** The pages that list titles (home rows, browse, series, search): every catalogue change can touch them. */
const LIST_PAGES = ['/', '/series', '/movie-genres/All-movies', '/search'];

/**
 * The studio changed the catalogue (a title, its episodes, banners, prices, a scheduled publish that came due):
 * every memo entry goes, the list pages and the given pages (a title's movie, full-episodes and episode pages) leave
 * the page cache, Next re-renders every ISR page on its next visit (on every instance, through the shared Next cache),
 * and the other instances are told. Resolves when this instance's copies are gone, so the studio's answer never races
 * a reload of the public page.
 */
export async function catalogChanged(opts: { titleIds?: string[]; paths?: string[] } = {}): Promise<void> {
  const stale: Invalidation = {
    tags: [CARDS_TAG, 'genres', ...(opts.titleIds ?? []).map(titleTag)],
    paths: [...new Set([...LIST_PAGES, ...(opts.paths ?? [])].flatMap(pathSpellings))],
  };
  clearCatalogMemo();
  await dropLocalCopies(stale);
  try {
    revalidatePath('/', 'layout');
  } catch (err) {
    log.debug('revalidatePath skipped', { path: '/', err: err instanceof Error ? err.message : String(err) });
  }
  // The root layout's tag, which revalidatePath('/', 'layout') expires: every page, prices and publish states included.
  await expireInSharedNextCache([EVERY_PAGE_TAG]);
  try {
    await invalidations().publish(stale);
  } catch (err) {
    log.warn('cache invalidation not published to other instances', { err });
  }
}
