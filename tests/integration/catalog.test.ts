import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAG_LABELS } from '@/lib/constants';
import { publicEnv } from '@/lib/env';
import { createCatalog, type Catalog } from '@/lib/server/catalog';
import type { TitleCard } from '@/lib/contracts/catalog';
import type { Db } from '@/lib/server/db/client';
import * as schema from '@/lib/server/db/schema';
import { seedId } from '@/lib/server/db/seed';
import { BANNER_TITLES, TITLES } from '@/lib/server/db/seed-data';
import { freshDb, type TestDb } from '../fixtures/db';

// The catalogue is read-only, so the tests of this file share one freshly seeded database.
let t: TestDb;
let db: Db;
let c: Catalog;

beforeAll(async () => {
  t = await freshDb({ seed: true });
  db = t.db;
  c = createCatalog(db);
});
afterAll(() => t?.close());

const idOf = (slug: string) => seedId('title', slug);
const mediaBase = publicEnv.NEXT_PUBLIC_MEDIA_BASE_URL.replace(/\/+$/, '');

function expectCard(card: TitleCard) {
  expect(card._id).toMatch(/^[0-9a-f]{24}$/);
  expect(card.name.length).toBeGreaterThan(0);
  expect([1, 2]).toContain(card.type);
  expect(card.thumbnail).toMatch(/^\/demo\/art\/.+-poster\.svg$/);
  expect(card.banner).toMatch(/^\/demo\/art\/.+-banner\.svg$/);
  expect(card.totalEpisodes).toBeGreaterThanOrEqual(0);
  expect(card.genres.length).toBeGreaterThan(0);
  for (const tag of card.tags) expect(TAG_LABELS).toContain(tag);
}

describe('genres, tags, banners', () => {
  it('listGenres returns at least 7 genres with unique slugs', async () => {
    const genres = await c.listGenres();
    expect(genres.length).toBeGreaterThanOrEqual(7);
    expect(new Set(genres.map((g) => g.slug)).size).toBe(genres.length);
    expect(genres[0]).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), name: 'Romance', slug: 'romance' });
  });

  it('listTags returns exactly the fixed tag labels', async () => {
    const tags = await c.listTags();
    expect(tags.map((x) => x.name).sort()).toEqual([...TAG_LABELS].sort());
  });

  it('listBanners returns 4–6 banners of existing titles, in order', async () => {
    const banners = await c.listBanners();
    expect(banners.length).toBeGreaterThanOrEqual(4);
    expect(banners.length).toBeLessThanOrEqual(6);
    expect(banners.map((b) => b.movieSeriesId)).toEqual(BANNER_TITLES.map(idOf));
    for (const b of banners) {
      expect(b.image).toMatch(/-banner\.svg$/);
      expect(await c.getTitle(b.movieSeriesId)).not.toBeNull();
    }
  });
});

