import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNLOCK_ALL_DISCOUNT_PERCENT } from '@/lib/constants';
import { movieHref } from '@/lib/routes';
import { clearCatalogMemo, getTitle, listArtists } from '@/lib/server/cache';
import { categories, movieSeries, premiumVideoPrices, videos, type MediaStatus } from '@/lib/server/db/schema';
import { openAppDb } from '../fixtures/app-db';
import { balanceOf, fund } from '../fixtures/coins';
import { call } from '../fixtures/http';
import { USER_INFO } from '../fixtures/payments';

// next-intl's server functions need a Next.js request; the stand-in keeps the language the page sets (enterLocale).
vi.mock('next-intl/server', async () => (await import('@/tests/fixtures/intl-server')).nextIntlServerMock);
import { makeUser } from '../fixtures/users';

/**
 * Issue 13, 'scheduled titles stay hidden until their time' and 'never leaves a half-ready episode visible': a title is
 * visible iff published and its published_at has come; an episode iff its title is, and it is published, its
 * publish_at (if any) has come and its media is ready (lib/server/catalog/visibility.ts). Anything else answers as if
 * it did not exist, through every viewer-facing route. Driven through the real handlers on the seeded catalogue.
 */

const appDb = openAppDb({ seed: true });
afterAll(() => appDb.close());

const routes = {
  latest: () => import('@/app/api/client/movieSeries/fetchLatestContentForUser/route'),
  collection: () => import('@/app/api/client/movieSeries/fetchMediaCollection/route'),
  banners: () => import('@/app/api/client/movieSeries/fetchMoviesSeries/route'),
  grouped: () => import('@/app/api/client/movieSeries/fetchMoviesGroupedByGenre/route'),
  search: () => import('@/app/api/client/movieSeries/getContentBySearch/route'),
  genre: () => import('@/app/api/client/category/fetchGenreBasedMediaContent/route'),
  videos: () => import('@/app/api/client/shortVideo/loadMovieSeriesVideosForUser/route'),
  playback: () => import('@/app/api/client/shortVideo/playback/route'),
  license: () => import('@/app/api/drm/clearkey/[videoId]/route'),
  hlsKey: () => import('@/app/api/drm/hls-key/[videoId]/route'),
  unlock: () => import('@/app/api/client/shortVideo/deductCoinForVideoView/route'),
  unlockAll: () => import('@/app/api/client/shortVideo/unlockAllRemaining/route'),
  pricing: () => import('@/app/api/client/coins/series-pricing/route'),
  like: () => import('@/app/api/client/shortVideo/likeOrDislikeOfVideo/route'),
  rate: () => import('@/app/api/client/videoRating/rateVideo/route'),
  getRating: () => import('@/app/api/client/videoRating/getVideoRating/route'),
  toggleList: () => import('@/app/api/client/userVideoList/videoAddedToMyListByUser/route'),
  myList: () => import('@/app/api/client/userVideoList/getAllVideosAddedToMyListByUser/route'),
  session: () => import('@/app/api/client/watchSession/route'),
  premiumInfo: () => import('@/app/api/client/premiumVideo/[videoId]/info/route'),
  premiumAccess: () => import('@/app/api/client/premiumVideo/[videoId]/access/route'),
  checkAccess: () => import('@/app/api/client/premiumPayment/check-access/route'),
  premiumLink: () => import('@/app/api/client/premiumVideo/generate-payment-link/route'),
};
type R = { [K in keyof typeof routes]: Awaited<ReturnType<(typeof routes)[K]>> };
let r: R;

type User = { id: string; token: string };
type Video = typeof videos.$inferSelect;

/** Lihim ng Bilyonaryo: the latest seeded series, a banner, in genres, on an artist's page; trailer, 3 free, 8 at 10 coins. */
let title: { id: string; name: string; publishedAt: Date };
let trailer: Video;
let eps: Video[];
let romanceId: string;
/** A premium movie sold for pesos (its episode 1 has an active premium price). */
let priced: { videoId: string; seriesId: string; publishedAt: Date };
let vip: User;
let viewer: User;

