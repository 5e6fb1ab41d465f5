import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { S3Client, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '@/scripts/lib/s3-server';
import { localStorage, RangeNotSatisfiableError, s3ClientConfig, s3Storage, type ObjectStorage } from '@/lib/server/storage';
import { serveMediaFile } from '@/lib/server/storage/media-files';

/**
 * The storage contract (lib/server/storage/types.ts) against both drivers: a folder, and a bucket of the S3-speaking
 * server the test starts (s3rver, scripts/lib/s3-server.ts) reached through the real AWS SDK client with the settings
 * production uses (s3ClientConfig). One suite, so the two drivers cannot drift apart.
 */

const work = mkdtempSync(path.join(tmpdir(), 'kilig-storage-'));
let s3: S3Server;
let client: S3Client;

beforeAll(async () => {
  s3 = await startS3Server({ directory: path.join(work, 's3'), buckets: ['media-test', 'uploads-test'] });
  client = new S3Client(
    s3ClientConfig({ S3_ENDPOINT: s3.endpoint, S3_REGION: s3.region, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey, S3_FORCE_PATH_STYLE: true }),
  );
});

afterAll(async () => {
  client?.destroy();
  await s3?.stop();
  rmSync(work, { recursive: true, force: true });
});

const drivers: [string, () => ObjectStorage][] = [
  ['local folder', () => localStorage(path.join(work, 'local'))],
  // A small page size, so that listing and deleting by prefix must follow continuation tokens.
  ['S3 bucket', () => s3Storage({ client, bucket: 'media-test', pageSize: 3 })],
];

describe.each(drivers)('ObjectStorage on a %s', (_name, make) => {
  let storage: ObjectStorage;
  beforeAll(() => {
    storage = make();
  });

  it('writes and reads back bytes, strings and streams', async () => {
    await storage.put('v1/manifest.mpd', '<MPD/>');
    await storage.put('v1/raw.bin', new Uint8Array([1, 2, 3]));
    await storage.put('v1/streamed.bin', Readable.from([Buffer.from('abc'), Buffer.from('def')]));
    expect(await text((await storage.get('v1/manifest.mpd'))!.body)).toBe('<MPD/>');
    expect([...(await buffer((await storage.get('v1/raw.bin'))!.body))]).toEqual([1, 2, 3]);
    expect(await text((await storage.get('v1/streamed.bin'))!.body)).toBe('abcdef');
    expect(await storage.get('v1/none.mpd')).toBeNull();
  });

  it('streams a body larger than one part (multipart on S3)', async () => {
    const big = Buffer.alloc(9 * 1024 * 1024 + 17);
    for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
    await storage.put('v1/big.bin', Readable.from([big.subarray(0, 3_000_000), big.subarray(3_000_000)]));
    const back = await storage.get('v1/big.bin');
    expect(back?.size).toBe(big.length);
    expect((await buffer(back!.body)).equals(big)).toBe(true);
  });

  it('reads a range of a segment, clamped to the size, and refuses one past the end', async () => {
    await storage.put('v1/video/chunk-00001.m4s', Buffer.from('0123456789'));
    const part = await storage.get('v1/video/chunk-00001.m4s', { start: 2, end: 5 });
    expect(part).toMatchObject({ size: 10, range: { start: 2, end: 5 } });
    expect(await text(part!.body)).toBe('2345');
    const tail = await storage.get('v1/video/chunk-00001.m4s', { start: 8, end: 99 });
    expect(tail?.range).toEqual({ start: 8, end: 9 });
    expect(await text(tail!.body)).toBe('89');
    const open = await storage.get('v1/video/chunk-00001.m4s', { start: 7 });
    expect(await text(open!.body)).toBe('789');
    await expect(storage.get('v1/video/chunk-00001.m4s', { start: 10 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
  });

  it('heads an object with size, time and a quoted validator that changes with the bytes', async () => {
    const before = await storage.head('v1/manifest.mpd');
    expect(before).toMatchObject({ key: 'v1/manifest.mpd', size: 6 });
    expect(before!.etag).toMatch(/^".+"$/);
    expect(before!.modified.getTime()).toBeGreaterThan(Date.now() - 60_000);
    await new Promise((r) => setTimeout(r, 1100));
    await storage.put('v1/manifest.mpd', '<MPD a="1"/>');
    const after = await storage.head('v1/manifest.mpd');
    expect(after!.size).toBe(12);
    expect(after!.etag).not.toBe(before!.etag);
    expect(await storage.head('v1/none')).toBeNull();
  });

  // Files go up as streams: without s3ClientConfig's WHEN_REQUIRED checksums the SDK sends them aws-chunked, and
  // s3rver (like some S3-compatible services) would store the chunk framing as the bytes, failing the listing's sizes.
  it('copies folders in and objects out', async () => {
    const dir = path.join(work, `pkg-${_name.replace(/\W/g, '')}`);
    mkdirSync(path.join(dir, 'audio'), { recursive: true });
    writeFileSync(path.join(dir, 'manifest.mpd'), '<MPD/>');
    for (let i = 1; i <= 5; i++) writeFileSync(path.join(dir, 'audio', `chunk-${i}.m4s`), `audio ${i}`);
    const keys = await storage.putFolder(dir, 'pkg/');
    expect(keys.sort()).toEqual(['pkg/audio/chunk-1.m4s', 'pkg/audio/chunk-2.m4s', 'pkg/audio/chunk-3.m4s', 'pkg/audio/chunk-4.m4s', 'pkg/audio/chunk-5.m4s', 'pkg/manifest.mpd']);
    const out = path.join(dir, 'copy.m4s');
    expect(await storage.download('pkg/audio/chunk-3.m4s', out)).toBe(true);
    expect(readFileSync(out, 'utf8')).toBe('audio 3');
    expect(await storage.download('pkg/none', out)).toBe(false);
  });

  it('lists by prefix in key order, across pages', async () => {
    const listed = await storage.list('pkg/');
    expect(listed.map((o) => o.key)).toEqual(['pkg/audio/chunk-1.m4s', 'pkg/audio/chunk-2.m4s', 'pkg/audio/chunk-3.m4s', 'pkg/audio/chunk-4.m4s', 'pkg/audio/chunk-5.m4s', 'pkg/manifest.mpd']);
    expect(listed[0]).toMatchObject({ size: 7 });
    expect((await storage.list('pkg/audio/chunk-')).length).toBe(5);
    expect((await storage.list('v1/video/')).map((o) => o.key)).toEqual(['v1/video/chunk-00001.m4s']);
    expect(await storage.list('nothing/')).toEqual([]);
    expect((await storage.list('')).length).toBe(11);
  });

  it('deletes one object, and every object under a prefix', async () => {
    await storage.delete('v1/raw.bin');
    await storage.delete('v1/raw.bin');
    expect(await storage.head('v1/raw.bin')).toBeNull();
    await storage.put('pkgx/keep.txt', 'another folder that starts alike');
    expect(await storage.deletePrefix('pkg/')).toBe(6);
    expect(await storage.list('pkg/')).toEqual([]);
    expect(await storage.head('pkgx/keep.txt')).not.toBeNull();
    expect(await storage.deletePrefix('pkg/')).toBe(0);
  });

  it('refuses keys that could escape or name hidden files', async () => {
    for (const key of ['', '/v1/a', '../a', 'v1/../a', 'v1//a', '.staging/a', 'v1/a b']) {
      await expect(storage.put(key, 'x'), key).rejects.toThrow(/Invalid storage key/);
    }
    await expect(storage.deletePrefix('v1')).rejects.toThrow(/end with '\/'/);
  });

  it('serves media through the media route: type, range, ETag, 304 and 416', async () => {
    await storage.put('abc123/chunk-stream0-00001.m4s', Buffer.from('0123456789'));
    const get = (headers: Record<string, string> = {}) =>
      serveMediaFile(new Request('http://x/media/abc123/chunk-stream0-00001.m4s', { headers }), ['abc123', 'chunk-stream0-00001.m4s'], storage);
    const whole = await get();
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/iso.segment');
    expect(whole.headers.get('cache-control')).toContain('immutable');
    expect(await whole.text()).toBe('0123456789');
    const ranged = await get({ range: 'bytes=3-5' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe('bytes 3-5/10');
    expect(await ranged.text()).toBe('345');
    const etag = whole.headers.get('etag')!;
    expect((await get({ 'if-none-match': etag })).status).toBe(304);
    const past = await get({ range: 'bytes=10-' });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */10');
    expect((await serveMediaFile(new Request('http://x/media/.tmp/x'), ['.tmp', 'x'], storage)).status).toBe(404);
  });
});

describe('the S3 bucket as another client sees it', () => {
  it('stores the content type a CDN will serve, and the bytes unframed', async () => {
    const storage = s3Storage({ client, bucket: 'media-test' });
    await storage.put('typed/manifest.mpd', Readable.from([Buffer.from('<MPD/>')]), { cacheControl: 'public, max-age=31536000, immutable' });
    const head = await client.send(new HeadObjectCommand({ Bucket: 'media-test', Key: 'typed/manifest.mpd' }));
    expect(head.ContentType).toBe('application/dash+xml');
    expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
    const got = await client.send(new GetObjectCommand({ Bucket: 'media-test', Key: 'typed/manifest.mpd' }));
    expect(await got.Body!.transformToString()).toBe('<MPD/>');
  });

  it('keeps the two buckets apart', async () => {
    const uploads = s3Storage({ client, bucket: 'uploads-test' });
    await uploads.put('video/abc', 'source');
    expect(await s3Storage({ client, bucket: 'media-test' }).head('video/abc')).toBeNull();
    expect(await uploads.head('video/abc')).toMatchObject({ size: 6 });
  });
});