describe('lists', () => {
  it('listLatest orders by publication, pages without overlap and clamps limit/offset', async () => {
    const all = await c.listLatest({ limit: 100 });
    expect(all.length).toBe(TITLES.length);
    all.forEach(expectCard);
    for (const seeded of TITLES) {
      const card = all.find((x) => x._id === idOf(seeded.slug))!;
      expect(card.totalEpisodes).toBe(seeded.episodes.length); // trailers not counted
    }
    const expected = [...TITLES].sort((a, b) => a.publishedDaysAgo - b.publishedDaysAgo || (idOf(a.slug) < idOf(b.slug) ? -1 : 1));
    expect(all.map((x) => x._id)).toEqual(expected.map((x) => idOf(x.slug)));

    const page1 = await c.listLatest({ offset: 0, limit: 5 });
    const page2 = await c.listLatest({ offset: 5, limit: 5 });
    expect(page1.map((x) => x._id)).toEqual(all.slice(0, 5).map((x) => x._id));
    expect(page2.map((x) => x._id)).toEqual(all.slice(5, 10).map((x) => x._id));

    expect(await c.listLatest({ limit: 0 })).toHaveLength(1);
    expect(await c.listLatest({ limit: 100_000 })).toHaveLength(TITLES.length);
    expect((await c.listLatest({ offset: -5, limit: 3 })).map((x) => x._id)).toEqual(all.slice(0, 3).map((x) => x._id));
    expect(await c.listLatest({ limit: Number.NaN })).toHaveLength(Math.min(20, TITLES.length));
  });

  it('listTitles filters by type, genre and tag (case-insensitive) and reports the total', async () => {
    const everything = await c.listTitles({ limit: 100 });
    expect(everything.total).toBe(TITLES.length);
    const movies = await c.listTitles({ type: 1, limit: 100 });
    const series = await c.listTitles({ type: 2, limit: 100 });
    expect(movies.items.every((x) => x.type === 1)).toBe(true);
    expect(series.items.every((x) => x.type === 2)).toBe(true);
    expect(movies.total + series.total).toBe(everything.total);
    expect(movies.total).toBeGreaterThan(0);
    expect(series.total).toBeGreaterThan(0);

    const revenge = await c.listTitles({ genreSlug: 'revenge' });
    expect(revenge.total).toBe(TITLES.filter((x) => x.genres.includes('revenge')).length);
    expect(revenge.items.every((x) => x.genres.includes('Revenge'))).toBe(true);

    const romantic = await c.listTitles({ tag: 'rOmAnTiC', limit: 100 });
    expect(romantic.total).toBe(TITLES.filter((x) => x.tags.includes('Romantic')).length);
    expect(romantic.items.every((x) => x.tags.includes('Romantic'))).toBe(true);
    expect(await c.listTitles({ tag: 'Romantic', limit: 100 })).toEqual(romantic);

    const romanticMovies = await c.listTitles({ tag: 'romantic', type: 1 });
    expect(romanticMovies.items.every((x) => x.type === 1 && x.tags.includes('Romantic'))).toBe(true);

    expect(await c.listTitles({ genreSlug: 'no-such-genre' })).toEqual({ items: [], total: 0 });

    const paged = await c.listTitles({ limit: 4, offset: 4 });
    expect(paged.items).toHaveLength(4);
    expect(paged.total).toBe(TITLES.length);
  });

  it('listTitlesGroupedByGenre returns up to N titles of each genre', async () => {
    const groups = await c.listTitlesGroupedByGenre(2);
    expect(groups.length).toBeGreaterThanOrEqual(7);
    for (const g of groups) {
      expect(g.movies.length).toBeGreaterThan(0);
      expect(g.movies.length).toBeLessThanOrEqual(2);
      for (const m of g.movies) expect(m.genres).toContain(g.genre.name);
    }
    const romance = (await c.listTitlesGroupedByGenre(10)).find((g) => g.genre.slug === 'romance')!;
    expect(romance.movies.length).toBe(Math.min(10, TITLES.filter((x) => x.genres.includes('romance')).length));
  });

  it('listArtists returns at least 3 artists, each with titles', async () => {
    const artists = await c.listArtists();
    expect(artists.length).toBeGreaterThanOrEqual(3);
    for (const a of artists) {
      expect(a.image).toMatch(/^\/demo\/art\/artist-.+\.svg$/);
      expect(a.titles.length).toBeGreaterThan(0);
      a.titles.forEach(expectCard);
    }
  });
});

describe('getTitle', () => {
  it('returns the 3-season series with titled and untitled seasons, episodes in order, trailer first', async () => {
    const title = (await c.getTitle(idOf('lihim-ng-bilyonaryo')))!;
    expect(title.type).toBe(2);
    expect(title.seasons).toHaveLength(3);
    expect(title.seasons.some((s) => s.title === null)).toBe(true);
    expect(title.seasons.filter((s) => s.title !== null).length).toBe(2);
    expect(title.episodes[0].episodeNumber).toBe(0);
    expect(title.episodes[0].season).toBeNull();
    const rest = title.episodes.slice(1);
    const order = rest.map((e) => [e.season!.seasonNumber, e.episodeNumber]);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    expect(new Set(rest.map((e) => e.season!.seasonNumber))).toEqual(new Set([1, 2, 3]));
    expect(title.totalEpisodes).toBe(rest.length);
    expect(title.trailerUrl).toMatch(new RegExp(`^${mediaBase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[0-9a-f]{16}/manifest\\.mpd$`));
    expect(title.trailerDuration).toBeGreaterThan(0);
    expect(title.trailerImage).toBeTruthy();
    expect(title.artists.length).toBeGreaterThan(0);
    // Episodes 1–3 free, later ones premium with a coin price.
    for (const e of rest) {
      expect(e.isPremium).toBe(e.episodeNumber > 3);
      expect(e.coinPrice > 0).toBe(e.isPremium);
    }
  });

  it('returns a Coming Soon title with no episodes', async () => {
    const title = (await c.getTitle(idOf('huwag-mo-akong-iwan')))!;
    expect(title.episodes).toEqual([]);
    expect(title.totalEpisodes).toBe(0);
    expect(title.trailerUrl).toBeNull();
    expect(title.trailerDuration).toBe(0);
  });

  it('returns movies with episode 1 as the movie, some with a trailer', async () => {
    const movies = TITLES.filter((x) => x.type === 1);
    const details = await Promise.all(movies.map((m) => c.getTitle(idOf(m.slug))));
    for (const d of details) {
      expect(d!.type).toBe(1);
      expect(d!.totalEpisodes).toBe(1);
      expect(d!.episodes.some((e) => e.episodeNumber === 1)).toBe(true);
    }
    expect(details.filter((d) => d!.trailerUrl).length).toBeGreaterThan(0);
    expect(details.filter((d) => d!.isPremium).length).toBeGreaterThan(0);
  });

  it('returns null for unknown and malformed ids', async () => {
    for (const id of ['f'.repeat(24), '', 'abc', 'ABCDEFABCDEFABCDEFABCDEF', `${idOf('kape-at-kilig')}x`, "' or 1=1 --", '01a6025d-0e6f-b4a0-a52c-519d']) {
      expect(await c.getTitle(id)).toBeNull();
    }
  });
});

