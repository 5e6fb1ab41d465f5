import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, setDbForTests, type DbHandle } from '@/lib/server/db/client';
import { call } from '../fixtures/http';
import { freshDb, type TestDb } from '../fixtures/db';

/**
 * A database that stops answering (a hung primary, a network partition: packets vanish, nothing is refused) must not
 * hang the app: requests fail fast with a 503 JSON error, /api/health says 503 within 2 s, and everything recovers
 * when the database answers again. The app talks to PostgreSQL through a TCP relay that can black-hole traffic.
 */

type Relay = { port: number; blackhole(on: boolean): void; close(): Promise<void> };

function relay(target: { host: string; port: number }): Promise<Relay> {
  let holed = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    // While holed, bytes in either direction are read and dropped: the peer sees silence, not a closed connection.
    client.on('data', (d) => void (holed || upstream.write(d)));
    upstream.on('data', (d) => void (holed || client.write(d)));
    const end = () => (client.destroy(), upstream.destroy(), sockets.delete(client), sockets.delete(upstream));
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        blackhole: (on) => void (holed = on),
        close: () => new Promise<void>((r) => (sockets.forEach((s) => s.destroy()), server.close(() => r()))),
      }),
    ),
  );
}

let db: TestDb;
let hole: Relay;
let app: DbHandle;

const routes = {
  collection: () => import('@/app/api/client/movieSeries/fetchMediaCollection/route'),
  health: () => import('@/app/api/health/route'),
};

beforeAll(async () => {
  db = await freshDb({ seed: true });
  const url = new URL(db.url);
  hole = await relay({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1';
  url.port = String(hole.port);
  // Short limits keep the test quick; the defaults (lib/env.ts) are a few seconds.
  app = await createDb({ url: url.toString(), pool: { max: 4, connectTimeoutMs: 700, statementTimeoutMs: 900 } });
  setDbForTests(Promise.resolve(app));
});
afterAll(async () => {
  await app?.close().catch(() => {});
  await hole?.close();
  await db?.close();
});

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

describe('a database that stops answering', () => {
  it('makes API calls fail fast with 503 JSON and /api/health answer 503 within 2 s, then recovers', async () => {
    const { GET: collection } = await routes.collection();
    const { GET: health } = await routes.health();
    expect((await call(collection, '/x?start=1&limit=5')).status).toBe(200);
    expect((await health()).status).toBe(200);

    hole.blackhole(true);
    // Guest catalogue answers are kept in memory (lib/server/cache.ts): the page already read still answers, and each
    // call below asks a page nobody has read, which needs the database.
    expect((await call(collection, '/x?start=1&limit=5')).status).toBe(200);
    const calls = await Promise.all(Array.from({ length: 6 }, (_, i) => timed(() => call(collection, `/x?start=1&limit=${6 + i}`))));
    for (const { ms, value } of calls) {
      expect(value.status).toBe(503);
      expect(value.json).toMatchObject({ status: false, code: 'E_UNAVAILABLE' });
      expect(String(value.json.message)).toMatch(/try again/i);
      expect(ms).toBeLessThan(5000);
    }
    const h = await timed(() => health());
    expect(h.value.status).toBe(503);
    expect(h.ms).toBeLessThan(2000);
    expect(await h.value.json()).toMatchObject({ status: false, code: 'E_UNAVAILABLE' });

    hole.blackhole(false);
    // Connections that timed out are discarded; new ones work. Allow a moment for in-flight timeouts to settle.
    // A failed read is not kept, so the same page asks the database again on every try.
    await expect.poll(async () => (await call(collection, '/x?start=1&limit=6')).status, { timeout: 10_000, interval: 300 }).toBe(200);
    expect((await health()).status).toBe(200);
  });
});
