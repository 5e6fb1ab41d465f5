import 'server-only';
import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { encryptSegment } from './cenc/fragment';
import { encryptInitSegment, type TrackMap } from './cenc/init-segment';
import { isHlsMediaPlaylist, protectHlsMediaPlaylist, protectMpd } from './cenc/manifest';

/**
 * Turn a clear package (made by `packageVideo`) into a CENC-protected one with the same file names.
 *
 *   init-stream{N}.m4s         → encv/enca + sinf + tenc, pssh in moov      (cenc/init-segment.ts)
 *   chunk-stream{N}-{k}.m4s    → AES-128-CTR samples + saiz/saio/senc       (cenc/fragment.ts)
 *   manifest.mpd               → ContentProtection with cenc:default_KID    (cenc/manifest.ts)
 *   media_{N}.m3u8             → #EXT-X-KEY SAMPLE-AES-CTR when hlsKeyUri is given
 *   everything else (master.m3u8, posters, WebVTT and its playlist, …) is copied as is.
 *
 * The key only lives in memory here; callers store it sealed (lib/server/drm/keys.ts).
 */

export interface EncryptPackageOptions {
  sourceDir: string;
  outDir: string;
  /** 16 bytes. */
  keyId: Buffer;
  /** 16 bytes. */
  key: Buffer;
  /** URI for `#EXT-X-KEY` (raw key, KEYFORMAT identity); HLS playlists are copied unkeyed when absent. */
  hlsKeyUri?: string;
}

const INIT_RE = /^init-stream(\d+)\.m4s$/;
const CHUNK_RE = /^chunk-stream(\d+)-\d+\.m4s$/;
const CONCURRENCY = 8;

async function mapLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  });
  await Promise.all(workers);
}

export async function encryptPackage(opts: EncryptPackageOptions): Promise<void> {
  const { sourceDir, outDir, keyId, key, hlsKeyUri } = opts;
  if (keyId.length !== 16) throw new Error('keyId must be 16 bytes');
  if (key.length !== 16) throw new Error('key must be 16 bytes');
  if (resolve(sourceDir) === resolve(outDir)) throw new Error('outDir must differ from sourceDir');

  const names = (await readdir(sourceDir)).sort();
  if (!names.includes('manifest.mpd')) throw new Error(`${sourceDir} has no manifest.mpd`);
  await mkdir(outDir, { recursive: true });

  const tracksByStream = new Map<string, TrackMap>();
  for (const name of names.filter((n) => INIT_RE.test(n))) {
    const { data, tracks } = encryptInitSegment(await readFile(join(sourceDir, name)), keyId);
    tracksByStream.set(INIT_RE.exec(name)![1], tracks);
    await writeFile(join(outDir, name), data);
  }

  const chunks = names.filter((n) => CHUNK_RE.test(n));
  await mapLimit(chunks, CONCURRENCY, async (name) => {
    const tracks = tracksByStream.get(CHUNK_RE.exec(name)![1]);
    if (!tracks) throw new Error(`${name} has no matching init segment`);
    await writeFile(join(outDir, name), encryptSegment(await readFile(join(sourceDir, name)), tracks, key));
  });

  for (const name of names) {
    if (INIT_RE.test(name) || CHUNK_RE.test(name)) continue;
    const src = join(sourceDir, name);
    if (!(await stat(src)).isFile()) continue;
    if (name.endsWith('.mpd')) {
      await writeFile(join(outDir, name), protectMpd(await readFile(src, 'utf8'), keyId));
    } else if (name.endsWith('.m3u8') && hlsKeyUri) {
      const text = await readFile(src, 'utf8');
      await writeFile(join(outDir, name), isHlsMediaPlaylist(text) ? protectHlsMediaPlaylist(text, hlsKeyUri) : text);
    } else {
      await copyFile(src, join(outDir, name));
    }
  }
}