const db = () => appDb.db();
const ids = (list: { _id: string }[]) => list.map((t) => t._id);
const kidOf = (v: { drmKeyId: string }) => Buffer.from(v.drmKeyId, 'hex').toString('base64url');

beforeAll(async () => {
  r = Object.fromEntries(await Promise.all(Object.entries(routes).map(async ([k, f]) => [k, await f()]))) as R;
  const d = await db();
  [title] = await d.select({ id: movieSeries.id, name: movieSeries.name, publishedAt: movieSeries.publishedAt }).from(movieSeries).where(eq(movieSeries.slug, 'lihim-ng-bilyonaryo'));
  const all = await d.select().from(videos).where(eq(videos.movieSeriesId, title.id)).orderBy(asc(videos.episodeNumber));
  [trailer] = all.filter((v) => v.episodeNumber === 0);
  eps = all.filter((v) => v.episodeNumber > 0);
  expect(trailer).toBeTruthy();
  expect(eps.map((e) => [e.isPremium, e.coinPrice])).toEqual([...Array(3).fill([false, 0]), ...Array(8).fill([true, 10])]);
  [{ id: romanceId }] = await d.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'romance'));
  [priced] = await d
    .select({ videoId: videos.id, seriesId: movieSeries.id, publishedAt: movieSeries.publishedAt })
    .from(premiumVideoPrices)
    .innerJoin(videos, eq(videos.id, premiumVideoPrices.videoId))
    .innerJoin(movieSeries, eq(movieSeries.id, videos.movieSeriesId))
    .where(and(eq(premiumVideoPrices.isActive, true), gt(videos.episodeNumber, 0)))
    .limit(1);
  vip = await makeUser(d, { vipDays: 30 });
  viewer = await makeUser(d);
});

beforeEach(() => clearCatalogMemo());

/** What the studio does to schedule or release: only columns, the memo dropped as catalogChanged() would. */
async function setTitle(id: string, publishedAt: ReturnType<typeof sql> | Date, isPublished = true) {
  await (await db()).update(movieSeries).set({ publishedAt, isPublished }).where(eq(movieSeries.id, id));
  clearCatalogMemo();
}
async function setVideo(id: string, set: { isPublished?: boolean; publishAt?: ReturnType<typeof sql> | Date | null; mediaStatus?: MediaStatus }) {
  await (await db()).update(videos).set(set).where(eq(videos.id, id));
  clearCatalogMemo();
}
const FUTURE = sql`now() + interval '1 day'`;
const PAST = sql`now() - interval '1 minute'`;

const get = (h: { GET: Parameters<typeof call>[0] }, url: string, user?: User, params?: Record<string, string>) => call(h.GET, url, { token: user?.token, params });
const playback = (n: number, user?: User, titleId = title.id) => get(r.playback, `/x?movieSeriesId=${titleId}&episodeNumber=${n}`, user);
const episodes = (user?: User) => get(r.videos, `/x?start=1&limit=50&movieSeriesId=${title.id}`, user);
const license = (v: Video, user?: User) => call(r.license.POST, `/api/drm/clearkey/${v.id}`, { method: 'POST', token: user?.token, params: { videoId: v.id }, body: { kids: [kidOf(v)] } });
const hlsKey = (v: Video, user?: User) => get(r.hlsKey, `/api/drm/hls-key/${v.id}`, user, { videoId: v.id });
const unlock = (user: User, videoId: string) =>
  call(r.unlock.PATCH, `/x?userId=${user.id}&shortVideoId=${videoId}`, { method: 'PATCH', token: user.token, body: {} });
const unlockAll = (user: User) => call(r.unlockAll.POST, `/x?userId=${user.id}&movieSeriesId=${title.id}`, { method: 'POST', token: user.token });
const pricing = (user?: User) => get(r.pricing, `/x?movieSeriesId=${title.id}`, user);
const startSession = (user: User, videoId: string) =>
  call(r.session.POST, '/api/client/watchSession', {
    method: 'POST',
    token: user.token,
    body: { userId: user.id, videoId, sessionStartTime: new Date().toISOString(), location: null, videoQuality: 'auto' },
  });

