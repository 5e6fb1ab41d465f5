import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATCH_SESSION_CREATE_LIMIT } from '@/app/api/client/watchSession/limits';
import { videos } from '@/lib/server/db/schema';
import { openAppDb } from '../fixtures/app-db';
import { call } from '../fixtures/http';
import { makeUser } from '../fixtures/users';

/**
 * Watch-session limits are per user: viewers behind one carrier NAT address (the same client address here: none of
 * these requests names one) do not exhaust each other's limit.
 */

const appDb = openAppDb({ seed: true });
afterAll(() => appDb.close());

let videoId: string;
beforeAll(async () => {
  const db = await appDb.db();
  [{ id: videoId }] = await db.select({ id: videos.id }).from(videos).where(and(eq(videos.isPremium, false), gt(videos.episodeNumber, 0))).limit(1);
});

describe('watch-session rate limits', () => {
  it('are counted per signed-in user, not per address', async () => {
    const { POST } = await import('@/app/api/client/watchSession/route');
    const db = await appDb.db();
    const [busy, neighbour] = [await makeUser(db), await makeUser(db)];
    const start = (who: { id: string; token: string }) =>
      call(POST, '/api/client/watchSession', { method: 'POST', token: who.token, body: { userId: who.id, videoId, sessionStartTime: new Date().toISOString() } });

    for (let i = 0; i < WATCH_SESSION_CREATE_LIMIT.limit; i++) expect((await start(busy)).status).toBe(201);
    const limited = await start(busy);
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ status: false, code: 'E_RATE_LIMITED' });

    // Same address, another viewer: unaffected.
    expect((await start(neighbour)).status).toBe(201);
  });
});
