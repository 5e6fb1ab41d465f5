import { and, count, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicEnv } from '@/lib/env';
import { movieSeries, videos } from '@/lib/server/db/schema';
import { openAppDb } from '../fixtures/app-db';
import { call } from '../fixtures/http';
import { makeUser } from '../fixtures/users';

const appDb = openAppDb({ seed: true });
afterAll(() => appDb.close());

const r = {
  latest: () => import('@/app/api/client/movieSeries/fetchLatestContentForUser/route'),
  collection: () => import('@/app/api/client/movieSeries/fetchMediaCollection/route'),
  banners: () => import('@/app/api/client/movieSeries/fetchMoviesSeries/route'),
  grouped: () => import('@/app/api/client/movieSeries/fetchMoviesGroupedByGenre/route'),
  search: () => import('@/app/api/client/movieSeries/getContentBySearch/route'),
  videos: () => import('@/app/api/client/shortVideo/loadMovieSeriesVideosForUser/route'),
  categories: () => import('@/app/api/client/category/listCategory/route'),
  genre: () => import('@/app/api/client/category/fetchGenreBasedMediaContent/route'),
  like: () => import('@/app/api/client/shortVideo/likeOrDislikeOfVideo/route'),
  rate: () => import('@/app/api/client/videoRating/rateVideo/route'),
  getRating: () => import('@/app/api/client/videoRating/getVideoRating/route'),
  removeRating: () => import('@/app/api/client/videoRating/removeVideoRating/route'),
  toggleList: () => import('@/app/api/client/userVideoList/videoAddedToMyListByUser/route'),
  myList: () => import('@/app/api/client/userVideoList/getAllVideosAddedToMyListByUser/route'),
};

let me: { id: string; token: string };
let other: { id: string; token: string };
let series: { id: string; name: string };
let premiumVideo: string;
let freeVideo: string;

beforeAll(async () => {
  const db = await appDb.db();
  me = await makeUser(db);
  other = await makeUser(db);
  [series] = await db.select({ id: movieSeries.id, name: movieSeries.name }).from(movieSeries).where(eq(movieSeries.slug, 'lihim-ng-bilyonaryo'));
  const vids = await db.select({ id: videos.id, isPremium: videos.isPremium }).from(videos).where(and(eq(videos.movieSeriesId, series.id), gt(videos.episodeNumber, 0)));
  premiumVideo = vids.find((v) => v.isPremium)!.id;
  freeVideo = vids.find((v) => !v.isPremium)!.id;
});

