import { and, asc, eq, gt } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodeUnlocks, movieSeries, users, videos } from '@/lib/server/db/schema';
import type { Playback } from '@/lib/contracts/playback';
import { openAppDb } from '../fixtures/app-db';

const appDb = openAppDb({ seed: true });
afterAll(() => appDb.close());

const API_KEY = process.env.API_KEY ?? 'kilig-demo-api-key';

let playbackRoute: typeof import('@/app/api/client/shortVideo/playback/route');
let license: typeof import('@/app/api/drm/clearkey/[videoId]/route');
/** A series with free episodes followed by premium ones, and a trailer. */
let titleId: string;
let eps: (typeof videos.$inferSelect)[];
let firstPremium: typeof videos.$inferSelect;
let lastFree: typeof videos.$inferSelect;

beforeAll(async () => {
  playbackRoute = await import('@/app/api/client/shortVideo/playback/route');
  license = await import('@/app/api/drm/clearkey/[videoId]/route');
  const db = await appDb.db();
  const titles = await db.select({ id: movieSeries.id, trailer: movieSeries.trailerVideoId }).from(movieSeries).where(eq(movieSeries.type, 2));
  for (const t of titles) {
    const list = await db.select().from(videos).where(and(eq(videos.movieSeriesId, t.id), gt(videos.episodeNumber, 0))).orderBy(asc(videos.episodeNumber));
    const p = list.findIndex((v) => v.isPremium);
    const hasTrailer = (await db.select({ id: videos.id }).from(videos).where(and(eq(videos.movieSeriesId, t.id), eq(videos.episodeNumber, 0)))).length > 0;
    if (p > 0 && hasTrailer) {
      titleId = t.id;
      eps = list;
      firstPremium = list[p];
      lastFree = list[p - 1];
      break;
    }
  }
  expect(titleId, 'the seed has a series with free then premium episodes and a trailer').toBeTruthy();
});

async function makeUser(opts: { vipDays?: number } = {}) {
  const db = await appDb.db();
  const { newId } = await import('@/lib/ids');
  const id = newId();
  await db.insert(users).values({ id, firebaseUid: `uid-${id}`, loginType: 5, name: 'Viewer', email: `${id}@example.ph`, vipExpiresAt: opts.vipDays === undefined ? null : new Date(Date.now() + opts.vipDays * 86_400_000) });
  const { signAccessToken } = await import('@/lib/server/auth/access-token');
  return { id, token: await signAccessToken(id, `uid-${id}`) };
}

