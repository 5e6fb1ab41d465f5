import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediaKey, parseRange, serveMediaFile } from './media-files';

describe('parseRange', () => {
  it('reads single byte ranges, open ends and suffixes', () => {
    expect(parseRange(null, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
  });
  it('rejects what cannot be satisfied', () => {
    for (const h of ['bytes=100-', 'bytes=5-2', 'bytes=-0', 'items=0-1', 'bytes=0-1,3-4', 'bytes=-']) expect(parseRange(h, 100)).toBe('invalid');
  });
});

describe('serving media files', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'kilig-media-'));
    mkdirSync(path.join(root, 'abc123'));
    writeFileSync(path.join(root, 'abc123', 'manifest.mpd'), '<MPD/>');
    writeFileSync(path.join(root, 'abc123', 'chunk-stream0-00001.m4s'), Buffer.from('0123456789'));
    process.env.MEDIA_DIR = root;
  });

  it('maps only safe paths to keys: no escape, no hidden folder such as .staging', () => {
    expect(mediaKey(['..', 'etc', 'passwd'])).toBeNull();
    expect(mediaKey(['.staging', 'abc', 'manifest.mpd'])).toBeNull();
    expect(mediaKey(['.tmp', 'x'])).toBeNull();
    expect(mediaKey(['abc123', '..%2f..'])).toBeNull();
    expect(mediaKey(['abc123', '../x'])).toBeNull();
    expect(mediaKey(['abc123', ''])).toBeNull();
    expect(mediaKey([])).toBeNull();
    expect(mediaKey(['a', 'b', 'c', 'd', 'e'])).toBeNull();
    expect(mediaKey(['abc123', 'manifest.mpd'])).toBe('abc123/manifest.mpd');
  });

  it('answers content type, immutable caching and byte ranges', async () => {
    const { resetServerEnvForTests } = await import('@/lib/env');
    resetServerEnvForTests();
    const full = await serveMediaFile(new Request('http://x/media/abc123/manifest.mpd'), ['abc123', 'manifest.mpd']);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('application/dash+xml');
    expect(full.headers.get('cache-control')).toContain('immutable');
    expect(await full.text()).toBe('<MPD/>');

    const part = await serveMediaFile(new Request('http://x/', { headers: { range: 'bytes=2-5' } }), ['abc123', 'chunk-stream0-00001.m4s']);
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(await part.text()).toBe('2345');

    const bad = await serveMediaFile(new Request('http://x/', { headers: { range: 'bytes=20-' } }), ['abc123', 'chunk-stream0-00001.m4s']);
    expect(bad.status).toBe(416);
    expect(bad.headers.get('content-range')).toBe('bytes */10');
    expect((await serveMediaFile(new Request('http://x/'), ['abc123', 'nope.m4s'])).status).toBe(404);

    const etag = full.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    const again = await serveMediaFile(new Request('http://x/', { headers: { 'if-none-match': etag } }), ['abc123', 'manifest.mpd']);
    expect(again.status).toBe(304);
    const head = await serveMediaFile(new Request('http://x/', { method: 'HEAD' }), ['abc123', 'chunk-stream0-00001.m4s']);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('10');
    expect(await head.text()).toBe('');
  });
});
