import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetServerEnvForTests } from '@/lib/env';
import { newId } from '@/lib/ids';
import { episodeHref } from '@/lib/routes';
import type { Db } from '@/lib/server/db/client';
import { auditLog, jobs, mediaIngests, movieSeries, videos } from '@/lib/server/db/schema';
import { newContentKey, openContentKey, sealContentKey } from '@/lib/server/drm/keys';
import { claimJob } from '@/lib/server/jobs/queue';
import { runNextJob } from '@/lib/server/jobs/worker';
import { parseBoxes, walk } from '@/lib/server/media/cenc/boxes';
import { hasFfmpeg, run } from '@/lib/server/media/ffmpeg';
import { ingestJob, INGEST_JOB } from '@/lib/server/studio/ingest';
import { openAppDb } from '../fixtures/app-db';
import { API_KEY, call } from '../fixtures/http';
import { makeUser } from '../fixtures/users';

/**
 * Upload and background ingest (issue 13): a clip sent through the tus API in several chunks becomes a ready,
 * CENC-encrypted package in the episode's media folder with the episode's own key (found nowhere on disk); a job
 * killed midway is re-claimed and starts over, and the episode is never ready with half a package; a corrupt upload
 * fails with ffmpeg's reason and Retry works once the file is good. Real ffmpeg, real PostgreSQL, the real queue.
 */

const work = await mkdtemp(path.join(tmpdir(), 'kilig-ingest-test-'));
const MEDIA_DIR = path.join(work, 'media');
const UPLOAD_DIR = path.join(work, 'uploads');
process.env.MEDIA_DIR = MEDIA_DIR;
process.env.UPLOAD_DIR = UPLOAD_DIR;
resetServerEnvForTests();

const appDb = openAppDb({ seed: false });
const FAST = { preset: 'ultrafast', renditions: [{ width: 180, height: 320, videoBitrate: 200_000 }, { width: 360, height: 640, videoBitrate: 400_000 }] };
/** The queue's handlers with fast packaging settings (the production handler uses the default ladder). */
const HANDLERS = { [INGEST_JOB]: (db: Db, job: Parameters<typeof ingestJob>[1]) => ingestJob(db, job, { packageOptions: FAST }) };

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, unknown>> }) => Promise<Response>;
let tus: Record<'POST' | 'HEAD' | 'PATCH' | 'DELETE', Handler>;
let media: { GET: Handler; POST: Handler };
let retry: { POST: Handler };
let subtitlesRoute: { POST: Handler };
let editor: { id: string; token: string };
let viewer: { id: string; token: string };
let clip: Buffer;
let longClip: Buffer;

async function makeClip(name: string, seconds: number, size: string): Promise<Buffer> {
  const file = path.join(work, name);
  await run('ffmpeg', ['-nostdin', '-y', '-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc2=s=${size}:r=30:d=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', file]);
  return readFile(file);
}

/** A studio episode as the titles code makes it: pending, its own random media folder and sealed key. */
async function makeEpisode(db: Db): Promise<{ id: string; seriesId: string; seriesName: string; mediaPath: string; keyId: string; key: Buffer; sealedKey: string }> {
  const seriesId = newId();
  await db.insert(movieSeries).values({ id: seriesId, name: `Ingest ${seriesId}`, slug: `ingest-${seriesId}`, type: 2, releaseYear: 2026 });
  const { keyId, key } = newContentKey();
  const id = newId();
  const mediaPath = randomBytes(8).toString('hex');
  const sealedKey = sealContentKey(key);
  await db.insert(videos).values({ id, movieSeriesId: seriesId, episodeNumber: 1, title: 'Episode 1', mediaPath, drmKeyId: keyId, sealedKey, mediaStatus: 'pending', isPublished: true });
  return { id, seriesId, seriesName: `Ingest ${seriesId}`, mediaPath, keyId, key, sealedKey };
}