/** The movie page's layout (its 404 check) for the title's canonical slug: renders its children or calls notFound(). */
async function movieLayout() {
  const { default: MovieLayout } = await import('@/app/[locale]/movie/[slug]/layout');
  return MovieLayout({ children: 'page', params: Promise.resolve({ locale: 'en', slug: movieHref({ _id: title.id, name: title.name }).split('/').pop()! }) });
}

/** Every list a viewer can meet a title in, as ids (the sitemap as URLs). */
async function everywhere(user?: User) {
  const [collection, latest, search, grouped, genre, banners, sitemap, artists] = await Promise.all([
    get(r.collection, '/x?start=1&limit=100', user),
    get(r.latest, '/x?start=1&limit=100', user),
    get(r.search, `/x?searchString=${encodeURIComponent(title.name)}`, user),
    get(r.grouped, '/x?moviesStart=1&moviesLimit=20', user),
    get(r.genre, `/x?categoryId=${romanceId}&start=1&limit=100`, user),
    get(r.banners, '/x?orientation=landscape', user),
    import('@/app/sitemap').then((m) => m.default()),
    listArtists(),
  ]);
  for (const res of [collection, latest, search, grouped, genre, banners]) expect(res.status).toBe(200);
  return {
    collection: ids(collection.json.videos),
    latest: ids(latest.json.videos),
    search: ids(search.json.searchData),
    grouped: grouped.json.groupedMovies.flatMap((g: { movies: { _id: string }[] }) => ids(g.movies)),
    genre: ids(genre.json.videos),
    banners: banners.json.banners.map((b: { movieSeriesId: string }) => b.movieSeriesId),
    featured: ids(banners.json.data),
    sitemap: sitemap.map((e) => e.url).filter((u) => u.endsWith(movieHref({ _id: title.id, name: title.name }))),
    artists: artists.flatMap((a) => ids(a.titles)),
  };
}

