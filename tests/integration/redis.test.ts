import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetServerEnvForTests } from '@/lib/env';
import * as cache from '@/lib/server/cache';
import { checkRateLimit, createRateLimiter } from '@/lib/server/rate-limit';
import { connectRedis, sharedRedis, type RedisConnection } from '@/lib/server/redis/connection';
import { INVALIDATION_CHANNEL, redisInvalidationBus } from '@/lib/server/redis/invalidation-bus';
import { redisRateLimitStore } from '@/lib/server/redis/rate-limit-store';
import type { Invalidation } from '@/lib/server/shared-state';

/**
 * The Redis side of rate limits and cache invalidation, against a real Redis: TEST_REDIS_URL, else the local default
 * port. Without one the shared-Redis tests are skipped (the reason is printed); the fail-open test needs no Redis.
 * Several "instances" are separate connections in this one process. Keys and channels carry a per-run prefix so
 * parallel runs against one Redis do not meet.
 */

vi.mock('@/lib/server/catalog', () => ({
  listGenres: vi.fn(async () => []),
  listBanners: vi.fn(async () => []),
  listLatest: vi.fn(async () => []),
  listTitles: vi.fn(async () => ({ items: [], total: 0 })),
  listTitlesGroupedByGenre: vi.fn(async () => []),
  listArtists: vi.fn(async () => []),
  searchTitles: vi.fn(async () => ({ items: [], total: 0 })),
  getTitle: vi.fn(async (id: string) => ({ _id: id, name: 'Tahan Na, Mahal' })),
}));
vi.mock('@/lib/server/http/page-cache', () => ({ purgeCachedPage: vi.fn() }));

