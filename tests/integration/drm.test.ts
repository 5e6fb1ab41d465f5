import { and, eq, gt } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicEnv } from '@/lib/env';
import { episodeUnlocks, movieSeries, videos } from '@/lib/server/db/schema';
import { openAppDb } from '../fixtures/app-db';
import { makeUser } from '../fixtures/users';

const appDb = openAppDb({ seed: true });
afterAll(() => appDb.close());

let license: typeof import('@/app/api/drm/clearkey/[videoId]/route');
let hlsKey: typeof import('@/app/api/drm/hls-key/[videoId]/route');
let free: typeof videos.$inferSelect;
let premium: typeof videos.$inferSelect;

beforeAll(async () => {
  license = await import('@/app/api/drm/clearkey/[videoId]/route');
  hlsKey = await import('@/app/api/drm/hls-key/[videoId]/route');
  const db = await appDb.db();
  [free] = await db.select().from(videos).where(and(eq(videos.isPremium, false), gt(videos.episodeNumber, 0))).limit(1);
  [premium] = await db.select().from(videos).where(and(eq(videos.isPremium, true), gt(videos.episodeNumber, 0))).limit(1);
  expect(free && premium).toBeTruthy();
});

const kidOf = (v: { drmKeyId: string }) => Buffer.from(v.drmKeyId, 'hex').toString('base64url');

function ask(videoId: string, body: unknown, token?: string) {
  return license.POST(
    new NextRequest(`http://localhost/api/drm/clearkey/${videoId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    { params: Promise.resolve({ videoId }) },
  );
}

function getKey(videoId: string, token?: string) {
  return hlsKey.GET(new NextRequest(`http://localhost/api/drm/hls-key/${videoId}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }), {
    params: Promise.resolve({ videoId }),
  });
}

const userToken = async (opts: { vipDays?: number } = {}) => makeUser(await appDb.db(), opts);

describe('ClearKey license endpoint', () => {
  it('answers the key of a free episode as a JWK set', async () => {
    const res = await ask(free.id, { kids: [kidOf(free)], type: 'temporary' });
    expect(res.status).toBe(200);
    const json = await res.json();
    expect(json).toMatchObject({ type: 'temporary', keys: [{ kty: 'oct', kid: kidOf(free), k: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) }] });
    const { openContentKey } = await import('@/lib/server/drm/keys');
    expect(Buffer.from(json.keys[0].k, 'base64url').equals(openContentKey(free.sealedKey))).toBe(true);
  });

  it('refuses a premium episode to guests and to users without access (403), before looking at key ids', async () => {
    const guest = await ask(premium.id, { kids: [kidOf(premium)] });
    expect(guest.status).toBe(403);
    expect(await guest.json()).toMatchObject({ status: false, code: 'E_LOCKED' });
    const { token } = await userToken();
    expect((await ask(premium.id, { kids: [kidOf(premium)] }, token)).status).toBe(403);
  });

  it('licenses a premium episode to an active VIP, and to a user who unlocked it with coins', async () => {
    const vip = await userToken({ vipDays: 30 });
    expect((await ask(premium.id, { kids: [kidOf(premium)] }, vip.token)).status).toBe(200);
    const expired = await userToken({ vipDays: -1 });
    expect((await ask(premium.id, { kids: [kidOf(premium)] }, expired.token)).status).toBe(403);

    const buyer = await userToken();
    const db = await appDb.db();
    const { newId } = await import('@/lib/ids');
    await db.insert(episodeUnlocks).values({ id: newId(), userId: buyer.id, videoId: premium.id, coinsSpent: premium.coinPrice });
    expect((await ask(premium.id, { kids: [kidOf(premium)] }, buyer.token)).status).toBe(200);
  });

  it("answers one video's keys only: another video's key id is not found", async () => {
    const res = await ask(free.id, { kids: [kidOf(premium)] });
    expect(res.status).toBe(404);
  });

  it('answers bad input with 4xx JSON', async () => {
    for (const [id, body] of [
      ['ffffffffffffffffffffffff', { kids: [kidOf(free)] }],
      ['not-an-id', { kids: [kidOf(free)] }],
      [free.id, '{'],
      [free.id, { kids: [] }],
      [free.id, { kids: ['short'] }],
      [free.id, { kids: Array(50).fill(kidOf(free)) }],
      [free.id, { kids: [kidOf(free)], type: 'weird' }],
    ] as const) {
      const res = await ask(id, body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(await res.json()).toMatchObject({ status: false });
    }
  });

  it('the HLS identity key follows the same rule', async () => {
    const ok = await getKey(free.id);
    expect(ok.status).toBe(200);
    expect((await ok.arrayBuffer()).byteLength).toBe(16);
    expect((await getKey(premium.id)).status).toBe(403);
  });
});

describe('when the key may not be served', () => {
  const MULTI_DRM = ['NEXT_PUBLIC_DRM_WIDEVINE_URL', 'NEXT_PUBLIC_DRM_PLAYREADY_URL', 'NEXT_PUBLIC_DRM_FAIRPLAY_URL'] as const;

  it.each(MULTI_DRM)('with %s configured, both key endpoints are off: 404 JSON for every request', async (name) => {
    const vip = await userToken({ vipDays: 30 });
    expect((await ask(free.id, { kids: [kidOf(free)] })).status).toBe(200);
    publicEnv[name] = 'https://drm.example.com/licence';
    try {
      for (const res of [
        await ask(free.id, { kids: [kidOf(free)] }),
        await ask(premium.id, { kids: [kidOf(premium)] }, vip.token),
        // Off before the body or the token are looked at: no 4xx that would tell the route apart from a missing one.
        await ask(free.id, '{'),
        await ask(free.id, { kids: [kidOf(free)] }, 'not-a-token'),
        await getKey(free.id),
        await getKey(premium.id, vip.token),
      ]) {
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await res.json()).toMatchObject({ status: false, code: 'E_NOT_FOUND', message: expect.any(String) });
      }
    } finally {
      publicEnv[name] = '';
    }
    expect((await ask(free.id, { kids: [kidOf(free)] })).status).toBe(200);
    expect((await getKey(free.id)).status).toBe(200);
  });

  it("never serves the key of an unpublished title's episode, not even to a VIP", async () => {
    const db = await appDb.db();
    const vip = await userToken({ vipDays: 30 });
    expect((await ask(premium.id, { kids: [kidOf(premium)] }, vip.token)).status).toBe(200);
    const titleIds = [...new Set([free.movieSeriesId, premium.movieSeriesId])];
    const publish = (isPublished: boolean) => Promise.all(titleIds.map((id) => db.update(movieSeries).set({ isPublished }).where(eq(movieSeries.id, id))));
    await publish(false);
    try {
      for (const res of [
        await ask(free.id, { kids: [kidOf(free)] }),
        await ask(free.id, { kids: [kidOf(free)] }, vip.token),
        await ask(premium.id, { kids: [kidOf(premium)] }, vip.token),
        await getKey(free.id),
        await getKey(premium.id, vip.token),
      ]) {
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({ status: false, code: 'E_NOT_FOUND' });
      }
    } finally {
      await publish(true);
    }
    expect((await ask(free.id, { kids: [kidOf(free)] })).status).toBe(200);
  });
});