describe('a title scheduled for later', () => {
  it('is nowhere a viewer looks until its publish time, then everywhere', async () => {
    const listed = vip;
    expect((await call(r.toggleList.POST, `/x?movieSeriesId=${title.id}`, { method: 'POST', token: listed.token })).status).toBe(200);
    const before = await everywhere();
    for (const [where, list] of Object.entries(before)) if (where !== 'sitemap') expect(list, where).toContain(title.id);
    expect(before.sitemap).toHaveLength(2); // its page in English and in Filipino

    await setTitle(title.id, FUTURE);
    const hidden = await everywhere(listed);
    for (const [where, list] of Object.entries(hidden)) expect(list, where).not.toContain(title.id);
    expect(hidden.sitemap).toEqual([]);
    expect(hidden.collection.length).toBe(before.collection.length - 1);

    // The detail page's read (the movie layout's 404 check), the episode list, the player.
    expect(await getTitle(title.id)).toBeNull();
    await expect(movieLayout()).rejects.toMatchObject({ digest: expect.stringMatching(/404/) });
    expect((await episodes(listed)).status).toBe(404);
    for (const n of [0, 1, 4]) expect((await playback(n, listed)).status, `episode ${n}`).toBe(404);

    // No key for any of its episodes, not even a free one or to a VIP.
    expect((await license(eps[0])).status).toBe(404);
    expect((await license(eps[5], vip)).status).toBe(404);
    expect((await hlsKey(eps[0], vip)).status).toBe(404);

    // Nothing to pay for, like, rate, list or watch.
    const payer = await makeUser(await db());
    await fund(await db(), payer.id, 500);
    expect((await unlock(payer, eps[4].id)).json).toMatchObject({ status: false, code: 'E_NOT_FOUND' });
    expect((await unlockAll(payer)).status).toBe(404);
    expect((await pricing(payer)).status).toBe(404);
    expect((await call(r.like.POST, `/x?videoId=${eps[0].id}`, { method: 'POST', token: viewer.token })).status).toBe(404);
    expect((await call(r.rate.POST, '/x', { method: 'POST', token: viewer.token, body: { videoId: eps[0].id, rating: 5 } })).status).toBe(404);
    expect((await get(r.getRating, `/x?videoId=${eps[0].id}`)).status).toBe(404);
    expect((await call(r.toggleList.POST, `/x?movieSeriesId=${title.id}`, { method: 'POST', token: viewer.token })).status).toBe(404);
    expect((await get(r.myList, '/x', listed)).json.data).toEqual([]);
    expect((await startSession(vip, eps[0].id)).status).toBe(404);
    expect((await get(r.premiumAccess, '/x', viewer, { videoId: eps[4].id })).status).toBe(404);
    expect(await balanceOf(await db(), payer.id)).toBe(500);

    // Its time comes: the same reads show it again.
    await setTitle(title.id, PAST);
    const shown = await everywhere(listed);
    for (const [where, list] of Object.entries(shown)) if (where !== 'sitemap') expect(list, where).toContain(title.id);
    expect(shown.sitemap).toHaveLength(2);
    expect(shown.latest[0]).toBe(title.id); // published a minute ago: the latest
    expect(await getTitle(title.id)).toMatchObject({ _id: title.id, totalEpisodes: 11 });
    await expect(movieLayout()).resolves.toBe('page');
    expect((await episodes()).json.totalVideosCount).toBe(11);
    expect((await playback(1)).json.data.media).toMatchObject({ videoId: eps[0].id });
    expect((await license(eps[0])).status).toBe(200);
    expect((await startSession(vip, eps[0].id)).status).toBe(201);
    expect((await get(r.myList, '/x', listed)).json.data).toEqual([expect.objectContaining({ movieSeries: expect.objectContaining({ _id: title.id, totalEpisodes: 11 }) })]);
    expect((await unlock(payer, eps[3].id)).json).toMatchObject({ status: true, data: { charged: 10 } });

    await setTitle(title.id, title.publishedAt);
  });

  it('an unpublished title is hidden whatever its publish time', async () => {
    await setTitle(title.id, PAST, false);
    expect((await everywhere()).collection).not.toContain(title.id);
    expect((await playback(1)).status).toBe(404);
    expect((await license(eps[0])).status).toBe(404);
    await setTitle(title.id, title.publishedAt);
    expect((await everywhere()).collection).toContain(title.id);
  });

  it('a scheduled premium movie cannot be bought or checked', async () => {
    const buyer = await makeUser(await db());
    expect((await get(r.premiumInfo, '/x', buyer, { videoId: priced.videoId })).status).toBe(200);
    await setTitle(priced.seriesId, FUTURE);
    expect((await get(r.premiumInfo, '/x', buyer, { videoId: priced.videoId })).status).toBe(404);
    expect((await get(r.premiumAccess, '/x', buyer, { videoId: priced.videoId })).status).toBe(404);
    expect((await get(r.checkAccess, `/x?userId=${buyer.id}&videoId=${priced.videoId}`, buyer)).status).toBe(404);
    const link = await call(r.premiumLink.POST, '/x', {
      method: 'POST',
      token: buyer.token,
      body: { videoId: priced.videoId, userId: buyer.id, paymentMethod: 'gc', userInfo: USER_INFO },
    });
    expect(link.json).toMatchObject({ status: false, code: 'E_NOT_FOUND' });
    await setTitle(priced.seriesId, priced.publishedAt);
    expect((await get(r.premiumInfo, '/x', buyer, { videoId: priced.videoId })).status).toBe(200);
  });
});

