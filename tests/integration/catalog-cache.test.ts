import { eq } from 'drizzle-orm';
import type { Pool } from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCatalogMemo } from '@/lib/server/cache';
import { movieSeries } from '@/lib/server/db/schema';
import { openAppDb } from '../fixtures/app-db';
import { call } from '../fixtures/http';
import { makeUser } from '../fixtures/users';

/**
 * Guest catalogue answers come from the in-process memo (lib/server/cache.ts), dropped when a write changes them;
 * signed-in answers are the same shared cards plus the viewer's own list flags, read in one query per request.
 * The statements are counted at the pool every query goes through.
 */

const appDb = openAppDb({ seed: true });
afterAll(() => appDb.close());

const r = {
  collection: () => import('@/app/api/client/movieSeries/fetchMediaCollection/route'),
  search: () => import('@/app/api/client/movieSeries/getContentBySearch/route'),
  toggleList: () => import('@/app/api/client/userVideoList/videoAddedToMyListByUser/route'),
};

const COLLECTION = '/x?start=1&limit=20';
type Card = { _id: string; totalAddedToList: number; isAddedToList: boolean; isAddedList: boolean };

/** The SQL text of every statement sent to the database while the spy is on. */
let statements: string[] = [];
let a: { id: string; token: string };
let b: { id: string; token: string };
let title: { id: string };

beforeAll(async () => {
  const db = await appDb.db();
  a = await makeUser(db);
  b = await makeUser(db);
  [title] = await db.select({ id: movieSeries.id }).from(movieSeries).where(eq(movieSeries.slug, 'lihim-ng-bilyonaryo'));
  const pool = (db as typeof db & { $client: Pool }).$client; // the pool of this database (Drizzle's node-postgres client)
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  vi.spyOn(pool, 'query').mockImplementation(((...args: unknown[]) => {
    const q = args[0];
    statements.push(typeof q === 'string' ? q : String((q as { text?: unknown })?.text ?? ''));
    return query(...args);
  }) as typeof pool.query);
});

beforeEach(() => {
  clearCatalogMemo();
  statements = [];
});
afterEach(() => vi.clearAllMocks());

const cardsOf = (json: Record<string, unknown>, field = 'videos') => json[field] as Card[];
const touching = (table: string) => statements.filter((s) => s.includes(`"${table}"`));

describe('guest catalogue answers', () => {
  it('fetchMediaCollection: the second guest asking gets the same answer without a database query', async () => {
    const { GET } = await r.collection();
    const first = await call(GET, COLLECTION);
    expect(first.status).toBe(200);
    expect(touching('movie_series').length).toBeGreaterThan(0);
    statements = [];
    const second = await call(GET, COLLECTION);
    expect(statements).toEqual([]);
    expect(second.json).toEqual(first.json);
    // A different page is a different entry.
    await call(GET, '/x?start=2&limit=20');
    expect(touching('movie_series').length).toBeGreaterThan(0);
  });

  it('getContentBySearch: one entry per normalised search string (trimmed, any case)', async () => {
    const { GET } = await r.search();
    const first = await call(GET, '/x?searchString=lihim');
    expect(first.json.searchData.length).toBeGreaterThan(0);
    statements = [];
    const again = await call(GET, `/x?searchString=${encodeURIComponent('  LIHIM ')}`);
    expect(statements).toEqual([]);
    expect(again.json).toEqual(first.json);
  });

  it('a my-list toggle is seen by the next guest at once: the title count is read again', async () => {
    const collection = (await r.collection()).GET;
    const search = (await r.search()).GET;
    const countIn = (cards: Card[]) => cards.find((c) => c._id === title.id)!.totalAddedToList;
    const before = countIn(cardsOf((await call(collection, COLLECTION)).json));
    const searchedBefore = countIn(cardsOf((await call(search, '/x?searchString=bilyonaryo')).json, 'searchData'));
    expect(searchedBefore).toBe(before);

    const added = await call((await r.toggleList()).POST, `/x?movieSeriesId=${title.id}`, { method: 'POST', token: a.token });
    expect(added.json.data).toMatchObject({ isAddedToList: true, totalAddedToList: before + 1 });
    statements = [];
    expect(countIn(cardsOf((await call(collection, COLLECTION)).json))).toBe(before + 1);
    expect(countIn(cardsOf((await call(search, '/x?searchString=bilyonaryo')).json, 'searchData'))).toBe(before + 1);
    expect(touching('movie_series').length).toBeGreaterThan(0);

    await call((await r.toggleList()).POST, `/x?movieSeriesId=${title.id}`, { method: 'POST', token: a.token });
    expect(countIn(cardsOf((await call(collection, COLLECTION)).json))).toBe(before);
  });
});

describe('signed-in answers over the shared cards', () => {
  it("carry the viewer's own list flags, read in one query; another viewer's flags never come through the cache", async () => {
    const collection = (await r.collection()).GET;
    const search = (await r.search()).GET;
    await call((await r.toggleList()).POST, `/x?movieSeriesId=${title.id}`, { method: 'POST', token: a.token });
    try {
      // The guest fills the memo; then A, B and the guest again are answered from it.
      const guest = cardsOf((await call(collection, COLLECTION)).json);
      expect(guest.every((c) => !c.isAddedToList && !c.isAddedList)).toBe(true);

      statements = [];
      const mine = cardsOf((await call(collection, COLLECTION, { token: a.token })).json);
      expect(touching('movie_series')).toEqual([]); // the shared cards came from the memo
      expect(touching('my_list')).toHaveLength(1); // the flags of all 20 cards in one statement
      expect(mine.find((c) => c._id === title.id)).toMatchObject({ isAddedToList: true, isAddedList: true });
      expect(mine.filter((c) => c.isAddedToList).map((c) => c._id)).toEqual([title.id]);
      // The same cards as the guest's, in the same order, apart from the flags.
      expect(mine.map(({ isAddedToList: _a, isAddedList: _b, ...card }) => card)).toEqual(guest.map(({ isAddedToList: _a, isAddedList: _b, ...card }) => card));

      const theirs = cardsOf((await call(collection, COLLECTION, { token: b.token })).json);
      expect(theirs.some((c) => c.isAddedToList || c.isAddedList)).toBe(false);
      const guestAgain = cardsOf((await call(collection, COLLECTION)).json);
      expect(guestAgain.some((c) => c.isAddedToList || c.isAddedList)).toBe(false);

      // Search: the same rule.
      await call(search, '/x?searchString=bilyonaryo');
      statements = [];
      const found = cardsOf((await call(search, '/x?searchString=bilyonaryo', { token: a.token })).json, 'searchData');
      expect(touching('my_list')).toHaveLength(1);
      expect(found.find((c) => c._id === title.id)).toMatchObject({ isAddedToList: true, isAddedList: true });
      const foundByB = cardsOf((await call(search, '/x?searchString=bilyonaryo', { token: b.token })).json, 'searchData');
      expect(foundByB.find((c) => c._id === title.id)).toMatchObject({ isAddedToList: false, isAddedList: false });
    } finally {
      await call((await r.toggleList()).POST, `/x?movieSeriesId=${title.id}`, { method: 'POST', token: a.token });
    }
  });
});