function tusRequest(method: string, url: string, token: string | undefined, headers: Record<string, string>, body?: Uint8Array): NextRequest {
  return new NextRequest(new URL(url, 'http://localhost'), {
    method,
    headers: { key: API_KEY, 'tus-resumable': '1.0.0', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
}

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** POST create: answers the upload's URL. */
async function createUpload(episodeId: string, size: number, token = editor.token, filename = 'clip.mp4'): Promise<Response> {
  return tus.POST(
    tusRequest('POST', '/api/admin/uploads', token, { 'upload-length': String(size), 'upload-metadata': `episodeId ${b64(episodeId)},filename ${b64(filename)},filetype ${b64('video/mp4')}` }),
    { params: Promise.resolve({}) },
  );
}

async function patch(location: string, offset: number, chunk: Buffer): Promise<Response> {
  const id = location.split('/').pop()!;
  return tus.PATCH(tusRequest('PATCH', location, editor.token, { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) }, chunk), {
    params: Promise.resolve({ path: [id] }),
  });
}

/** Uploads `data` through tus in `chunks` PATCH requests, asking the server for the offset (HEAD) between them. */
async function upload(episodeId: string, data: Buffer, chunks = 3): Promise<string> {
  const created = await createUpload(episodeId, data.length);
  expect(created.status, await created.clone().text()).toBe(201);
  const location = created.headers.get('location')!;
  expect(location).toMatch(/^\/api\/admin\/uploads\/[0-9a-f]{32}$/);
  const id = location.split('/').pop()!;
  const size = Math.ceil(data.length / chunks);
  for (let i = 0; i < chunks; i++) {
    // Resume as a client would after a pause: the server says where to carry on.
    const head = await tus.HEAD(tusRequest('HEAD', location, editor.token, {}), { params: Promise.resolve({ path: [id] }) });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(Math.min(i * size, data.length));
    const res = await patch(location, offset, data.subarray(offset, Math.min(offset + size, data.length)));
    expect(res.status, await res.clone().text()).toBe(204);
  }
  return id;
}

async function startIngest(episodeId: string, body: Record<string, unknown>) {
  return call(media.POST as never, `/api/admin/episodes/${episodeId}/media`, { method: 'POST', token: editor.token, body, params: { id: episodeId } });
}
const progress = (episodeId: string) => call(media.GET as never, `/api/admin/episodes/${episodeId}/media`, { token: editor.token, params: { id: episodeId } });

async function filesUnder(dir: string): Promise<string[]> {
  const names = (await readdir(dir, { recursive: true }).catch(() => [])) as string[];
  return names.map((n) => path.join(dir, n));
}

/** Every byte sequence the raw key could be written as. */
const keyForms = (key: Buffer) => [key, Buffer.from(key.toString('hex')), Buffer.from(key.toString('base64')), Buffer.from(key.toString('base64url'))];

beforeAll(async () => {
  const db = await appDb.db();
  editor = await makeUser(db, { role: 'editor' });
  viewer = await makeUser(db);
  tus = (await import('@/app/api/admin/uploads/[[...path]]/route')) as never;
  media = (await import('@/app/api/admin/episodes/[id]/media/route')) as never;
  retry = (await import('@/app/api/admin/episodes/[id]/media/retry/route')) as never;
  subtitlesRoute = (await import('@/app/api/admin/episodes/[id]/media/subtitles/route')) as never;
  if (hasFfmpeg()) {
    clip = await makeClip('clip.mp4', 2, '360x640');
    longClip = await makeClip('long.mp4', 20, '720x1280');
  }
}, 120_000);

afterAll(async () => {
  await appDb.close();
  await rm(work, { recursive: true, force: true });
});

describe('tus uploads', () => {
  it('refuses guests and viewers, and an upload that names no episode, an unknown one, or a non-video file', async () => {
    const db = await appDb.db();
    const episode = await makeEpisode(db);
    expect((await createUpload(episode.id, 1000, '')).status).toBe(401);
    expect((await createUpload(episode.id, 1000, viewer.token)).status).toBe(403);
    const noEpisode = await tus.POST(tusRequest('POST', '/api/admin/uploads', editor.token, { 'upload-length': '1000' }), { params: Promise.resolve({}) });
    expect(noEpisode.status).toBe(400);
    expect(await noEpisode.json()).toMatchObject({ status: false, code: 'E_BAD_REQUEST' });
    expect((await createUpload(newId(), 1000)).status).toBe(404);
    const text = await tus.POST(
      tusRequest('POST', '/api/admin/uploads', editor.token, { 'upload-length': '1000', 'upload-metadata': `episodeId ${b64(episode.id)},filename ${b64('notes.txt')},filetype ${b64('text/plain')}` }),
      { params: Promise.resolve({}) },
    );
    expect(text.status).toBe(415);
    const huge = await createUpload(episode.id, 3 * 1024 ** 3);
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ status: false, code: 'E_PAYLOAD_TOO_LARGE' });
  });

  it('refuses to ingest an unfinished upload, another episode\'s upload, or a file that is not a video container', async () => {
    const db = await appDb.db();
    const episode = await makeEpisode(db);
    const other = await makeEpisode(db);
    const created = await createUpload(episode.id, 2048);
    const location = created.headers.get('location')!;
    const uploadId = location.split('/').pop()!;
    expect((await patch(location, 0, Buffer.alloc(1024, 1))).status).toBe(204);
    expect((await startIngest(episode.id, { uploadId })).json).toMatchObject({ status: false, code: 'E_CONFLICT', message: 'The upload is not finished yet.' });
    expect((await patch(location, 1024, Buffer.alloc(1024, 1))).status).toBe(204);
    expect((await startIngest(other.id, { uploadId })).json).toMatchObject({ code: 'E_CONFLICT', message: 'That upload belongs to another episode.' });
    const notVideo = await startIngest(episode.id, { uploadId });
    expect(notVideo.status).toBe(422);
    expect(notVideo.json.message).toMatch(/not a video/);
    const [row] = await db.select({ mediaStatus: videos.mediaStatus }).from(videos).where(eq(videos.id, episode.id));
    expect(row.mediaStatus).toBe('pending');
  });

  it('works with tus-js-client over HTTP: chunked, paused, resumed from the server\'s offset, then ingestible', async () => {
    const db = await appDb.db();
    const episode = await makeEpisode(db);
    // The route handlers behind a real HTTP server, as Next runs them (Fetch API requests, streamed bodies).
    const server = http.createServer((req, res) => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
        const method = req.method ?? 'GET';
        const request = new NextRequest(url, { method, headers, body: method === 'HEAD' || method === 'GET' ? undefined : new Uint8Array(Buffer.concat(chunks)) });
        const rest = url.pathname.replace(/^\/api\/admin\/uploads\/?/, '');
        const handler = tus[method as keyof typeof tus];
        const out = handler ? await handler(request, { params: Promise.resolve(rest ? { path: rest.split('/') } : {}) }) : new Response(null, { status: 405 });
        res.writeHead(out.status, Object.fromEntries(out.headers));
        res.end(Buffer.from(await out.arrayBuffer()));
      })();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/admin/uploads`;
    const data = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), randomBytes(300_000)]);
    const options = {
      endpoint,
      chunkSize: 64 * 1024,
      retryDelays: null,
      storeFingerprintForResuming: false,
      headers: { key: API_KEY, Authorization: `Bearer ${editor.token}` },
      metadata: { episodeId: episode.id, filename: 'episode.mp4', filetype: 'video/mp4' },
    };
    try {
      // First run: stop after two chunks, as a closed laptop would.
      let chunksDone = 0;
      const first = new Upload(data, { ...options, onChunkComplete: () => void (++chunksDone === 2 && first.abort()) });
      await new Promise<void>((resolve, reject) => {
        Object.assign(first.options, { onError: reject });
        first.start();
        const wait = setInterval(() => {
          if (chunksDone >= 2) {
            clearInterval(wait);
            setTimeout(resolve, 100);
          }
        }, 20);
      });
      expect(first.url).toMatch(/\/api\/admin\/uploads\/[0-9a-f]{32}$/);
      const uploadId = first.url!.split('/').pop()!;
      expect((await startIngest(episode.id, { uploadId })).json.message).toBe('The upload is not finished yet.');

      // Second run: the same upload URL; the client asks the offset (HEAD) and sends only the rest.
      const sentFrom: number[] = [];
      await new Promise<void>((resolve, reject) => {
        const second = new Upload(data, {
          ...options,
          uploadUrl: first.url,
          onProgress: (sent) => void (sentFrom.length === 0 && sentFrom.push(sent)),
          onSuccess: () => resolve(),
          onError: reject,
        });
        second.start();
      });
      expect(sentFrom[0]).toBeGreaterThan(2 * 64 * 1024 - 1);
      const stored = await readFile(path.join(UPLOAD_DIR, 'video', uploadId));
      expect(stored.equals(data)).toBe(true);
      const started = await startIngest(episode.id, { uploadId });
      expect(started.json.data).toMatchObject({ mediaStatus: 'processing', ingest: { state: 'queued' } });
      // A finished upload cannot be deleted from under its ingest.
      const del = await tus.DELETE(tusRequest('DELETE', `/api/admin/uploads/${uploadId}`, editor.token, {}), { params: Promise.resolve({ path: [uploadId] }) });
      expect(del.status).toBeGreaterThanOrEqual(400);
      expect(existsSync(path.join(UPLOAD_DIR, 'video', uploadId))).toBe(true);
      // This test's ingest is not run here: take its job out of the queue the other tests drive.
      await db.delete(jobs).where(eq(jobs.type, INGEST_JOB));
      await db.update(mediaIngests).set({ state: 'failed', error: 'test' }).where(eq(mediaIngests.videoId, episode.id));
    } finally {
      server.close();
    }
  });

  it('takes WebVTT subtitles only, in a language the editor names', async () => {
    const db = await appDb.db();
    const episode = await makeEpisode(db);
    const send = (body: object) => call(subtitlesRoute.POST as never, '/x', { method: 'POST', token: editor.token, body, params: { id: episode.id } });
    const vtt = 'WEBVTT\n\n00:00:00.500 --> 00:00:01.500\nMahal kita.\n';
    expect((await send({ vtt: '1\n00:00:01,000 --> 00:00:02,000\nSRT\n', lang: 'fil' })).status).toBe(422);
    // The language is asked, not assumed (issue 22: every file was packaged as English).
    for (const lang of [undefined, '', 'xx', 'EN']) expect((await send({ vtt, lang })).status, `lang ${lang}`).toBe(422);
    const good = await send({ vtt, lang: 'fil' });
    expect(good.status).toBe(200);
    expect(good.json.data.subtitlesUploadId).toMatch(/^[0-9a-f]{24}$/);
    expect(await readdir(path.join(UPLOAD_DIR, 'subtitles'))).toContain(`${good.json.data.subtitlesUploadId}.fil.vtt`);
  });
});

describe.skipIf(!hasFfmpeg())('ingest (ffmpeg)', () => {
  it(
    'turns a clip uploaded in three chunks into a ready, encrypted package whose key is only sealed in the database',
    async () => {
      const db = await appDb.db();
      const episode = await makeEpisode(db);
      const uploadId = await upload(episode.id, clip, 3);
      const subs = await call(subtitlesRoute.POST as never, '/x', { method: 'POST', token: editor.token, body: { vtt: 'WEBVTT\n\n00:00:00.500 --> 00:00:01.500\nMahal kita.\n', lang: 'fil' }, params: { id: episode.id } });
      const started = await startIngest(episode.id, { uploadId, subtitlesUploadId: subs.json.data.subtitlesUploadId });
      expect(started.status, JSON.stringify(started.json)).toBe(200);
      expect(started.json.data).toMatchObject({ mediaStatus: 'processing', ingest: { state: 'queued', stage: 'queued', percent: 0 } });
      // Sending the same upload again starts nothing new.
      expect((await startIngest(episode.id, { uploadId })).json.data.ingest.id).toBe(started.json.data.ingest.id);
      const audits = await db.select().from(auditLog).where(and(eq(auditLog.entityId, episode.id), eq(auditLog.action, 'episode.media.upload')));
      expect(audits).toHaveLength(1);
      expect(audits[0].actorId).toBe(editor.id);

      // A page cache in front of the app (lib/server/http/page-cache.ts), listening for the purges.
      const purged: string[] = [];
      const pageCaches = ((globalThis as { __kiligPageCaches?: Set<{ purge(path: string): void }> }).__kiligPageCaches ??= new Set());
      const pageCache = { purge: (page: string) => void purged.push(page) };
      pageCaches.add(pageCache);
      const ran = await runNextJob(db, 'worker-a', HANDLERS).finally(() => pageCaches.delete(pageCache));
      expect(ran?.job.type).toBe(INGEST_JOB);
      expect(ran?.outcome).toBe('done');
      // The episode's page is cached whole and named the folder the switch deleted: its copies go.
      expect(purged).toContain(episodeHref({ _id: episode.seriesId, name: episode.seriesName }, 1));

      const after = await progress(episode.id);
      expect(after.json.data).toMatchObject({ mediaStatus: 'ready', hasSubtitles: true, ingest: { state: 'ready', stage: 'ready', percent: 100, error: null } });
      expect(after.json.data.durationSeconds).toBe(2);
      const [row] = await db.select().from(videos).where(eq(videos.id, episode.id));
      expect(row).toMatchObject({ mediaStatus: 'ready', drmKeyId: episode.keyId, sealedKey: episode.sealedKey, durationSeconds: 2, hasSubtitles: true });
      expect(openContentKey(row.sealedKey).equals(episode.key)).toBe(true);
      // Each run writes a folder of its own (files are immutable at their URLs).
      expect(row.mediaPath).not.toBe(episode.mediaPath);

      const dir = path.join(MEDIA_DIR, row.mediaPath);
      const names = await readdir(dir);
      expect(names).toEqual(expect.arrayContaining(['manifest.mpd', 'master.m3u8', 'init-stream0.m4s', 'poster.jpg', 'subtitles-fil.vtt']));
      const mpd = await readFile(path.join(dir, 'manifest.mpd'), 'utf8');
      // The track carries the language the editor chose, and its name, in both manifests.
      expect(mpd).toMatch(/<AdaptationSet [^>]*contentType="text"[^>]*lang="fil">\s*<Label>Filipino<\/Label>/);
      expect(await readFile(path.join(dir, 'master.m3u8'), 'utf8')).toContain('TYPE=SUBTITLES,GROUP-ID="subs",NAME="Filipino",LANGUAGE="fil"');
      expect(mpd).toContain('urn:mpeg:dash:mp4protection:2011');
      expect(mpd.toLowerCase()).toContain(episode.keyId.replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-'));

      // Segments carry CENC sample encryption, decode with the episode's key and not with another.
      const chunk = names.filter((n) => /^chunk-stream0-\d+\.m4s$/.test(n)).sort()[0];
      const segment = await readFile(path.join(dir, chunk));
      expect(walk(parseBoxes(segment), 'senc').length).toBeGreaterThan(0);
      const pair = path.join(work, `pair-${episode.id}.mp4`);
      await writeFile(pair, Buffer.concat([await readFile(path.join(dir, 'init-stream0.m4s')), segment]));
      const frames = async (key: Buffer) => {
        try {
          const { stdout } = await run('ffmpeg', ['-nostdin', '-v', 'error', '-decryption_key', key.toString('hex'), '-i', pair, '-f', 'framemd5', '-'], { stdout: true });
          return stdout.toString().split('\n').filter((l) => l && !l.startsWith('#')).join('\n');
        } catch (e) {
          return `failed: ${(e as Error).message}`;
        }
      };
      const good = await frames(episode.key);
      expect(good).not.toMatch(/^failed/);
      expect(good.split('\n').length).toBeGreaterThan(10);
      expect(await frames(randomBytes(16))).not.toBe(good);

      // The raw key is nowhere under MEDIA_DIR (nor the upload folder), and the database holds it only sealed.
      for (const file of [...(await filesUnder(MEDIA_DIR)), ...(await filesUnder(UPLOAD_DIR))]) {
        const bytes = await readFile(file).catch(() => null);
        if (!bytes) continue;
        for (const form of keyForms(episode.key)) expect(bytes.includes(form), `${file} holds the raw key`).toBe(false);
      }
      const dump = JSON.stringify([
        ...(await db.select().from(mediaIngests).where(eq(mediaIngests.videoId, episode.id))),
        ...(await db.select().from(auditLog).where(eq(auditLog.entityId, episode.id))),
        ...(await db.select().from(jobs).where(eq(jobs.type, INGEST_JOB))),
      ]);
      for (const form of keyForms(episode.key)) expect(dump.includes(form.toString())).toBe(false);
      // Nothing left behind: staging, the clear package, the source upload.
      expect(await readdir(path.join(MEDIA_DIR, '.staging')).catch(() => [])).toEqual([]);
      expect(await readdir(path.join(UPLOAD_DIR, 'work')).catch(() => [])).toEqual([]);
      expect(existsSync(path.join(UPLOAD_DIR, 'video', uploadId))).toBe(false);
    },
    180_000,
  );

  it(
    'a job killed midway is claimed again once its lock expires and starts over; the episode is never ready with half a package',
    async () => {
      const db = await appDb.db();
      const episode = await makeEpisode(db);
      const uploadId = await upload(episode.id, longClip, 2);
      expect((await startIngest(episode.id, { uploadId })).status).toBe(200);

      const job = await claimJob(db, 'worker-dies');
      expect(job?.type).toBe(INGEST_JOB);
      const killed = new AbortController();
      const run1 = ingestJob(db, job!, { signal: killed.signal, packageOptions: { ...FAST, preset: 'medium' } }).then(
        () => 'finished',
        (err: Error) => `stopped: ${err.message}`,
      );
      // Wait for ffmpeg to be under way, then 'kill the process'.
      for (let i = 0; i < 600; i++) {
        const [row] = await db.select({ stage: mediaIngests.stage }).from(mediaIngests).where(eq(mediaIngests.videoId, episode.id));
        if (row.stage === 'transcoding') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      killed.abort(new Error('worker process killed'));
      expect(await run1).toMatch(/^stopped/);

      // Mid-crash: the episode is not ready, no package in its folder, the job still claimed by the dead worker.
      const [mid] = await db.select().from(videos).where(eq(videos.id, episode.id));
      expect(mid.mediaStatus).toBe('processing');
      expect(existsSync(path.join(MEDIA_DIR, episode.mediaPath))).toBe(false);
      const [midIngest] = await db.select().from(mediaIngests).where(eq(mediaIngests.videoId, episode.id));
      expect(midIngest.state).toBe('running');
      const [midJob] = await db.select().from(jobs).where(eq(jobs.id, job!.id));
      expect(midJob).toMatchObject({ state: 'running', lockedBy: 'worker-dies' });
      // Before the lock expires nobody else takes it.
      expect(await runNextJob(db, 'worker-b', HANDLERS)).toBeNull();

      await db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, job!.id));
      const again = await runNextJob(db, 'worker-b', HANDLERS);
      expect(again?.job.id).toBe(job!.id);
      expect(again?.outcome).toBe('done');
      expect(again?.job.attempts).toBe(2);

      const [row] = await db.select().from(videos).where(eq(videos.id, episode.id));
      expect(row).toMatchObject({ mediaStatus: 'ready', durationSeconds: 20 });
      const names = await readdir(path.join(MEDIA_DIR, row.mediaPath));
      // 20 s in 2 s segments for each of the two renditions and the audio.
      for (const stream of [0, 1, 2]) expect(names.filter((n) => n.startsWith(`chunk-stream${stream}-`)).length, `stream ${stream}`).toBeGreaterThanOrEqual(10);
      expect(await readdir(path.join(MEDIA_DIR, '.staging')).catch(() => [])).toEqual([]);
    },
    300_000,
  );

  it(
    'a corrupt upload fails with ffmpeg\'s reason (the episode failed, not ready); Retry works once the file is good',
    async () => {
      const db = await appDb.db();
      const episode = await makeEpisode(db);
      // An MP4 signature followed by garbage: it passes the container check, ffmpeg cannot read it.
      const corrupt = Buffer.concat([clip.subarray(0, 32), randomBytes(40_000)]);
      const uploadId = await upload(episode.id, corrupt, 2);
      expect((await startIngest(episode.id, { uploadId })).status).toBe(200);
      expect((await runNextJob(db, 'worker-c', HANDLERS))?.outcome).toBe('done');

      const failed = await progress(episode.id);
      expect(failed.json.data).toMatchObject({ mediaStatus: 'failed', ingest: { state: 'failed', stage: 'failed' } });
      expect(failed.json.data.ingest.error).toMatch(/^Reading the file failed: /);
      expect(failed.json.data.ingest.error).toMatch(/moov atom not found|Invalid data/);
      expect(failed.json.data.ingest.error).not.toContain(UPLOAD_DIR);
      expect(existsSync(path.join(MEDIA_DIR, episode.mediaPath))).toBe(false);
      // No queue retry of a deterministic failure: the editor decides.
      expect(await runNextJob(db, 'worker-c', HANDLERS)).toBeNull();

      // Another upload cannot start while … (it can: the last one failed). Retry of the same source after fixing it.
      await writeFile(path.join(UPLOAD_DIR, 'video', uploadId), clip);
      const retried = await call(retry.POST as never, '/x', { method: 'POST', token: editor.token, params: { id: episode.id } });
      expect(retried.status, JSON.stringify(retried.json)).toBe(200);
      expect(retried.json.data).toMatchObject({ mediaStatus: 'processing', ingest: { state: 'queued', percent: 0, error: null } });
      const again = await call(retry.POST as never, '/x', { method: 'POST', token: editor.token, params: { id: episode.id } });
      expect(again.status).toBe(409);
      expect((await runNextJob(db, 'worker-c', HANDLERS))?.outcome).toBe('done');
      expect((await progress(episode.id)).json.data).toMatchObject({ mediaStatus: 'ready', ingest: { state: 'ready', percent: 100, error: null } });
      const actions = (await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, episode.id)).orderBy(desc(auditLog.createdAt))).map((a) => a.action);
      expect(actions.sort()).toEqual(['episode.media.ready', 'episode.media.retry', 'episode.media.upload']);
    },
    180_000,
  );

  it(
    'npm run media:package -- <input> --episode <id> packages into the episode\'s folder with its key and marks it ready',
    async () => {
      const db = await appDb.db();
      const episode = await makeEpisode(db);
      const input = path.join(work, 'clip.mp4');
      const url = await appDb.url();
      const cli = (args: string[]) =>
        new Promise<{ code: number | null; output: string }>((resolve) => {
          const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/media-package.ts', ...args], {
            env: { ...process.env, DATABASE_URL: url, MEDIA_DIR, UPLOAD_DIR, LOG_LEVEL: 'error' },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let output = '';
          child.stdout.on('data', (d: Buffer) => (output += d.toString()));
          child.stderr.on('data', (d: Buffer) => (output += d.toString()));
          child.on('close', (code) => resolve({ code, output }));
        });
      const unknown = await cli([input, '--episode', newId(), '--preset', 'ultrafast']);
      expect(unknown.code).toBe(1);
      expect(unknown.output).toContain('That episode does not exist.');
      const done = await cli([input, '--episode', episode.id, '--preset', 'ultrafast']);
      expect(done.code, done.output).toBe(0);
      expect(done.output).toMatch(/transcoding \d+%/);
      expect(done.output).toContain(`episode ${episode.id} ready: 2s`);
      const [row] = await db.select().from(videos).where(eq(videos.id, episode.id));
      expect(row).toMatchObject({ mediaStatus: 'ready', durationSeconds: 2, sealedKey: episode.sealedKey, drmKeyId: episode.keyId });
      expect(await readdir(path.join(MEDIA_DIR, row.mediaPath))).toContain('manifest.mpd');
      const [ingest] = await db.select().from(mediaIngests).where(eq(mediaIngests.videoId, episode.id));
      expect(ingest).toMatchObject({ state: 'ready', percent: 100, sourcePath: input, jobId: null });
      const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.entityId, episode.id), eq(auditLog.action, 'episode.media.package')));
      expect(audit.actorId).toBeNull();
      // The input is the operator's file: left where it was.
      expect(existsSync(input)).toBe(true);
    },
    180_000,
  );
});
