import 'server-only';
import { revalidatePath } from 'next/cache';
import { movieHref } from '@/lib/routes';
import * as catalog from '@/lib/server/catalog';
import { log } from '@/lib/server/log';

/**
 * Public catalogue reads for server pages, memoized in process for a short time (the same answer for every visitor:
 * nothing here is per user). Pages that can be cached whole are ISR pages (home, movie, full episodes); the memo
 * serves the pages that depend on the query string (browse, search, tag) and the ISR renders themselves.
 *
 * Writes that change what a cached page shows call `titleEngagementChanged` (the my-list toggle changes a title's
 * favourites count): the memo entries of that title and of card lists are dropped and the title's pages re-render on
 * their next visit. With several instances each keeps its own memo; REDIS_URL is where a shared one would go.
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

/**
 * Marks a cached page stale; outside a Next.js request (scripts, tests) there is nothing to revalidate. The cache
 * knows a page by its decoded path ('Tahan-Na,-Mahal'), links use the encoded one ('Tahan-Na%2C-Mahal'): both go.
 */
function revalidate(path: string): void {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // keep the path as it is
  }
  for (const p of new Set([path, decoded])) {
    try {
      revalidatePath(p);
    } catch (err) {
      log.debug('revalidatePath skipped', { path: p, err: err instanceof Error ? err.message : String(err) });
    }
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
 * re-renders on its next visit.
 */
export async function titleEngagementChanged(titleId: string): Promise<void> {
  const title = await getTitle(titleId).catch(() => null);
  invalidate(titleTag(titleId), CARDS_TAG);
  if (!title) return;
  revalidate(movieHref(title));
}
