import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { child, find, fullBoxHeader, parseBoxes, walk } from './cenc/boxes';
import { decryptSegment, mdatPayloads, samplesOf, sencEntries } from './cenc-test-helpers';
import { keyIdToUuid } from './cenc/manifest';
import { encryptPackage } from './encrypt-package';
import { hasFfmpeg as ffmpegAvailable, run } from './ffmpeg';
import { packageVideo } from './package';

/**
 * Encrypts a committed demo clip (media/demo/trailer-1: 16 s, two video renditions, audio, subtitles) with a random
 * key and checks the result structurally, by decrypting it with a small independent CTR decryptor written here,
 * and with ffmpeg's own CENC decryptor (one init + one chunk at a time: ffmpeg 5.1 mis-reads several fragments).
 */

const hasFfmpeg = ffmpegAvailable();
const DEMO = fileURLToPath(new URL('../../../media/demo/trailer-1', import.meta.url));
const HLS_KEY_URI = '/api/drm/hls-key/trailer-1';

let work: string;
let clearDir: string;
let encDir: string;
let encryptMs: number;
const keyId = randomBytes(16);
const key = randomBytes(16);

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'kilig-enc-test-'));
  clearDir = DEMO;
  if (!existsSync(join(DEMO, 'manifest.mpd'))) {
    // Demo media not generated: make a small clear package instead (needs ffmpeg).
    if (!hasFfmpeg) throw new Error('neither media/demo/trailer-1 nor ffmpeg is available');
    clearDir = join(work, 'clear');
    const src = join(work, 'src.mp4');
    await run('ffmpeg', ['-nostdin', '-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=720x1280:r=30:d=6',
      '-f', 'lavfi', '-i', 'sine=frequency=440:duration=6', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', src]);
    const vtt = join(work, 'subs.vtt');
    await writeFile(vtt, 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nMahal kita.\n');
    await packageVideo({ input: src, outDir: clearDir, subtitles: vtt, preset: 'veryfast',
      renditions: [{ width: 360, height: 640, videoBitrate: 150_000 }, { width: 720, height: 1280, videoBitrate: 450_000 }] });
  }
  encDir = join(work, 'enc');
  const started = performance.now();
  await encryptPackage({ sourceDir: clearDir, outDir: encDir, keyId, key, hlsKeyUri: HLS_KEY_URI });
  encryptMs = performance.now() - started;
}, 120_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

const chunkNames = async () => (await readdir(clearDir)).filter((n) => /^chunk-stream\d+-\d+\.m4s$/.test(n)).sort();
const streamOf = (chunk: string) => /^chunk-stream(\d+)-/.exec(chunk)![1];
const read = (dir: string, name: string) => readFile(join(dir, name));

describe('encryptPackage', () => {
  it('encrypts a 16 s clip quickly and keeps every file name', async () => {
    expect(encryptMs).toBeLessThan(3000);
    const clear = (await readdir(clearDir)).sort();
    expect((await readdir(encDir)).sort()).toEqual(clear);
    for (const name of clear.filter((n) => /\.(jpg|vtt)$/.test(n) || n === 'master.m3u8' || n.startsWith('subtitles-'))) {
      expect((await read(encDir, name)).equals(await read(clearDir, name)), name).toBe(true);
    }
  });

  it('writes an MPD with ContentProtection and cenc:default_KID equal to the key id', async () => {
    const mpd = await readFile(join(encDir, 'manifest.mpd'), 'utf8');
    expect(mpd).toContain('xmlns:cenc="urn:mpeg:cenc:2013"');
    const kids = [...mpd.matchAll(/cenc:default_KID="([^"]+)"/g)].map((m) => m[1]);
    expect(kids).toEqual([keyIdToUuid(keyId), keyIdToUuid(keyId)]);
    expect(kids[0].replace(/-/g, '')).toBe(keyId.toString('hex'));
    expect(mpd.match(/schemeIdUri="urn:mpeg:dash:mp4protection:2011" value="cenc"/g)).toHaveLength(2);
    expect(mpd.match(/schemeIdUri="urn:uuid:e2719d58-a985-b3c9-781a-b030af78d30e"/g)).toHaveLength(2);
    // Clear and encrypted MPDs differ only by the added namespace and descriptors.
    const clear = await readFile(join(clearDir, 'manifest.mpd'), 'utf8');
    expect(mpd.replace(/\n[ \t]*<ContentProtection [^>]*\/>/g, '').replace(' xmlns:cenc="urn:mpeg:cenc:2013"', '')).toBe(clear);
  });

  it('keys the HLS media playlists with SAMPLE-AES-CTR', async () => {
    for (const name of (await readdir(encDir)).filter((n) => /^media_\d+\.m3u8$/.test(n))) {
      const text = await readFile(join(encDir, name), 'utf8');
      expect(text, name).toContain(`#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,KEYFORMAT="identity",URI="${HLS_KEY_URI}"`);
    }
  });

  it('rewrites init segments with encv/enca, tenc carrying the KID, and a pssh', async () => {
    const inits = (await readdir(encDir)).filter((n) => /^init-stream\d+\.m4s$/.test(n));
    expect(inits.length).toBeGreaterThanOrEqual(3);
    const formats: string[] = [];
    for (const name of inits) {
      const bytes = await read(encDir, name);
      const boxes = parseBoxes(bytes);
      const entry = find(boxes, 'moov/trak/mdia/minf/stbl/stsd')!.children![0];
      formats.push(entry.type);
      const frma = find(entry.children!, 'sinf/frma')!.data.toString('latin1');
      expect(frma).toBe(entry.type === 'encv' ? 'avc1' : 'mp4a');
      expect(find(entry.children!, 'sinf/schm')!.data.toString('latin1', 4, 8)).toBe('cenc');
      const tenc = find(entry.children!, 'sinf/schi/tenc')!;
      expect(tenc.data[6]).toBe(1);
      expect(tenc.data[7]).toBe(8);
      expect(tenc.data.subarray(8, 24).equals(keyId)).toBe(true);
      const pssh = find(boxes, 'moov/pssh')!;
      expect(pssh.data.subarray(4, 20).toString('hex')).toBe('1077efecc0b24d02ace33c1e52e2fb4b');
      expect(pssh.data.subarray(24, 40).equals(keyId)).toBe(true);
      expect(bytes.indexOf(keyId)).toBeGreaterThan(0);
      for (const t of [entry.type, 'frma', 'schm', 'tenc', 'pssh']) expect(bytes.includes(t), `${name} ${t}`).toBe(true);
    }
    expect(formats).toContain('encv');
    expect(formats).toContain('enca');
  });

  it('keeps box sizes consistent, points trun/saio into mdat/senc and encrypts sample data', async () => {
    for (const name of await chunkNames()) {
      const clear = await read(clearDir, name);
      const enc = await read(encDir, name);
      const boxes = parseBoxes(enc); // throws if any size is inconsistent
      expect(boxes.reduce((n, b) => n + b.size!, 0)).toBe(enc.length);
      // ffmpeg's dash segments carry a sidx: its referenced size must cover the grown moof + mdat exactly.
      for (const sidx of boxes.filter((b) => b.type === 'sidx')) {
        const v = fullBoxHeader(sidx).version;
        const firstOffset = v === 0 ? sidx.data.readUInt32BE(16) : Number(sidx.data.readBigUInt64BE(20));
        const refsAt = v === 0 ? 24 : 32;
        const count = sidx.data.readUInt16BE(refsAt - 2);
        let referenced = 0;
        for (let i = 0; i < count; i++) referenced += sidx.data.readUInt32BE(refsAt + i * 12) & 0x7fffffff;
        const from = sidx.offset! + sidx.size! + firstOffset;
        expect(from + referenced, `${name} sidx`).toBe(enc.length);
      }
      const [mdat] = boxes.filter((b) => b.type === 'mdat');
      const mdatStart = mdat.offset! + 8;
      const mdatEnd = mdat.offset! + mdat.size!;
      expect(mdat.size).toBe(parseBoxes(clear).find((b) => b.type === 'mdat')!.size);
      for (const moof of boxes.filter((b) => b.type === 'moof')) {
        for (const traf of moof.children!.filter((b) => b.type === 'traf')) {
          const samples = samplesOf(moof, traf);
          const saiz = child(traf, 'saiz')!;
          const saio = child(traf, 'saio')!;
          const senc = child(traf, 'senc')!;
          expect(saiz && saio && senc, name).toBeTruthy();
          const entries = sencEntries(senc);
          expect(entries).toHaveLength(samples.length);
          expect(saiz.data.readUInt32BE(5)).toBe(samples.length);
          // saio points at the first IV in senc (relative to the moof start).
          const ivAt = moof.offset! + saio.data.readUInt32BE(8);
          expect(enc.subarray(ivAt, ivAt + 8).equals(entries[0].iv)).toBe(true);
          expect(ivAt).toBe(senc.offset! + 16);
          const video = fullBoxHeader(senc).flags === 2;
          for (const [i, s] of samples.entries()) {
            expect(s.pos).toBeGreaterThanOrEqual(mdatStart);
            expect(s.pos + s.size).toBeLessThanOrEqual(mdatEnd);
            const defaultInfo = saiz.data[4];
            const infoSize = defaultInfo || saiz.data[9 + i];
            expect(infoSize).toBe(8 + (video ? 2 + entries[i].subsamples.length * 6 : 0));
            if (video) expect(entries[i].subsamples.reduce((n, [c, e]) => n + c + e, 0)).toBe(s.size);
          }
        }
      }
      const clearMdat = mdatPayloads(clear)[0];
      const encMdat = mdatPayloads(enc)[0];
      expect(encMdat.length).toBe(clearMdat.length);
      expect(encMdat.equals(clearMdat), `${name} sample data must change`).toBe(false);
      // Our independent decryptor gives the clear sample bytes back.
      expect(mdatPayloads(decryptSegment(enc, key))[0].equals(clearMdat), name).toBe(true);
      expect(mdatPayloads(decryptSegment(enc, randomBytes(16)))[0].equals(clearMdat)).toBe(false);
    }
  });

  it('leaves video NAL length prefixes and headers clear', async () => {
    const name = (await chunkNames()).find((n) => streamOf(n) === '1')!;
    const enc = await read(encDir, name);
    const clear = await read(clearDir, name);
    const moof = parseBoxes(enc).find((b) => b.type === 'moof')!;
    const traf = child(moof, 'traf')!;
    const samples = samplesOf(moof, traf);
    const entries = sencEntries(child(traf, 'senc')!);
    const clearMdat = parseBoxes(clear).find((b) => b.type === 'mdat')!;
    const delta = clearMdat.offset! - parseBoxes(enc).find((b) => b.type === 'mdat')!.offset!;
    let protectedBytes = 0;
    samples.forEach(({ pos }, i) => {
      let p = pos;
      for (const [c, e] of entries[i].subsamples) {
        expect(enc.subarray(p, p + c).equals(clear.subarray(p + delta, p + delta + c))).toBe(true);
        expect(e % 16).toBe(0);
        protectedBytes += e;
        p += c + e;
      }
    });
    expect(protectedBytes).toBeGreaterThan(0);
  });

  it.skipIf(!hasFfmpeg)(
    'decrypts back to the clear frames with ffmpeg -decryption_key, one init + chunk pair at a time',
    async () => {
      const pairs = await chunkNames();
      const dir = join(work, 'pairs');
      await mkdir(dir, { recursive: true });
      const framemd5 = async (file: string, hexKey?: string) => {
        const args = ['-nostdin', '-v', 'error', ...(hexKey ? ['-decryption_key', hexKey] : []), '-i', file, '-f', 'framemd5', '-'];
        const { stdout } = await run('ffmpeg', args, { stdout: true });
        return stdout.toString().split('\n').filter((l) => l && !l.startsWith('#'));
      };
      let next = 0;
      const worker = async () => {
        while (next < pairs.length) {
          const name = pairs[next++];
          const init = `init-stream${streamOf(name)}.m4s`;
          const clearPair = join(dir, `clear-${name}.mp4`);
          const encPair = join(dir, `enc-${name}.mp4`);
          await writeFile(clearPair, Buffer.concat([await read(clearDir, init), await read(clearDir, name)]));
          await writeFile(encPair, Buffer.concat([await read(encDir, init), await read(encDir, name)]));
          const expected = await framemd5(clearPair);
          expect(expected.length, name).toBeGreaterThan(0);
          expect(await framemd5(encPair, key.toString('hex')), name).toEqual(expected);
        }
      };
      await Promise.all([worker(), worker()]);
    },
    180_000,
  );

  it.skipIf(!hasFfmpeg)(
    'gives different or failing output with a wrong key',
    async () => {
      const dir = join(work, 'wrong');
      await mkdir(dir, { recursive: true });
      const names = await chunkNames();
      for (const stream of ['1', '2']) {
        const name = names.find((n) => streamOf(n) === stream)!;
        const init = `init-stream${stream}.m4s`;
        const clearPair = join(dir, `clear-${stream}.mp4`);
        const encPair = join(dir, `enc-${stream}.mp4`);
        await writeFile(clearPair, Buffer.concat([await read(clearDir, init), await read(clearDir, name)]));
        await writeFile(encPair, Buffer.concat([await read(encDir, init), await read(encDir, name)]));
        const md5 = async (file: string, hexKey?: string) => {
          const args = ['-nostdin', '-v', 'error', ...(hexKey ? ['-decryption_key', hexKey] : []), '-i', file, '-f', 'framemd5', '-'];
          try {
            const { stdout } = await run('ffmpeg', args, { stdout: true });
            return stdout.toString().split('\n').filter((l) => l && !l.startsWith('#')).join('\n');
          } catch (e) {
            return `failed: ${(e as Error).message}`;
          }
        };
        const expected = await md5(clearPair);
        expect(await md5(encPair, key.toString('hex'))).toBe(expected);
        expect(await md5(encPair, randomBytes(16).toString('hex'))).not.toBe(expected);
        expect(await md5(encPair)).not.toBe(expected);
      }
    },
    60_000,
  );

  it('rejects bad keys and already-encrypted input', async () => {
    await expect(encryptPackage({ sourceDir: clearDir, outDir: join(work, 'x'), keyId: randomBytes(8), key })).rejects.toThrow(/16 bytes/);
    await expect(encryptPackage({ sourceDir: encDir, outDir: join(work, 'again'), keyId, key })).rejects.toThrow(/already/);
    expect(walk(parseBoxes(await read(encDir, 'init-stream0.m4s')), 'sinf')).toHaveLength(1);
  });
});