const catalog = vi.mocked(await import('@/lib/server/catalog'));
const { purgeCachedPage } = vi.mocked(await import('@/lib/server/http/page-cache'));

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const RUN = `kilig-test:${process.pid}-${randomUUID().slice(0, 8)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Null when a Redis answers at `url`, else why not. */
async function whyNoRedis(url: string): Promise<string | null> {
  const probe = createClient({ url, socket: { connectTimeout: 1_000, reconnectStrategy: false } });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return null;
  } catch (err) {
    return `no Redis answers at ${url} (${err instanceof Error ? err.message || err.name : String(err)}); set TEST_REDIS_URL or start redis-server`;
  } finally {
    if (probe.isOpen) probe.destroy();
  }
}

const skipReason = await whyNoRedis(REDIS_URL);
if (skipReason) console.warn(`redis.test.ts: shared-Redis tests skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)(`with Redis${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  const opened: RedisConnection[] = [];
  const connect = (name: string) => {
    const connection = connectRedis(REDIS_URL, name);
    opened.push(connection);
    return connection;
  };
  const admin = createClient({ url: REDIS_URL });

  beforeAll(async () => {
    await admin.connect();
    // This process is one instance with REDIS_URL set: cache.ts and checkRateLimit pick Redis from it.
    process.env.REDIS_URL = REDIS_URL;
    resetServerEnvForTests();
  });

  afterAll(() => {
    for (const connection of opened) connection.close();
    const shared = sharedRedis();
    shared?.commands.close();
    shared?.subscriber.close();
    admin.destroy();
  });

  it('two instances, each with its own connection, share one count', async () => {
    const a = createRateLimiter(redisRateLimitStore(connect('a'), `${RUN}:rate:`));
    const b = createRateLimiter(redisRateLimitStore(connect('b'), `${RUN}:rate:`));
    const rule = { name: 'shared', limit: 3, windowMs: 5_000 };

    await a(rule, '203.0.113.7');
    await b(rule, '203.0.113.7');
    await a(rule, '203.0.113.7');
    await expect(b(rule, '203.0.113.7')).rejects.toMatchObject({ code: 'E_RATE_LIMITED' });
    await expect(a(rule, '203.0.113.7')).rejects.toMatchObject({ code: 'E_RATE_LIMITED' });
    await expect(b(rule, '203.0.113.8')).resolves.toBeUndefined();

    // The counter expires with its window, so no key outlives it.
    const ttl = await admin.pTTL(`${RUN}:rate:shared:203.0.113.7`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5_000);
  });

  it('counts from zero again once the window has passed', async () => {
    const a = createRateLimiter(redisRateLimitStore(connect('a'), `${RUN}:rate:`));
    const b = createRateLimiter(redisRateLimitStore(connect('b'), `${RUN}:rate:`));
    const rule = { name: 'window', limit: 1, windowMs: 300 };

    await a(rule, '203.0.113.9');
    await expect(b(rule, '203.0.113.9')).rejects.toMatchObject({ code: 'E_RATE_LIMITED' });
    await sleep(400);
    await expect(b(rule, '203.0.113.9')).resolves.toBeUndefined();
    await expect(a(rule, '203.0.113.9')).rejects.toMatchObject({ code: 'E_RATE_LIMITED' });
  });

  it('checkRateLimit counts in Redis when REDIS_URL is set', async () => {
    const rule = { name: `${RUN}-wired`, limit: 5, windowMs: 5_000 };
    await checkRateLimit(rule, '198.51.100.1');
    await checkRateLimit(rule, '198.51.100.1');
    expect(await admin.get(`kilig:rate:${RUN}-wired:198.51.100.1`)).toBe('2');
  });

  it('an invalidation reaches the other instances, not the one that sent it', async () => {
    const channel = `${RUN}:invalidation`;
    const heardByA = vi.fn<(invalidation: Invalidation) => void>();
    const heardByB = vi.fn<(invalidation: Invalidation) => void>();
    const a = redisInvalidationBus({ publisher: connect('a'), subscriber: connect('a-sub'), apply: heardByA, channel });
    const b = redisInvalidationBus({ publisher: connect('b'), subscriber: connect('b-sub'), apply: heardByB, channel });
    await Promise.all([a.subscribed, b.subscribed]);

    const stale = { tags: ['title:x', 'cards'], paths: ['/movie/X-x'] };
    await a.publish(stale);
    await vi.waitFor(() => expect(heardByB).toHaveBeenCalledWith(stale));
    await sleep(100); // A's own copy of the message has arrived by now, if it were to be applied
    expect(heardByA).not.toHaveBeenCalled();
  });

  it("another instance's publish drops this instance's memo entries by tag and its page-cache copies", async () => {
    const titleId = `${RUN}-t1`;
    await cache.getTitle(titleId); // the first kept copy subscribes this process
    await cache.listGenres();
    const other = redisInvalidationBus({ publisher: connect('other'), subscriber: connect('other-sub'), apply: () => undefined });

    // Published until this process's subscription (opened in the background) has heard one.
    await vi.waitFor(
      async () => {
        await other.publish({ tags: [cache.titleTag(titleId)], paths: ['/movie/Tahan-Na,-Mahal-x'] });
        await cache.getTitle(titleId);
        expect(catalog.getTitle.mock.calls.length).toBeGreaterThan(1);
      },
      { timeout: 5_000, interval: 100 },
    );
    expect(purgeCachedPage).toHaveBeenCalledWith('/movie/Tahan-Na,-Mahal-x');
    await cache.listGenres();
    expect(catalog.listGenres).toHaveBeenCalledTimes(1); // other tags stay
  });

  it('titleEngagementChanged publishes the tags and paths it dropped', async () => {
    const titleId = `${RUN}-t2`;
    const listener = admin.duplicate();
    await listener.connect();
    let hear!: (message: Invalidation) => void;
    const heard = new Promise<Invalidation>((resolve) => (hear = resolve));
    try {
      await listener.subscribe(INVALIDATION_CHANNEL, (raw) => {
        const message = JSON.parse(raw) as Invalidation;
        if (message.tags.includes(cache.titleTag(titleId))) hear(message);
      });
      await cache.titleEngagementChanged(titleId);
      expect(await heard).toMatchObject({
        tags: [cache.titleTag(titleId), cache.CARDS_TAG],
        // Both spellings of its page, in English and in Filipino.
        paths: [`/movie/Tahan-Na%2C-Mahal-${titleId}`, `/fil/movie/Tahan-Na%2C-Mahal-${titleId}`, `/movie/Tahan-Na,-Mahal-${titleId}`, `/fil/movie/Tahan-Na,-Mahal-${titleId}`],
      });
    } finally {
      listener.destroy();
    }
  });
});

describe('without Redis', () => {
  it('a Redis that does not answer lets requests through, warns once per connection, and publishing fails fast', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as net.AddressInfo;
        server.close(() => resolve(free));
      });
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const warnings = (text: string) => warn.mock.calls.filter(([line]) => String(line).includes(text)).length;
    const down = connectRedis(`redis://127.0.0.1:${port}`, 'down');
    const downSub = connectRedis(`redis://127.0.0.1:${port}`, 'down-sub');
    try {
      const limit = createRateLimiter(redisRateLimitStore(down, `${RUN}:rate:`));
      const rule = { name: 'down', limit: 1, windowMs: 60_000 };
      const started = Date.now();
      for (let i = 0; i < 5; i++) await expect(limit(rule, '192.0.2.1')).resolves.toBeUndefined();
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(warnings('rate-limit store unavailable')).toBe(1);

      const bus = redisInvalidationBus({ publisher: down, subscriber: downSub, apply: () => undefined, channel: `${RUN}:down` });
      await expect(bus.publish({ tags: ['cards'], paths: [] })).rejects.toThrow();

      // Both connections keep retrying in the background (100, 200, 400 ms …) without a warning per retry.
      await sleep(800);
      expect(warnings('redis unreachable')).toBe(2);
    } finally {
      down.close();
      downSub.close();
      warn.mockRestore();
    }
  });
});
