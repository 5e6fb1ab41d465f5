import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants as zlib } from 'node:zlib';
import type { CacheHandler, CacheHandlerContext, CacheHandlerValue } from 'next/dist/server/lib/incremental-cache';
import type FileSystemCacheClass from 'next/dist/server/lib/incremental-cache/file-system-cache';
import type { TagManifestEntry } from 'next/dist/server/lib/incremental-cache/tags-manifest.external';
import { RESP_TYPES } from 'redis';
import { sharedRedis, type RedisConnection } from '@/lib/server/redis/connection';
import { expireTags, expiredSince, NEXT_CACHE_PREFIX, readTags, type TagState } from './shared-tags';

/**
 * Next's incremental cache (ISR pages, route handlers, fetch data) shared by every instance through Redis, over
 * Next's own file-system cache. Next loads it by path (next.config.ts `cacheHandler`, only with REDIS_URL) from a
 * bundle of this file (bundle.ts): it runs in `next start` outside the app's bundle, but in the same process, so it
 * shares the app's Redis connections (sharedRedis() lives on globalThis).
 *
 * - get: the entry in Redis (any instance may have rendered it), else the local one (the build's prerendered page,
 *   or this instance's copy); either is checked against the tags' shared revalidation times, so a page revalidated
 *   on another instance is re-rendered here on its next request, not after its revalidate time.
 * - set: written through to both; revalidateTag: recorded in both (shared-tags.ts).
 * - Redis down (or silent past the connection's command timeout): the local cache alone, exactly as without Redis; the
 *   connection logs one warning per outage. Revalidations made meanwhile reach only their own instance.
 *
 * Entry keys carry the build id, so two builds never read each other's pages (a page's HTML names its build's
 * scripts); tag times are shared by all builds. Entries live ENTRY_TTL_S; a page older is re-rendered anyway.
 */

/** Next's internals this handler builds on, loaded from Next's own files so the module instances are Next's. */
const requireNext = createRequire(path.join(process.cwd(), 'package.json'));
const FileSystemCache = (requireNext('next/dist/server/lib/incremental-cache/file-system-cache') as { default: typeof FileSystemCacheClass }).default;
/** The process's tag times, which Next consults on each get (areTagsStale/areTagsExpired): shared times are merged in. */
const tagsManifest = (requireNext('next/dist/server/lib/incremental-cache/tags-manifest.external') as { tagsManifest: Map<string, TagManifestEntry> })
  .tagsManifest;

const ENTRY_TTL_S = 7 * 24 * 3600;
/**
 * Entries are stored compressed: a movie page is about 500 kB as JSON (HTML, RSC payload and segments in base64) and
 * 70 kB with Brotli at quality 4, which takes some 20 ms once per render (in zlib's thread pool, not the event loop)
 * and about 1 ms per read.
 */
const pack = promisify(brotliCompress);
const unpack = promisify(brotliDecompress);
const PACK_OPTIONS = { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } };
/** Replies as bytes, not text: the stored entries are compressed. */
const BYTES = { [RESP_TYPES.BLOB_STRING]: Buffer };
const CACHE_TAGS_HEADER = 'x-next-cache-tags';

type GetContext = Parameters<CacheHandler['get']>[1];
type SetContext = Parameters<CacheHandler['set']>[2];
type SetData = Parameters<CacheHandler['set']>[1];

export type SharedCacheOptions = {
  /** The Redis to share through; null: the local cache alone. */
  redis: RedisConnection | null;
  /** Key prefix (tests use their own). */
  prefix?: string;
  /** Entry keys' build id; read from the build (`<dist>/BUILD_ID`) when absent. */
  buildId?: string;
};

/** Buffers (a page's RSC payload, a route's body) and Maps (segment payloads) survive JSON as tagged objects. */
function encode(entry: CacheHandlerValue): string {
  return JSON.stringify(entry, function (this: Record<string, unknown>, key, value: unknown) {
    const original = this[key];
    if (original instanceof Uint8Array) return { __kiligBytes: Buffer.from(original.buffer, original.byteOffset, original.byteLength).toString('base64') };
    if (original instanceof Map) return { __kiligMap: [...original.entries()] };
    return value;
  });
}

async function decode(packed: Buffer): Promise<CacheHandlerValue | null> {
  try {
    return JSON.parse((await unpack(packed)).toString('utf8'), (_key, value: unknown) => {
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        const tagged = value as { __kiligBytes?: unknown; __kiligMap?: unknown };
        if (typeof tagged.__kiligBytes === 'string') return Buffer.from(tagged.__kiligBytes, 'base64');
        if (Array.isArray(tagged.__kiligMap)) return new Map(tagged.__kiligMap as [string, unknown][]);
      }
      return value;
    }) as CacheHandlerValue;
  } catch {
    return null; // an entry this code cannot read is a miss
  }
}

