import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createClient } from 'redis';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CacheHandler, CacheHandlerValue } from 'next/dist/server/lib/incremental-cache';
import type { TagManifestEntry } from 'next/dist/server/lib/incremental-cache/tags-manifest.external';
import { resetServerEnvForTests } from '@/lib/env';
import { SharedCacheHandler } from '@/lib/server/next-cache/redis-cache-handler';
import { EVERY_PAGE_TAG, NEXT_CACHE_PREFIX, pathTags } from '@/lib/server/next-cache/shared-tags';
import { connectRedis, type RedisConnection } from '@/lib/server/redis/connection';

/**
 * The shared Next cache (lib/server/next-cache/) against a real Redis: TEST_REDIS_URL, else the local default port;
 * without one the Redis tests are skipped with the reason printed (the Redis-down test needs none). Each handler is
 * one app instance, with a folder of its own for Next's local cache, as on separate machines; they share Redis under a
 * per-run key prefix. Next's tag manifest is one per process, so it is emptied before an instance reads: what that
 * instance sees can only have come through Redis.
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

const requireNext = createRequire(path.join(process.cwd(), 'package.json'));
const { nodeFs } = requireNext('next/dist/server/lib/node-fs-methods') as { nodeFs: NonNullable<ConstructorParameters<typeof SharedCacheHandler>[0]['fs']> };
const { tagsManifest } = requireNext('next/dist/server/lib/incremental-cache/tags-manifest.external') as { tagsManifest: Map<string, TagManifestEntry> };

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const RUN = `kilig-h3-test:${process.pid}-${randomUUID().slice(0, 8)}:`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
if (skipReason) console.warn(`next-cache.test.ts: shared-cache tests skipped: ${skipReason}`);

const folders: string[] = [];
const connections: RedisConnection[] = [];
afterAll(() => {
  for (const c of connections) c.close();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

/** One app instance: its own local cache folder (`<dist>/server`), the given Redis (or none). */
function instance(redis: RedisConnection | null, opts: { prefix?: string; buildId?: string } = {}) {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'kilig-h3-next-cache-'));
  folders.push(dist);
  return new SharedCacheHandler(
    { fs: nodeFs, serverDistDir: path.join(dist, 'server'), flushToDisk: true, maxMemoryCacheSize: 0, revalidatedTags: [], _requestHeaders: {} },
    { redis, prefix: opts.prefix ?? RUN, buildId: opts.buildId ?? 'build-1' },
  );
}

type GetCtx = Parameters<CacheHandler['get']>[1];
type SetCtx = Parameters<CacheHandler['set']>[2];
type SetData = Parameters<CacheHandler['set']>[1];
const PAGE_GET = { kind: 'APP_PAGE', isFallback: false } as unknown as GetCtx;
const PAGE_SET = { cacheControl: { revalidate: 300, expire: 31536000 } } as unknown as SetCtx;

/** A page as Next caches it: HTML, the RSC payload, per-segment payloads, and its implicit tags in a header. */
function page(pathname: string, html: string): SetData {
  return {
    kind: 'APP_PAGE',
    html,
    rscData: Buffer.from(`rsc of ${html} \u00ff\u0000`, 'latin1'),
    segmentData: new Map([['/_tree', Buffer.from([0, 1, 2, 255])]]),
    postponed: undefined,
    status: 200,
    headers: { 'x-next-cache-tags': [EVERY_PAGE_TAG, '_N_T_/[locale]/layout', '_N_T_/[locale]/movie/[slug]/page', ...pathTags(pathname)].join(',') },
  } as unknown as SetData;
}

const htmlOf = (entry: CacheHandlerValue | null) => (entry?.value as { html?: string } | null | undefined)?.html;

