import { and, eq, gt } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, videos, watchSessions } from '@/lib/server/db/schema';
import { openAppDb } from '../fixtures/app-db';

const appDb = openAppDb({ seed: true });
afterAll(() => appDb.close());

const API_KEY = process.env.API_KEY ?? 'kilig-demo-api-key';

let createRoute: typeof import('@/app/api/client/watchSession/route');
let updateRoute: typeof import('@/app/api/client/watchSession/[sessionId]/route');
let activeRoute: typeof import('@/app/api/client/watchSession/active/[userId]/route');
let free: typeof videos.$inferSelect;
let premium: typeof videos.$inferSelect;
let trailer: typeof videos.$inferSelect;

beforeAll(async () => {
  createRoute = await import('@/app/api/client/watchSession/route');
  updateRoute = await import('@/app/api/client/watchSession/[sessionId]/route');
  activeRoute = await import('@/app/api/client/watchSession/active/[userId]/route');
  const db = await appDb.db();
  [free] = await db.select().from(videos).where(and(eq(videos.isPremium, false), gt(videos.episodeNumber, 0))).limit(1);
  [premium] = await db.select().from(videos).where(and(eq(videos.isPremium, true), gt(videos.episodeNumber, 0))).limit(1);
  [trailer] = await db.select().from(videos).where(eq(videos.episodeNumber, 0)).limit(1);
  expect(free && premium && trailer).toBeTruthy();
});

type Viewer = { id: string; token: string };

async function makeUser(opts: { vipDays?: number } = {}): Promise<Viewer> {
  const db = await appDb.db();
  const { newId } = await import('@/lib/ids');
  const id = newId();
  await db.insert(users).values({
    id,
    firebaseUid: `uid-${id}`,
    loginType: 5,
    name: 'Session Viewer',
    email: `${id}@example.ph`,
    vipExpiresAt: opts.vipDays === undefined ? null : new Date(Date.now() + opts.vipDays * 86_400_000),
  });
  const { signAccessToken } = await import('@/lib/server/auth/access-token');
  return { id, token: await signAccessToken(id, `uid-${id}`) };
}

