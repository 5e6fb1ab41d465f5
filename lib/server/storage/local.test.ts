import { mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { RangeNotSatisfiableError } from './keys';
import { localStorage } from './local';

const root = mkdtempSync(path.join(tmpdir(), 'kilig-local-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('localStorage', () => {
  const storage = localStorage(root);

  it('writes atomically and leaves no temp file behind', async () => {
    await storage.put('a/b/one.txt', 'hello');
    await storage.put('a/b/one.txt', Readable.from([Buffer.from('hello '), Buffer.from('again')]));
    expect(readFileSync(path.join(root, 'a', 'b', 'one.txt'), 'utf8')).toBe('hello again');
    expect(readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('refuses keys that could escape the folder or name hidden files', async () => {
    for (const key of ['', '/abs', '../x', 'a/../b', 'a//b', './a', '.staging/x', 'a/.tmp', 'a b', 'a\\b']) {
      await expect(storage.put(key, 'x'), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/Invalid storage key/);
    }
    await expect(storage.deletePrefix('a')).rejects.toThrow(/end with/);
  });

  it('reads ranges clamped to the size, and refuses a range past the end', async () => {
    await storage.put('seg/chunk.m4s', Buffer.from('0123456789'));
    const part = await storage.get('seg/chunk.m4s', { start: 2, end: 4 });
    expect(part?.range).toEqual({ start: 2, end: 4 });
    expect(part?.size).toBe(10);
    expect(await text(part!.body)).toBe('234');
    const tail = await storage.get('seg/chunk.m4s', { start: 7, end: 500 });
    expect(tail?.range).toEqual({ start: 7, end: 9 });
    expect(await text(tail!.body)).toBe('789');
    await expect(storage.get('seg/chunk.m4s', { start: 10 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
    expect(await storage.get('seg/missing.m4s')).toBeNull();
    expect(await storage.get('seg')).toBeNull();
  });

  it('lists in key order without hidden folders, deletes by prefix, copies folders in and out', async () => {
    mkdirSync(path.join(root, '.staging', 'x'), { recursive: true });
    writeFileSync(path.join(root, '.staging', 'x', 'manifest.mpd'), 'hidden');
    const src = mkdtempSync(path.join(tmpdir(), 'kilig-local-src-'));
    mkdirSync(path.join(src, 'v'));
    writeFileSync(path.join(src, 'manifest.mpd'), '<MPD/>');
    writeFileSync(path.join(src, 'v', 'init.mp4'), 'init');
    expect(await storage.putFolder(src, 'pkg/')).toEqual(['pkg/manifest.mpd', 'pkg/v/init.mp4']);
    rmSync(src, { recursive: true, force: true });

    expect((await storage.list('pk')).map((o) => o.key)).toEqual(['pkg/manifest.mpd', 'pkg/v/init.mp4']);
    expect((await storage.list('')).map((o) => o.key)).toEqual(['a/b/one.txt', 'pkg/manifest.mpd', 'pkg/v/init.mp4', 'seg/chunk.m4s']);
    const out = path.join(root, '..', `kilig-download-${process.pid}`);
    expect(await storage.download('pkg/v/init.mp4', out)).toBe(true);
    expect(readFileSync(out, 'utf8')).toBe('init');
    rmSync(out);
    expect(await storage.download('pkg/none', out)).toBe(false);

    expect(await storage.deletePrefix('pkg/')).toBe(2);
    expect(await storage.list('pkg/')).toEqual([]);
    await storage.delete('seg/chunk.m4s');
    await storage.delete('seg/chunk.m4s');
    expect(existsSync(path.join(root, 'seg', 'chunk.m4s'))).toBe(false);
  });
});