async function get(query: Record<string, string | number>, token?: string) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await playbackRoute.GET(
    new NextRequest(`http://localhost/api/client/shortVideo/playback?${qs}`, { headers: { key: API_KEY, ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
    { params: Promise.resolve({}) },
  );
  return { res, text: await res.text() };
}

async function playback(episodeNumber: number, token?: string): Promise<{ data: Playback; text: string }> {
  const { res, text } = await get({ movieSeriesId: titleId, episodeNumber }, token);
  expect(res.status, text).toBe(200);
  return { data: JSON.parse(text).data, text };
}

const kidOf = (v: { drmKeyId: string }) => Buffer.from(v.drmKeyId, 'hex').toString('base64url');

describe('GET api/client/shortVideo/playback', () => {
  it('gives a free episode its manifests, license URL, key id and the next episode for preloading', async () => {
    const { data } = await playback(lastFree.episodeNumber);
    expect(data.isLocked).toBe(false);
    expect(data.episode).toMatchObject({ _id: lastFree.id, episodeNumber: lastFree.episodeNumber, isLocked: false });
    expect(data.media).toMatchObject({
      videoId: lastFree.id,
      dashManifest: expect.stringMatching(new RegExp(`/${lastFree.mediaPath}/manifest\\.mpd$`)),
      safariManifest: expect.stringMatching(/master\.m3u8$/),
      licenseUrl: `/api/drm/clearkey/${lastFree.id}`,
      drmKeyId: lastFree.drmKeyId,
    });
    expect(data.nextEpisode).toBe(firstPremium.episodeNumber);
    // The next episode is premium: a guest gets its metadata, locked, without media.
    expect(data.next).toMatchObject({ episode: { _id: firstPremium.id, isLocked: true }, media: null });
    expect(data.trailer).toMatchObject({ duration: expect.any(Number) });
    expect(data.totalEpisodes).toBe(eps.length);
  });

  it("locks a premium episode for guests and users without access: isLocked, and none of its media in the answer", async () => {
    const plain = await makeUser();
    for (const token of [undefined, plain.token]) {
      const { data, text } = await playback(firstPremium.episodeNumber, token);
      expect(data.isLocked).toBe(true);
      expect(data.episode.isLocked).toBe(true);
      expect(data.media).toBeNull();
      expect(text).not.toContain(firstPremium.mediaPath);
      expect(text).not.toContain(firstPremium.drmKeyId);
      expect(text).not.toMatch(/manifest\.mpd|master\.m3u8|\/api\/drm\//);
      // Its free neighbour is announced, but a locked answer carries no manifest at all.
      expect(data.previous).toMatchObject({ episode: { _id: lastFree.id, isLocked: false }, media: null });
    }
  });

  it('unlocks the same episode for an active VIP and for a coin unlock, and the license endpoint agrees', async () => {
    const vip = await makeUser({ vipDays: 7 });
    const { data } = await playback(firstPremium.episodeNumber, vip.token);
    expect(data.isLocked).toBe(false);
    expect(data.media?.dashManifest).toContain(firstPremium.mediaPath);

    const buyer = await makeUser();
    const db = await appDb.db();
    const { newId } = await import('@/lib/ids');
    await db.insert(episodeUnlocks).values({ id: newId(), userId: buyer.id, videoId: firstPremium.id, coinsSpent: firstPremium.coinPrice });
    expect((await playback(firstPremium.episodeNumber, buyer.token)).data.isLocked).toBe(false);

    const ask = (token?: string) =>
      license.POST(
        new NextRequest(`http://localhost/api/drm/clearkey/${firstPremium.id}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify({ kids: [kidOf(firstPremium)], type: 'temporary' }),
        }),
        { params: Promise.resolve({ videoId: firstPremium.id }) },
      );
    expect((await ask()).status).toBe(403);
    expect((await ask(vip.token)).status).toBe(200);
  });

  it('plays the trailer to everyone, never locked', async () => {
    const { data } = await playback(0);
    expect(data).toMatchObject({ isTrailer: true, isLocked: false, trailer: null, previous: null, next: null });
    expect(data.media?.dashManifest).toMatch(/manifest\.mpd$/);
  });

  it('answers the episode-open errors as 4xx JSON', async () => {
    const cases: [Record<string, string | number>, number, string | null][] = [
      [{ movieSeriesId: titleId }, 422, 'Episode information is incomplete. Please try again.'],
      [{ movieSeriesId: titleId, episodeNumber: '' }, 422, 'Episode information is incomplete. Please try again.'],
      [{ movieSeriesId: titleId, episodeNumber: 'two' }, 422, null],
      [{ movieSeriesId: titleId, episodeNumber: -1 }, 422, null],
      [{ movieSeriesId: titleId, episodeNumber: 1.5 }, 422, null],
      [{ episodeNumber: 1 }, 422, null],
      [{ movieSeriesId: titleId, episodeNumber: 999 }, 404, 'Episode not found. Please try again.'],
      [{ movieSeriesId: 'ffffffffffffffffffffffff', episodeNumber: 1 }, 404, 'Episode not found. Please try again.'],
      [{ movieSeriesId: 'nonsense', episodeNumber: 1 }, 404, null],
    ];
    for (const [query, status, message] of cases) {
      const { res, text } = await get(query);
      expect(res.status, JSON.stringify(query)).toBe(status);
      const json = JSON.parse(text);
      expect(json).toMatchObject({ status: false, code: expect.any(String) });
      if (message) expect(json.message).toBe(message);
    }
    const noKey = await playbackRoute.GET(new NextRequest(`http://localhost/api/client/shortVideo/playback?movieSeriesId=${titleId}&episodeNumber=1`), { params: Promise.resolve({}) });
    expect(noKey.status).toBe(401);
  });
});