describe('content', () => {
  it('latest, media collection by type, banners, categories and grouped genres answer what the client reads', async () => {
    const latest = await call((await r.latest()).GET, '/x?start=1&limit=5');
    expect(latest.status).toBe(200);
    expect(latest.json.videos).toHaveLength(5);
    expect(latest.json.videos[0]).toMatchObject({ _id: expect.any(String), name: expect.any(String), isAddedToList: false });

    const movies = await call((await r.collection()).GET, '/x?start=1&limit=50&movieSeriesType=1');
    expect(movies.json.videos.length).toBeGreaterThan(0);
    expect(movies.json.videos.every((v: { type: number }) => v.type === 1)).toBe(true);
    const seriesOnly = await call((await r.collection()).GET, '/x?movieSeriesType=2');
    expect(seriesOnly.json.videos.every((v: { type: number }) => v.type === 2)).toBe(true);

    const page2 = await call((await r.latest()).GET, '/x?start=2&limit=5');
    expect(page2.json.videos[0]._id).not.toBe(latest.json.videos[0]._id);

    const banners = await call((await r.banners()).GET, '/x?orientation=landscape');
    expect(banners.json.banners.length).toBeGreaterThanOrEqual(3);
    expect(banners.json.data.length).toBeGreaterThan(0);

    const cats = await call((await r.categories()).GET, '/x');
    expect(cats.json.data.length).toBeGreaterThanOrEqual(6);

    const grouped = await call((await r.grouped()).GET, '/x?moviesStart=1&moviesLimit=2');
    expect(grouped.json.groupedMovies.length).toBeGreaterThanOrEqual(6);
    expect(grouped.json.groupedMovies.every((g: { movies: unknown[] }) => g.movies.length <= 2 && g.movies.length > 0)).toBe(true);

    const genre = await call((await r.genre()).GET, `/x?categoryId=${cats.json.data[0]._id}`);
    expect(genre.status).toBe(200);
    expect(genre.json.videos.length).toBeGreaterThan(0);
  });

  it("a series' videos carry totalVideosCount without the trailer, and isLocked per viewer", async () => {
    const guest = await call((await r.videos()).GET, `/x?start=1&limit=50&movieSeriesId=${series.id}`);
    expect(guest.status).toBe(200);
    const eps = guest.json.data as { episodeNumber: number; isLocked: boolean; isPremium: boolean; season: unknown }[];
    expect(guest.json.totalVideosCount).toBe(eps.filter((e) => e.episodeNumber > 0).length);
    expect(eps.every((e) => e.isLocked === (e.isPremium && e.episodeNumber > 0))).toBe(true);
    expect(eps.some((e) => e.season !== null)).toBe(true);
    expect(JSON.stringify(guest.json)).not.toMatch(/sealed|drmKey|mediaPath|manifest/i);

    const vip = await makeUser(await appDb.db(), { vipDays: 7 });
    const asVip = await call((await r.videos()).GET, `/x?movieSeriesId=${series.id}`, { token: vip.token });
    expect((asVip.json.data as { isLocked: boolean }[]).every((e) => !e.isLocked)).toBe(true);

    const one = await call((await r.videos()).GET, `/x?start=1&limit=1&movieSeriesId=${series.id}`);
    expect(one.json.data).toHaveLength(1);
  });

  it('search is case- and accent-insensitive, matches descriptions and tags, and ranks name matches first', async () => {
    const search = (await r.search()).GET;
    const plain = await call(search, '/x?searchString=bilyonaryo');
    expect(plain.json.searchData[0].name).toBe('Lihim ng Bilyonaryo');
    const shouting = await call(search, '/x?searchString=BILYONARYO');
    expect(shouting.json.searchData[0]._id).toBe(plain.json.searchData[0]._id);
    const accented = await call(search, '/x?searchString=Bilyonáryo');
    expect(accented.json.searchData.map((t: { _id: string }) => t._id)).toContain(plain.json.searchData[0]._id);
    const byTag = await call(search, '/x?searchString=steamy');
    expect(byTag.json.searchData.length).toBeGreaterThan(0);
    const nothing = await call(search, '/x?searchString=zzzqqq');
    expect(nothing.json).toMatchObject({ status: true, searchData: [], total: 0 });
    const injection = await call(search, `/x?searchString=${encodeURIComponent("%' or 1=1 --")}`);
    expect(injection.status).toBe(200);
    expect(injection.json.searchData).toEqual([]);
  });

  it('every MovieSeries answer carries trailerUrl, trailerImage and trailerDuration (spec §3), null / 0 without a trailer', async () => {
    const db = await appDb.db();
    const trailers = new Map(
      (await db.select({ title: videos.movieSeriesId, mediaPath: videos.mediaPath, duration: videos.durationSeconds }).from(videos).where(eq(videos.episodeNumber, 0))).map(
        (t) => [t.title, t],
      ),
    );
    const mediaBase = publicEnv.NEXT_PUBLIC_MEDIA_BASE_URL.replace(/\/+$/, '');
    const [{ n: titleCount }] = await db.select({ n: count() }).from(movieSeries);
    // The seed has titles both with and without a trailer, so both branches are checked.
    expect(trailers.size).toBeGreaterThan(0);
    expect(trailers.size).toBeLessThan(Number(titleCount));

    type Answer = { _id: string; trailerUrl?: unknown; trailerImage?: unknown; trailerDuration?: unknown };
    const check = (where: string, titles: Answer[]) => {
      expect(titles.length, where).toBeGreaterThan(0);
      for (const t of titles) {
        const trailer = trailers.get(t._id);
        if (trailer) {
          expect(t.trailerUrl, `${where} ${t._id}`).toBe(`${mediaBase}/${trailer.mediaPath}/manifest.mpd`);
          expect(t.trailerImage, `${where} ${t._id}`).toEqual(expect.stringMatching(/^(\/|https?:\/\/)\S+$/));
          expect(t.trailerDuration, `${where} ${t._id}`).toBe(trailer.duration);
          expect(trailer.duration).toBeGreaterThan(0);
        } else {
          expect(t, `${where} ${t._id}`).toMatchObject({ trailerUrl: null, trailerImage: null, trailerDuration: 0 });
        }
      }
    };

    const latest = await call((await r.latest()).GET, '/x?start=1&limit=100');
    check('fetchLatestContentForUser', latest.json.videos);
    expect(latest.json.videos.some((t: Answer) => trailers.has(t._id))).toBe(true);
    expect(latest.json.videos.some((t: Answer) => !trailers.has(t._id))).toBe(true);
    check('fetchMediaCollection', (await call((await r.collection()).GET, '/x?start=1&limit=100&movieSeriesType=2')).json.videos);
    check('fetchMoviesSeries', (await call((await r.banners()).GET, '/x')).json.data);
    const grouped = await call((await r.grouped()).GET, '/x?moviesStart=1&moviesLimit=10');
    check('fetchMoviesGroupedByGenre', grouped.json.groupedMovies.flatMap((g: { movies: Answer[] }) => g.movies));
    check('fetchGenreBasedMediaContent', (await call((await r.genre()).GET, `/x?categoryId=${grouped.json.groupedMovies[0]._id}`)).json.videos);
    check('getContentBySearch', (await call((await r.search()).GET, '/x?searchString=a&limit=100')).json.searchData);
    // The same mapping serves the server-rendered pages (movie details, artists).
    const catalog = await import('@/lib/server/catalog');
    const withTrailer = [...trailers.keys()][0];
    const detail = (await catalog.getTitle(withTrailer))!;
    check('getTitle', [detail]);
    check('listArtists', (await catalog.listArtists()).flatMap((a) => a.titles));
  });
});