/** The tags an entry is checked against: a response's from its header, fetch data's from the call and the entry. */
function tagsOf(entry: CacheHandlerValue, ctx: GetContext): string[] {
  const tags = new Set<string>();
  const value = entry.value as { kind?: string; headers?: Record<string, unknown>; tags?: string[] } | null;
  const header = value?.headers?.[CACHE_TAGS_HEADER];
  if (typeof header === 'string') for (const t of header.split(',')) if (t) tags.add(t);
  for (const t of value?.tags ?? []) tags.add(t);
  if ('tags' in ctx) for (const t of [...(ctx.tags ?? []), ...(ctx.softTags ?? [])]) tags.add(t);
  return [...tags];
}

/** Shared revalidation times into this process's manifest, so Next's own stale checks see them too. */
function mergeIntoManifest(states: ReadonlyMap<string, TagState>): void {
  for (const [tag, shared] of states) {
    const local = tagsManifest.get(tag) ?? {};
    const newer = (a?: number, b?: number) => (a === undefined ? b : b === undefined ? a : Math.max(a, b));
    tagsManifest.set(tag, { stale: newer(local.stale, shared.stale), expired: newer(local.expired, shared.expired) });
  }
}

function readBuildId(serverDistDir: string | undefined): string {
  try {
    return readFileSync(path.join(serverDistDir ?? '', '..', 'BUILD_ID'), 'utf8').trim() || 'unbuilt';
  } catch {
    return 'unbuilt';
  }
}

export class SharedCacheHandler implements CacheHandler {
  private readonly local: FileSystemCacheClass;
  private readonly redis: RedisConnection | null;
  private readonly prefix: string;
  private readonly entryPrefix: string;

  constructor(ctx: CacheHandlerContext, options?: SharedCacheOptions) {
    this.local = new FileSystemCache({ ...ctx, fs: ctx.fs!, serverDistDir: ctx.serverDistDir! });
    // `next build` prerenders into the build's own files, which every instance of the build reads: nothing to share
    // yet, and no build id to key it by. NEXT_PHASE is Next's own variable (not a setting of ours for lib/env.ts), set
    // for the build's workers.
    const building = process.env.NEXT_PHASE === 'phase-production-build';
    this.redis = options ? options.redis : building ? null : (sharedRedis()?.commands ?? null);
    this.prefix = options?.prefix ?? NEXT_CACHE_PREFIX;
    this.entryPrefix = `${this.prefix}entry:${options?.buildId ?? readBuildId(ctx.serverDistDir)}:`;
  }

  async get(key: string, ctx: GetContext): Promise<CacheHandlerValue | null> {
    const redis = this.redis;
    if (!redis) return this.local.get(key, ctx);
    let stored: Buffer | null;
    try {
      stored = await redis.run((client) => client.withTypeMapping(BYTES).get(this.entryPrefix + key));
    } catch {
      return this.local.get(key, ctx); // Redis down: logged once by the connection
    }
    const entry = (stored === null ? null : await decode(stored)) ?? (await this.local.get(key, ctx));
    if (!entry) return null;
    const tags = tagsOf(entry, ctx);
    if (tags.length === 0) return entry;
    try {
      const states = await redis.run((client) => readTags(client, this.prefix, tags));
      mergeIntoManifest(states);
      // Expired by a revalidation on any instance: a miss, so Next renders it now (as its file-system cache does).
      if (expiredSince(states, entry.lastModified)) return null;
    } catch {
      // Redis went away between the two reads: the entry is as good as the local cache's.
    }
    return entry;
  }

  async set(key: string, data: SetData, ctx: SetContext): Promise<void> {
    const local = this.local.set(key, data, ctx as Parameters<FileSystemCacheClass['set']>[2]);
    const redis = this.redis;
    if (redis) {
      const entry: CacheHandlerValue = { lastModified: Date.now(), value: data };
      if (!('fetchCache' in ctx && ctx.fetchCache) && 'cacheControl' in ctx && ctx.cacheControl) entry.cacheControl = ctx.cacheControl;
      if (data && 'fetchCache' in ctx && ctx.fetchCache && ctx.tags) entry.value = { ...data, tags: ctx.tags } as SetData;
      const packed = await pack(Buffer.from(encode(entry)), PACK_OPTIONS);
      await redis.run((client) => client.set(this.entryPrefix + key, packed, { EX: ENTRY_TTL_S })).catch(() => undefined);
    }
    await local;
  }

  async revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void> {
    const list = typeof tags === 'string' ? [tags] : tags;
    await this.local.revalidateTag(list, durations);
    const redis = this.redis;
    if (redis) await redis.run((client) => expireTags(client, this.prefix, list, durations)).catch(() => undefined);
  }

  resetRequestCache(): void {}
}

export default SharedCacheHandler;