function request(method: string, path: string, body: unknown, token?: string) {
  return new NextRequest(`http://localhost${path}`, {
    method,
    headers: { 'content-type': 'application/json', key: API_KEY, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const startBody = (userId: string, videoId: string, extra: Record<string, unknown> = {}) => ({
  userId,
  videoId,
  sessionStartTime: new Date().toISOString(),
  deviceInfo: { userAgent: 'vitest', platform: 'Linux', screenResolution: '1920x1080', viewport: '1440x900', isMobile: false },
  location: null,
  videoQuality: 'auto',
  ...extra,
});

function create(body: unknown, token?: string) {
  return createRoute.POST(request('POST', '/api/client/watchSession', body, token), { params: Promise.resolve({}) });
}

function update(sessionId: string, body: unknown, token?: string) {
  return updateRoute.PUT(request('PUT', `/api/client/watchSession/${sessionId}`, body, token), { params: Promise.resolve({ sessionId }) });
}

function active(userId: string, token?: string) {
  return activeRoute.GET(request('GET', `/api/client/watchSession/active/${userId}`, undefined, token), { params: Promise.resolve({ userId }) });
}

async function started(viewer: Viewer, videoId = free.id): Promise<string> {
  const res = await create(startBody(viewer.id, videoId), viewer.token);
  expect(res.status).toBe(201);
  return (await res.json()).data._id;
}

/** Moves a session's start into the past, as if the viewer had been watching for `seconds`. */
async function backdate(sessionId: string, seconds: number) {
  const db = await appDb.db();
  await db.update(watchSessions).set({ sessionStartTime: new Date(Date.now() - seconds * 1000) }).where(eq(watchSessions.id, sessionId));
}

async function expect4xx(res: Response, status?: number, code?: string) {
  if (status) expect(res.status).toBe(status);
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  const json = await res.json();
  expect(json).toMatchObject({ status: false, message: expect.any(String) });
  if (code) expect(json.code).toBe(code);
  return json;
}

describe('POST api/client/watchSession', () => {
  it('starts an active session for the token user on the server clock and answers success and data._id', async () => {
    const viewer = await makeUser();
    const before = Date.now();
    const res = await create(startBody(viewer.id, free.id, { sessionStartTime: '2020-01-01T00:00:00.000Z' }), viewer.token);
    expect(res.status).toBe(201);
    const json = await res.json();
    expect(json).toMatchObject({ success: true, status: true, data: { _id: expect.stringMatching(/^[0-9a-f]{24}$/), userId: viewer.id, videoId: free.id, status: 'active', totalWatchTime: 0, watchPercentage: 0, pauseCount: 0, resumeCount: 0, isCompleted: false, isPaused: false, videoQuality: 'auto', location: null } });
    expect(json.data.deviceInfo).toMatchObject({ userAgent: 'vitest', isMobile: false });
    // A client clock in the past cannot buy watch time: the session starts now.
    expect(Date.parse(json.data.sessionStartTime)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('never records a session for a trailer, a guest, a locked episode or another user', async () => {
    const viewer = await makeUser();
    await expect4xx(await create(startBody(viewer.id, trailer.id), viewer.token), 422, 'E_VALIDATION');
    await expect4xx(await create(startBody(viewer.id, free.id)), 401, 'E_UNAUTHENTICATED');
    await expect4xx(await create(startBody(viewer.id, premium.id), viewer.token), 403, 'E_LOCKED');
    const other = await makeUser();
    await expect4xx(await create(startBody(other.id, free.id), viewer.token), 403, 'E_UNAUTHORIZED');

    const vip = await makeUser({ vipDays: 30 });
    expect((await create(startBody(vip.id, premium.id), vip.token)).status).toBe(201);

    const db = await appDb.db();
    const rows = await db.select().from(watchSessions).where(eq(watchSessions.userId, viewer.id));
    expect(rows).toEqual([]);
  });

  it('rejects bad bodies with 4xx JSON', async () => {
    const viewer = await makeUser();
    for (const body of [
      '{',
      {},
      startBody(viewer.id, 'not-an-id'),
      startBody(viewer.id, 'ffffffffffffffffffffffff'),
      startBody(viewer.id, free.id, { sessionStartTime: 'yesterday' }),
      startBody(viewer.id, free.id, { videoQuality: 'best; drop table' }),
      startBody(viewer.id, free.id, { location: { lat: 14.6, lng: 121 } }),
      startBody(viewer.id, free.id, { deviceInfo: { userAgent: 'x'.repeat(5000) } }),
    ]) {
      await expect4xx(await create(body, viewer.token));
    }
  });
});

describe('PUT api/client/watchSession/{sessionId}', () => {
  it('follows the lifecycle: paused, active, completed (100 %, end time), then refuses updates', async () => {
    const viewer = await makeUser();
    const id = await started(viewer);
    await backdate(id, 60);

    let res = await update(id, { userId: viewer.id, status: 'paused', isPaused: true, pauseCount: 1, totalWatchTime: 20, watchPercentage: 40 }, viewer.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, data: { status: 'paused', isPaused: true, pauseCount: 1, totalWatchTime: 20, watchPercentage: 40 } });

    res = await update(id, { userId: viewer.id, status: 'active', isPaused: false, resumeCount: 1 }, viewer.token);
    expect(await res.json()).toMatchObject({ success: true, data: { status: 'active', isPaused: false, resumeCount: 1 } });

    res = await update(id, { userId: viewer.id, totalWatchTime: 31.6, watchPercentage: 75.5 }, viewer.token);
    expect(await res.json()).toMatchObject({ data: { totalWatchTime: 32, watchPercentage: 75.5 } });

    res = await update(id, { userId: viewer.id, status: 'completed', isCompleted: true, watchPercentage: 100, totalWatchTime: 40, sessionEndTime: new Date().toISOString() }, viewer.token);
    const done = (await res.json()).data;
    expect(done).toMatchObject({ status: 'completed', isCompleted: true, watchPercentage: 100, totalWatchTime: 40 });
    expect(done.sessionEndTime).toEqual(expect.any(String));

    await expect4xx(await update(id, { userId: viewer.id, status: 'active' }, viewer.token), 409, 'E_CONFLICT');
  });

  it('stops a session with an end time', async () => {
    const viewer = await makeUser();
    const id = await started(viewer);
    const res = await update(id, { userId: viewer.id, status: 'stopped', isPaused: true, totalWatchTime: 0, watchPercentage: 3 }, viewer.token);
    expect(await res.json()).toMatchObject({ data: { status: 'stopped', isCompleted: false } });
    const db = await appDb.db();
    const [row] = await db.select().from(watchSessions).where(eq(watchSessions.id, id));
    expect(row.sessionEndTime).toBeInstanceOf(Date);
  });

  it("lets only the owner update: another user's token, or a userId naming someone else, is refused", async () => {
    const owner = await makeUser();
    const intruder = await makeUser();
    const id = await started(owner);
    await expect4xx(await update(id, { userId: intruder.id, status: 'paused' }, intruder.token), 403, 'E_FORBIDDEN');
    await expect4xx(await update(id, { userId: owner.id, status: 'paused' }, intruder.token), 403, 'E_UNAUTHORIZED');
    await expect4xx(await update(id, { userId: owner.id, status: 'paused' }), 401);
    const db = await appDb.db();
    const [row] = await db.select().from(watchSessions).where(eq(watchSessions.id, id));
    expect(row.status).toBe('active');
  });

  it('rejects impossible values: watch time decreasing or beyond the time since the start, percentages outside 0–100, counters going down', async () => {
    const viewer = await makeUser();
    const id = await started(viewer);
    await backdate(id, 30);
    const put = (body: Record<string, unknown>) => update(id, { userId: viewer.id, ...body }, viewer.token);

    await expect4xx(await put({ totalWatchTime: 120 }), 422, 'E_VALIDATION');
    expect((await put({ totalWatchTime: 25, pauseCount: 2, resumeCount: 2 })).status).toBe(200);
    await expect4xx(await put({ totalWatchTime: 10 }), 422, 'E_VALIDATION');
    await expect4xx(await put({ pauseCount: 1 }), 422, 'E_VALIDATION');
    await expect4xx(await put({ resumeCount: 0 }), 422, 'E_VALIDATION');
    for (const bad of [
      { watchPercentage: 101 },
      { watchPercentage: -1 },
      { watchPercentage: 'half' },
      { totalWatchTime: -5 },
      { pauseCount: 1.5 },
      { status: 'rewinding' },
      { isCompleted: true, status: 'paused' },
      { sessionEndTime: 'later' },
      {},
    ]) {
      await expect4xx(await put(bad));
    }
    await expect4xx(await update('not-an-id', { userId: viewer.id, status: 'paused' }, viewer.token), 404);
    await expect4xx(await update('ffffffffffffffffffffffff', { userId: viewer.id, status: 'paused' }, viewer.token), 404, 'E_NOT_FOUND');

    const db = await appDb.db();
    const [row] = await db.select().from(watchSessions).where(eq(watchSessions.id, id));
    expect(row).toMatchObject({ totalWatchTime: 25, pauseCount: 2, resumeCount: 2, watchPercentage: 0, status: 'active' });
  });
});

describe('GET api/client/watchSession/active/{userId}', () => {
  it("lists the user's open sessions only, and only to that user", async () => {
    const viewer = await makeUser();
    const other = await makeUser();
    const open1 = await started(viewer);
    const open2 = await started(viewer);
    const ended = await started(viewer);
    await update(ended, { userId: viewer.id, status: 'stopped' }, viewer.token);
    await update(open2, { userId: viewer.id, status: 'paused' }, viewer.token);
    const theirs = await started(other);

    const res = await active(viewer.id, viewer.token);
    expect(res.status).toBe(200);
    const json = await res.json();
    expect(json.success).toBe(true);
    const ids = json.data.map((s: { _id: string }) => s._id).sort();
    expect(ids).toEqual([open1, open2].sort());
    expect(ids).not.toContain(theirs);

    await expect4xx(await active(viewer.id, other.token), 403, 'E_UNAUTHORIZED');
    await expect4xx(await active(viewer.id), 401);
  });
});