describe('engagement', () => {
  it('my list toggles, counts, lists and flags the title everywhere', async () => {
    const toggle = (await r.toggleList()).POST;
    const added = await call(toggle, `/x?userId=${me.id}&movieSeriesId=${series.id}`, { method: 'POST', token: me.token });
    expect(added.status).toBe(200);
    expect(added.json).toMatchObject({ status: true, message: 'Added to My List', data: { isAddedToList: true, totalAddedToList: expect.any(Number) } });

    const list = await call((await r.myList()).GET, `/x?userId=${me.id}`, { token: me.token });
    expect(list.json.data).toEqual([expect.objectContaining({ movieSeries: expect.objectContaining({ _id: series.id, name: series.name }) })]);

    const search = await call((await r.search()).GET, '/x?searchString=bilyonaryo', { token: me.token });
    expect(search.json.searchData[0]).toMatchObject({ isAddedToList: true, isAddedList: true });
    const asOther = await call((await r.search()).GET, '/x?searchString=bilyonaryo', { token: other.token });
    expect(asOther.json.searchData[0].isAddedToList).toBe(false);

    const removed = await call(toggle, `/x?movieSeriesId=${series.id}`, { method: 'POST', token: me.token });
    expect(removed.json).toMatchObject({ message: 'Removed from My List', data: { isAddedToList: false, totalAddedToList: added.json.data.totalAddedToList - 1 } });
    expect((await call((await r.myList()).GET, '/x', { token: me.token })).json.data).toEqual([]);
  });

  it('likes toggle with counts and per-user flags', async () => {
    const like = (await r.like()).POST;
    const first = await call(like, `/x?videoId=${freeVideo}`, { method: 'POST', token: me.token });
    expect(first.json.data).toMatchObject({ isLiked: true, likes: 1, totalAddedToList: expect.any(Number) });
    const second = await call(like, `/x?videoId=${freeVideo}`, { method: 'POST', token: other.token });
    expect(second.json.data).toMatchObject({ isLiked: true, likes: 2 });
    const vids = await call((await r.videos()).GET, `/x?movieSeriesId=${series.id}`, { token: me.token });
    expect(vids.json.data.find((v: { _id: string }) => v._id === freeVideo)).toMatchObject({ isLiked: true, likes: 2 });
    const undo = await call(like, `/x?videoId=${freeVideo}`, { method: 'POST', token: me.token });
    expect(undo.json.data).toMatchObject({ isLiked: false, likes: 1 });
  });

  it('ratings: rate, change, get, remove, with average and distribution', async () => {
    const rate = (await r.rate()).POST;
    await call(rate, '/x', { method: 'POST', token: other.token, body: { videoId: premiumVideo, rating: 2 } });
    const mine = await call(rate, '/x', { method: 'POST', token: me.token, body: { userId: me.id, videoId: premiumVideo, rating: 5 } });
    expect(mine.json.data).toEqual({ userRating: 5, averageRating: 3.5, totalRatings: 2, ratingDistribution: { '1': 0, '2': 1, '3': 0, '4': 0, '5': 1 } });
    const changed = await call(rate, '/x', { method: 'POST', token: me.token, body: { videoId: premiumVideo, rating: 4 } });
    expect(changed.json.data).toMatchObject({ userRating: 4, averageRating: 3, totalRatings: 2 });

    const got = await call((await r.getRating()).GET, `/x?videoId=${premiumVideo}`, { token: me.token });
    expect(got.json.data.userRating).toBe(4);
    const guestView = await call((await r.getRating()).GET, `/x?videoId=${premiumVideo}`);
    expect(guestView.json.data).toMatchObject({ userRating: null, totalRatings: 2 });

    const removed = await call((await r.removeRating()).DELETE, `/x?videoId=${premiumVideo}`, { method: 'DELETE', token: me.token });
    expect(removed.json.data).toMatchObject({ userRating: null, totalRatings: 1, averageRating: 2 });
  });
});