describe.skipIf(skipReason !== null)(`with Redis${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let a: SharedCacheHandler;
  let b: SharedCacheHandler;
  const connect = () => {
    const c = connectRedis(REDIS_URL, 'next-cache-test');
    connections.push(c);
    return c;
  };

  beforeAll(() => {
    a = instance(connect());
    b = instance(connect());
  });
  beforeEach(() => tagsManifest.clear());

  it('a page one instance rendered is served by another, bytes and segment payloads intact, with its lifetime', async () => {
    const key = `/en/movie/shared-${randomUUID()}`;
    await a.set(key, page(key, '<p>v1</p>'), PAGE_SET);
    const entry = await b.get(key, PAGE_GET);
    const value = entry?.value as { html: string; rscData: Buffer; segmentData: Map<string, Buffer> };
    expect(value.html).toBe('<p>v1</p>');
    expect(Buffer.isBuffer(value.rscData)).toBe(true);
    expect(value.rscData.toString('latin1')).toBe('rsc of <p>v1</p> \u00ff\u0000');
    expect(value.segmentData.get('/_tree')).toEqual(Buffer.from([0, 1, 2, 255]));
    expect(entry?.cacheControl).toEqual({ revalidate: 300, expire: 31536000 });
    expect(entry?.lastModified).toBeGreaterThan(Date.now() - 10_000);
  });

  it("revalidatePath on one instance (its page's implicit tag) makes the page a miss on the other until re-rendered", async () => {
    const key = `/en/movie/revalidated-${randomUUID()}`;
    await a.set(key, page(key, '<p>old price</p>'), PAGE_SET);
    expect(htmlOf(await b.get(key, PAGE_GET))).toBe('<p>old price</p>');
    await sleep(5);
    // What Next calls at the end of a request that ran revalidatePath(key): no durations, expired at once.
    await a.revalidateTag(pathTags(key));
    tagsManifest.clear();
    expect(await b.get(key, PAGE_GET)).toBeNull();
    // B re-renders it; the new entry is newer than the revalidation, on both instances.
    await sleep(5);
    await b.set(key, page(key, '<p>new price</p>'), PAGE_SET);
    expect(htmlOf(await a.get(key, PAGE_GET))).toBe('<p>new price</p>');
    expect(htmlOf(await b.get(key, PAGE_GET))).toBe('<p>new price</p>');
  });

  it('revalidateTag with a profile marks entries stale on the other instance (served once while they re-render)', async () => {
    const key = `/en/movie/stale-${randomUUID()}`;
    await a.set(key, page(key, '<p>v1</p>'), PAGE_SET);
    await sleep(5);
    await a.revalidateTag(pathTags(key), { expire: 3600 });
    tagsManifest.clear();
    // Not a miss: Next serves it stale and re-renders, because the shared time is now in its own manifest.
    expect(htmlOf(await b.get(key, PAGE_GET))).toBe('<p>v1</p>');
    const [tag] = pathTags(key);
    expect(tagsManifest.get(tag)?.stale).toBeGreaterThan(Date.now() - 10_000);
    expect(tagsManifest.get(tag)?.expired).toBeGreaterThan(Date.now() + 3_000_000);
  });

  it('fetch data is shared with its tags, and a tag revalidated elsewhere makes it a miss', async () => {
    const key = `fetch-${randomUUID()}`;
    const data = { kind: 'FETCH', data: { headers: {}, body: 'eyJwcmljZSI6MTAwfQ==', status: 200, url: 'http://x/price' }, revalidate: 60 } as unknown as SetData;
    await a.set(key, data, { fetchCache: true, tags: ['prices'] } as unknown as SetCtx);
    const fetchCtx = { kind: 'FETCH', tags: ['prices'], softTags: [] } as unknown as GetCtx;
    expect((await b.get(key, fetchCtx))?.value).toMatchObject({ kind: 'FETCH', tags: ['prices'] });
    await sleep(5);
    await b.revalidateTag('prices');
    tagsManifest.clear();
    expect(await a.get(key, fetchCtx)).toBeNull();
  });

  it("on a Redis miss the instance's own copy (the build's prerendered page) is used, checked against shared tag times", async () => {
    const key = `/en/movie/seed-${randomUUID()}`;
    const dist = mkdtempSync(path.join(os.tmpdir(), 'kilig-h3-next-cache-'));
    folders.push(dist);
    const ctx = { fs: nodeFs, serverDistDir: path.join(dist, 'server'), flushToDisk: true, maxMemoryCacheSize: 0, revalidatedTags: [], _requestHeaders: {} };
    // What `next build` leaves on disk: written without Redis (the build shares nothing).
    await new SharedCacheHandler(ctx, { redis: null }).set(key, page(key, '<p>prerendered</p>'), PAGE_SET);
    const c = new SharedCacheHandler(ctx, { redis: connect(), prefix: RUN, buildId: 'build-1' });
    expect(htmlOf(await c.get(key, PAGE_GET))).toBe('<p>prerendered</p>');
    await sleep(5);
    await a.revalidateTag(EVERY_PAGE_TAG); // a publish on another instance
    tagsManifest.clear();
    expect(await c.get(key, PAGE_GET)).toBeNull();
  });

  it('two builds never read each other’s entries', async () => {
    const key = `/en/movie/build-${randomUUID()}`;
    await a.set(key, page(key, '<p>build 1</p>'), PAGE_SET);
    const other = instance(connect(), { buildId: 'build-2' });
    expect(await other.get(key, PAGE_GET)).toBeNull();
  });

  it("a studio change (cache.ts catalogChanged, also from a job outside any request) expires every page on every instance", async () => {
    // This process is an app instance with REDIS_URL set: cache.ts writes to the default prefix, in a database of
    // its own (15) so no other test or running instance shares these keys.
    const url = `${REDIS_URL.replace(/\/\d+$/, '')}/15`;
    const previous = process.env.REDIS_URL;
    process.env.REDIS_URL = url;
    resetServerEnvForTests();
    const admin = createClient({ url });
    await admin.connect();
    try {
      const other = instance(connect15(url), { prefix: NEXT_CACHE_PREFIX, buildId: `build-${randomUUID()}` });
      const key = `/en/movie/published-${randomUUID()}`;
      await other.set(key, page(key, '<p>before publish</p>'), PAGE_SET);
      expect(htmlOf(await other.get(key, PAGE_GET))).toBe('<p>before publish</p>');
      await sleep(5);
      // The other instances hear of it on the bus only once the pages are expired in Redis: an instance that purges
      // its page cache on the message can no longer take the old page back from Next's cache. This process's shared
      // connections are real ones whose commands are noted in order.
      const order: string[] = [];
      const noting = (real: RedisConnection): RedisConnection => ({
        run: (fn) =>
          real.run((client) =>
            fn(
              new Proxy(client, {
                get(target, name, receiver) {
                  if (name === 'multi' || name === 'publish') order.push(name);
                  const value: unknown = Reflect.get(target, name, receiver);
                  return typeof value === 'function' ? value.bind(target) : value;
                },
              }),
            ),
          ),
        close: () => real.close(),
      });
      (globalThis as { __kiligRedis?: unknown }).__kiligRedis = { commands: noting(connect15(url)), subscriber: connect15(url) };
      const { catalogChanged } = await import('@/lib/server/cache');
      await catalogChanged({ titleIds: [`title-${randomUUID()}`] });
      expect(order).toEqual(['multi', 'publish']);
      tagsManifest.clear();
      expect(await other.get(key, PAGE_GET)).toBeNull();
      expect(Number(await admin.hGet(`${NEXT_CACHE_PREFIX}tags:expired`, EVERY_PAGE_TAG))).toBeGreaterThan(Date.now() - 10_000);
    } finally {
      await admin.del([`${NEXT_CACHE_PREFIX}tags:stale`, `${NEXT_CACHE_PREFIX}tags:expired`]);
      admin.destroy();
      delete (globalThis as { __kiligRedis?: unknown }).__kiligRedis;
      if (previous === undefined) delete process.env.REDIS_URL;
      else process.env.REDIS_URL = previous;
      resetServerEnvForTests();
    }
  });

  function connect15(url: string) {
    const c = connectRedis(url, 'next-cache-test-15');
    connections.push(c);
    return c;
  }
});

describe('with Redis down', () => {
  it('serves and stores through the local cache, never throws, and revalidates locally', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const silent = connectRedis('redis://127.0.0.1:1', 'next-cache-test-down');
    connections.push(silent);
    const c = instance(silent);
    const key = `/en/movie/offline-${randomUUID()}`;
    await expect(c.set(key, page(key, '<p>local</p>'), PAGE_SET)).resolves.toBeUndefined();
    expect(htmlOf(await c.get(key, PAGE_GET))).toBe('<p>local</p>');
    await sleep(5);
    await expect(c.revalidateTag(pathTags(key))).resolves.toBeUndefined();
    // This instance's own revalidation holds without Redis, as with Next's file-system cache.
    expect(await c.get(key, PAGE_GET)).toBeNull();
    const outages = warn.mock.calls.filter(([line]) => String(line).includes('redis unreachable'));
    expect(outages).toHaveLength(1);
    warn.mockRestore();
  });
});