describe('episodes not ready for viewers', () => {
  /** Episodes 8–11 (premium, 10 coins): one scheduled, one unpublished, one still packaging, one whose ingest failed. */
  const hide = async () => {
    await setVideo(eps[7].id, { publishAt: FUTURE });
    await setVideo(eps[8].id, { isPublished: false });
    await setVideo(eps[9].id, { mediaStatus: 'processing' });
    await setVideo(eps[10].id, { mediaStatus: 'failed' });
  };
  const release = async () => {
    for (const e of eps.slice(7)) await setVideo(e.id, { publishAt: PAST, isPublished: true, mediaStatus: 'ready' });
  };

  it('are left out of the episode list, the detail, the counts and the player, and get no key', async () => {
    await hide();
    const list = await episodes(vip);
    expect(list.status).toBe(200);
    expect(list.json.totalVideosCount).toBe(7);
    expect(ids(list.json.data)).toEqual([trailer.id, ...eps.slice(0, 7).map((e) => e.id)]);
    const detail = (await getTitle(title.id))!;
    expect(detail.totalEpisodes).toBe(7);
    expect(detail.episodes.map((e) => e.episodeNumber)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const card = (await everywhere()).collection;
    expect(card).toContain(title.id); // the title itself stays
    const collection = await get(r.collection, '/x?start=1&limit=100');
    expect(collection.json.videos.find((t: { _id: string }) => t._id === title.id).totalEpisodes).toBe(7);

    for (const n of [8, 9, 10, 11]) expect((await playback(n, vip)).status, `episode ${n}`).toBe(404);
    const seventh = (await playback(7, vip)).json.data;
    expect(seventh).toMatchObject({ nextEpisode: null, next: null, totalEpisodes: 7 });
    for (const e of eps.slice(7)) {
      expect((await license(e, vip)).status, `licence of episode ${e.episodeNumber}`).toBe(404);
      expect((await hlsKey(e, vip)).status).toBe(404);
      expect((await unlock(vip, e.id)).status).toBe(404);
      expect((await call(r.like.POST, `/x?videoId=${e.id}`, { method: 'POST', token: viewer.token })).status).toBe(404);
      expect((await startSession(vip, e.id)).status).toBe(404);
    }
    await release();
    expect((await episodes()).json.totalVideosCount).toBe(11);
    expect((await playback(7, vip)).json.data).toMatchObject({ nextEpisode: 8, totalEpisodes: 11 });
    expect((await playback(11, vip)).json.data.media).toMatchObject({ videoId: eps[10].id });
    expect((await license(eps[7], vip)).status).toBe(200);
    expect((await startSession(vip, eps[7].id)).status).toBe(201);
  });

  it('unlock-all prices and charges only the visible remaining episodes', async () => {
    await hide();
    const buyer = await makeUser(await db());
    await fund(await db(), buyer.id, 1000);
    // Episodes 4–7 are the visible locked ones: 4 × 10 coins, less the discount.
    const lockedCoins = 40;
    const unlockAllCoins = Math.floor((lockedCoins * (100 - UNLOCK_ALL_DISCOUNT_PERCENT)) / 100);
    expect((await pricing(buyer)).json.data).toMatchObject({ lockedCount: 4, lockedCoins, unlockAllCoins });
    const all = await unlockAll(buyer);
    expect(all.json.data).toMatchObject({ charged: unlockAllCoins, coins: 1000 - unlockAllCoins });
    expect([...all.json.data.unlockedVideoIds].sort()).toEqual(eps.slice(3, 7).map((e) => e.id).sort());
    expect((await pricing(buyer)).json.data).toMatchObject({ lockedCount: 0, lockedCoins: 0 });

    await release();
    // Released, episodes 8–11 are for sale again (at no more than the lowest share this buyer already paid).
    expect((await pricing(buyer)).json.data).toMatchObject({ lockedCount: 4 });
    expect((await unlock(buyer, eps[7].id)).json).toMatchObject({ status: true, data: { outcome: 'unlocked' } });
  });

  it('a hidden trailer leaves the cards and the player', async () => {
    const before = (await getTitle(title.id))!;
    expect(before.trailerUrl).toEqual(expect.any(String));
    await setVideo(trailer.id, { mediaStatus: 'processing' });
    const after = (await getTitle(title.id))!;
    expect(after).toMatchObject({ trailerUrl: null, trailerImage: null });
    expect(after.episodes[0].episodeNumber).toBe(1);
    expect((await playback(0)).status).toBe(404);
    expect((await playback(1)).json.data.trailer).toBeNull();
    await setVideo(trailer.id, { mediaStatus: 'ready' });
    expect((await getTitle(title.id))!.trailerUrl).toEqual(expect.any(String));
  });
});