describe('bad input and other users', () => {
  it('rejects bad pagination, unknown ids and malformed bodies with 4xx JSON', async () => {
    const cases: [Promise<{ status: number; json: Record<string, unknown> }>, number][] = [
      [call((await r.latest()).GET, '/x?start=-1'), 422],
      [call((await r.latest()).GET, '/x?start=0'), 422],
      [call((await r.latest()).GET, '/x?limit=100000'), 422],
      [call((await r.latest()).GET, '/x?limit=abc'), 422],
      [call((await r.collection()).GET, '/x?movieSeriesType=7'), 422],
      [call((await r.videos()).GET, '/x?movieSeriesId=ffffffffffffffffffffffff'), 404],
      [call((await r.videos()).GET, '/x?movieSeriesId=nope'), 422],
      [call((await r.genre()).GET, '/x?categoryId=ffffffffffffffffffffffff'), 404],
      [call((await r.search()).GET, `/x?searchString=${'a'.repeat(500)}`), 422],
      [call((await r.like()).POST, '/x?videoId=ffffffffffffffffffffffff', { method: 'POST', token: me.token }), 404],
      [call((await r.toggleList()).POST, '/x?movieSeriesId=ffffffffffffffffffffffff', { method: 'POST', token: me.token }), 404],
      [call((await r.rate()).POST, '/x', { method: 'POST', token: me.token, body: '{oops' }), 400],
      [call((await r.rate()).POST, '/x', { method: 'POST', token: me.token, body: { videoId: premiumVideo, rating: 6 } }), 422],
      [call((await r.rate()).POST, '/x', { method: 'POST', token: me.token, body: { videoId: premiumVideo, rating: '5' } }), 422],
      [call((await r.rate()).POST, '/x', { method: 'POST', token: me.token, body: { videoId: premiumVideo, rating: 4.5 } }), 422],
    ];
    for (const [pending, status] of cases) {
      const res = await pending;
      expect(res.status).toBe(status);
      expect(res.json).toMatchObject({ status: false, message: expect.any(String), code: expect.any(String) });
    }
  });

  it("another user's id is refused (403), and personal calls need a login (401)", async () => {
    const foreign = [
      call((await r.myList()).GET, `/x?userId=${other.id}`, { token: me.token }),
      call((await r.toggleList()).POST, `/x?userId=${other.id}&movieSeriesId=${series.id}`, { method: 'POST', token: me.token }),
      call((await r.rate()).POST, '/x', { method: 'POST', token: me.token, body: { userId: other.id, videoId: premiumVideo, rating: 1 } }),
      call((await r.latest()).GET, `/x?userId=${other.id}`, { token: me.token }),
      call((await r.latest()).GET, `/x?userId=${other.id}`),
    ];
    for (const res of await Promise.all(foreign)) {
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('E_UNAUTHORIZED');
    }
    const anonymous = await call((await r.toggleList()).POST, `/x?movieSeriesId=${series.id}`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.message).toBe('Please login first');
  });
});