describe('search', () => {
  it('finds titles by name first, then by tag and description, case-insensitively', async () => {
    const res = await c.searchTitles('LIHIM');
    expect(res.total).toBeGreaterThanOrEqual(2);
    expect(res.items[0].name.toLowerCase()).toContain('lihim');
    const nameHits = res.items.filter((x) => x.name.toLowerCase().includes('lihim')).length;
    expect(res.items.slice(0, nameHits).every((x) => x.name.toLowerCase().includes('lihim'))).toBe(true);

    const byTag = await c.searchTitles('suspenseful');
    expect(byTag.total).toBe(TITLES.filter((x) => x.tags.includes('Suspenseful')).length);

    const byDescription = await c.searchTitles('barista');
    expect(byDescription.items.map((x) => x._id)).toContain(idOf('lihim-ng-bilyonaryo'));
  });

  it('treats wildcards literally, ignores blank queries and honours the limit', async () => {
    expect(await c.searchTitles('   ')).toEqual({ items: [], total: 0 });
    expect((await c.searchTitles('%')).total).toBe(0);
    expect((await c.searchTitles('_')).total).toBe(0);
    const limited = await c.searchTitles('a', { limit: 3 });
    expect(limited.items).toHaveLength(3);
    expect(limited.total).toBeGreaterThan(3);
  });
});

describe('secrets', () => {
  it('never exposes sealed keys, key ids or the media folders of locked episodes', async () => {
    const everything = JSON.stringify([
      await c.listGenres(),
      await c.listTags(),
      await c.listBanners(),
      await c.listLatest({ limit: 100 }),
      await c.listTitles({ limit: 100 }),
      await c.listTitlesGroupedByGenre(100),
      await c.listArtists(),
      await c.searchTitles('a', { limit: 100 }),
      await Promise.all(TITLES.map((x) => c.getTitle(idOf(x.slug)))),
    ]);
    expect(everything).not.toMatch(/sealed_?key/i);
    expect(everything).not.toMatch(/drm_?key_?id/i);
    expect(everything).not.toMatch(/media_?path/i);
    const secrets = await db
      .select({ sealedKey: schema.videos.sealedKey, drmKeyId: schema.videos.drmKeyId, mediaPath: schema.videos.mediaPath, episode: schema.videos.episodeNumber })
      .from(schema.videos);
    expect(secrets.length).toBeGreaterThan(0);
    for (const v of secrets) {
      expect(everything).not.toContain(v.sealedKey);
      expect(everything).not.toContain(v.drmKeyId);
      if (v.episode > 0) expect(everything).not.toContain(v.mediaPath);
    }
  });

  it('leaves unpublished titles out', async () => {
    const own = await freshDb({ seed: true }); // this test writes, so it gets its own database
    try {
      const cat = createCatalog(own.db);
      const id = idOf('kape-at-kilig');
      await own.db.update(schema.movieSeries).set({ isPublished: false }).where(eq(schema.movieSeries.id, id));
      expect(await cat.getTitle(id)).toBeNull();
      expect((await cat.listLatest({ limit: 100 })).map((x) => x._id)).not.toContain(id);
      expect((await cat.searchTitles('Kape')).items.map((x) => x._id)).not.toContain(id);
    } finally {
      await own.close();
    }
  });
});
