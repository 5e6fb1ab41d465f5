import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { HeadObjectCommand, ListPartsCommand, S3Client } from '@aws-sdk/client-s3';
import { and, eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetServerEnvForTests } from '@/lib/env';
import { newId } from '@/lib/ids';
import type { Db } from '@/lib/server/db/client';
import { jobs, mediaIngests, movieSeries, videos } from '@/lib/server/db/schema';
import { newContentKey, sealContentKey } from '@/lib/server/drm/keys';
import { claimJob } from '@/lib/server/jobs/queue';
import { runNextJob } from '@/lib/server/jobs/worker';
import { hasFfmpeg, run } from '@/lib/server/media/ffmpeg';
import { mediaStorage, resetStorageForTests, s3ClientConfig, uploadStorage } from '@/lib/server/storage';
import { checkNoKeyInPackage, ingestJob, INGEST_JOB } from '@/lib/server/studio/ingest';
import { PgUploadLocker } from '@/lib/server/studio/upload-lock';
import { removeAbandonedUploads } from '@/lib/server/studio/uploads';
import { startS3Server } from '@/scripts/lib/s3-server';
import { openAppDb } from '../fixtures/app-db';
import { API_KEY, call } from '../fixtures/http';
import { makeUser } from '../fixtures/users';

/**
 * Uploads and ingest past one machine (issue 23): with STORAGE_DRIVER=s3 a tus upload lives in the upload bucket
 * (@tus/s3-store), so its chunks may reach any instance; the ingest job, run by any instance, reads the source from
 * the bucket, packages in its own scratch folder and writes the package to the media bucket. Two tus servers stand for
 * two instances (each its own S3Store, cache and lock holder); the S3 side is the S3-speaking server this file starts
 * (scripts/lib/s3-server.ts), reached through the real AWS SDK client. Real PostgreSQL, real ffmpeg, the real queue.
 */

const work = await mkdtemp(path.join(tmpdir(), 'kilig-ingest-s3-'));
const s3 = await startS3Server({ directory: path.join(work, 's3'), buckets: ['h2-media', 'h2-uploads'], port: 4571 });
const settings = { S3_ENDPOINT: s3.endpoint, S3_REGION: s3.region, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey, S3_FORCE_PATH_STYLE: true };
Object.assign(process.env, {
  STORAGE_DRIVER: 's3',
  S3_MEDIA_BUCKET: 'h2-media',
  S3_UPLOAD_BUCKET: 'h2-uploads',
  S3_ENDPOINT: s3.endpoint,
  S3_REGION: s3.region,
  S3_ACCESS_KEY_ID: s3.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'true',
  // Folders of "instance A": with S3 storage only its scratch (UPLOAD_DIR/work) is used; MEDIA_DIR never.
  MEDIA_DIR: path.join(work, 'a-media'),
  UPLOAD_DIR: path.join(work, 'a-uploads'),
});
resetServerEnvForTests();
resetStorageForTests();

const appDb = openAppDb({ seed: false });
const client = new S3Client(s3ClientConfig(settings));
const FAST = { preset: 'ultrafast', renditions: [{ width: 180, height: 320, videoBitrate: 200_000 }, { width: 360, height: 640, videoBitrate: 400_000 }] };
const HANDLERS = { [INGEST_JOB]: (db: Db, job: Parameters<typeof ingestJob>[1]) => ingestJob(db, job, { packageOptions: FAST }) };

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, unknown>> }) => Promise<Response>;
let tus: Record<'POST' | 'HEAD' | 'PATCH' | 'DELETE', Handler>;
let media: { GET: Handler; POST: Handler };
let subtitlesRoute: { POST: Handler };
let editor: { id: string; token: string };
let clip: Buffer;

afterAll(async () => {
  client.destroy();
  resetStorageForTests();
  await appDb.close();
  await s3.stop();
  await rm(work, { recursive: true, force: true });
});

beforeAll(async () => {
  const db = await appDb.db();
  editor = await makeUser(db, { role: 'editor' });
  tus = (await import('@/app/api/admin/uploads/[[...path]]/route')) as never;
  media = (await import('@/app/api/admin/episodes/[id]/media/route')) as never;
  subtitlesRoute = (await import('@/app/api/admin/episodes/[id]/media/subtitles/route')) as never;
  if (hasFfmpeg()) {
    const file = path.join(work, 'clip.mp4');
    await run('ffmpeg', ['-nostdin', '-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=360x640:r=30:d=4', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', file]);
    clip = await readFile(file);
  }
}, 120_000);

/**
 * The process's tus server is one per instance (lib/server/studio/uploads.ts keeps it on globalThis): "instance B" is a
 * second one built from the same settings, swapped in for the requests that should reach B.
 */
type TusHolder = { server?: unknown; id?: string };
const holder = () => ((globalThis as { __kiligTus?: TusHolder }).__kiligTus ??= {});
const instances: Record<'A' | 'B', TusHolder> = { A: {}, B: {} };
/** The next request reaches `instance` (the first one to reach it builds its server). */
function on(instance: 'A' | 'B'): void {
  const h = holder();
  h.server = instances[instance].server;
  h.id = instances[instance].id;
}
/** Remembers the server the last request built for `instance`. */
function keep(instance: 'A' | 'B'): void {
  instances[instance] = { server: holder().server, id: holder().id };
}

async function makeEpisode(db: Db): Promise<{ id: string; mediaPath: string; key: Buffer }> {
  const seriesId = newId();
  await db.insert(movieSeries).values({ id: seriesId, name: `S3 ${seriesId}`, slug: `s3-${seriesId}`, type: 2, releaseYear: 2026 });
  const { keyId, key } = newContentKey();
  const id = newId();
  const mediaPath = randomBytes(8).toString('hex');
  await db.insert(videos).values({ id, movieSeriesId: seriesId, episodeNumber: 1, title: 'Episode 1', mediaPath, drmKeyId: keyId, sealedKey: sealContentKey(key), mediaStatus: 'pending', isPublished: true });
  return { id, mediaPath, key };
}

const b64 = (s: string) => Buffer.from(s).toString('base64');
const tusRequest = (method: string, url: string, headers: Record<string, string>, body?: Buffer) =>
  new NextRequest(new URL(url, 'http://localhost'), {
    method,
    headers: { key: API_KEY, 'tus-resumable': '1.0.0', authorization: `Bearer ${editor.token}`, ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });

/** Creates an upload on `first`, then sends `data` in chunks of `chunk` bytes, alternating instances, each after a HEAD. */
async function upload(episodeId: string, data: Buffer, chunk: number, first: 'A' | 'B' = 'A', stopAt = data.length): Promise<string> {
  on(first);
  const created = await tus.POST(
    tusRequest('POST', '/api/admin/uploads', { 'upload-length': String(data.length), 'upload-metadata': `episodeId ${b64(episodeId)},filename ${b64('clip.mp4')},filetype ${b64('video/mp4')}` }),
    { params: Promise.resolve({}) },
  );
  keep(first);
  expect(created.status, await created.clone().text()).toBe(201);
  const id = created.headers.get('location')!.split('/').pop()!;
  let instance: 'A' | 'B' = first;
  for (let sent = 0; sent < stopAt; ) {
    instance = instance === 'A' ? 'B' : 'A';
    on(instance);
    const head = await tus.HEAD(tusRequest('HEAD', `/api/admin/uploads/${id}`, {}), { params: Promise.resolve({ path: [id] }) });
    keep(instance);
    expect(head.status).toBe(200);
    // The offset comes from the bucket, whichever instance took the last chunk.
    expect(Number(head.headers.get('upload-offset'))).toBe(sent);
    const end = Math.min(sent + chunk, stopAt);
    const res = await tus.PATCH(
      tusRequest('PATCH', `/api/admin/uploads/${id}`, { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(sent) }, data.subarray(sent, end)),
      { params: Promise.resolve({ path: [id] }) },
    );
    expect(res.status, await res.clone().text()).toBe(204);
    expect(Number(res.headers.get('upload-offset'))).toBe(end);
    sent = end;
  }
  return id;
}

const keysOf = async (prefix: string, storage = uploadStorage()) => (await storage.list(prefix)).map((o) => o.key);

describe('tus uploads on S3, across two instances', () => {
  it('chunks sent alternately to two instances make one object in the upload bucket (a chunk under 5 MiB waits as a .part object)', async () => {
    const db = await appDb.db();
    const episode = await makeEpisode(db);
    const data = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), randomBytes(12 * 1024 * 1024)]);
    const threeMiB = 3 * 1024 * 1024;
    // Created on A, first chunk on B: 3 MiB is less than an S3 part (5 MiB), so tus keeps it as the .part object.
    const id = await upload(episode.id, data, threeMiB, 'A', threeMiB);
    expect(await keysOf(id)).toEqual([`${id}.info`, `${id}.part`]);
    const unfinished = await call(media.POST as never, `/api/admin/episodes/${episode.id}/media`, { method: 'POST', token: editor.token, body: { uploadId: id }, params: { id: episode.id } });
    expect(unfinished.json).toMatchObject({ code: 'E_CONFLICT', message: 'The upload is not finished yet.' });

    // The rest, alternating from A: A takes B's .part back into a 6 MiB part, and the last chunk completes the object.
    for (let sent = threeMiB, instance: 'A' | 'B' = 'A'; sent < data.length; instance = instance === 'A' ? 'B' : 'A') {
      on(instance);
      const head = await tus.HEAD(tusRequest('HEAD', `/api/admin/uploads/${id}`, {}), { params: Promise.resolve({ path: [id] }) });
      keep(instance);
      expect(Number(head.headers.get('upload-offset'))).toBe(sent);
      const end = Math.min(sent + threeMiB, data.length);
      const res = await tus.PATCH(tusRequest('PATCH', `/api/admin/uploads/${id}`, { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(sent) }, data.subarray(sent, end)), { params: Promise.resolve({ path: [id] }) });
      expect(res.status, await res.clone().text()).toBe(204);
      sent = end;
    }
    expect(instances.A.server).toBeTruthy();
    expect(instances.B.server).toBeTruthy();
    expect(instances.A.server).not.toBe(instances.B.server);

    // One object under the upload's id, equal to what was sent; no .part left.
    expect(await keysOf(id)).toEqual([id, `${id}.info`]);
    const stored = await uploadStorage().get(id);
    expect((await buffer(stored!.body)).equals(data)).toBe(true);
    // Nothing of it in the media bucket (public).
    expect(await keysOf('', mediaStorage())).toEqual([]);
  }, 120_000);

  it('a HEAD on instance B waits while a chunk is still arriving on instance A, and answers the offset after it', async () => {
    const db = await appDb.db();
    const episode = await makeEpisode(db);
    const data = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), randomBytes(4 * 1024 * 1024)]);
    on('A');
    const created = await tus.POST(
      tusRequest('POST', '/api/admin/uploads', { 'upload-length': String(data.length), 'upload-metadata': `episodeId ${b64(episode.id)},filename ${b64('clip.mp4')},filetype ${b64('video/mp4')}` }),
      { params: Promise.resolve({}) },
    );
    keep('A');
    const id = created.headers.get('location')!.split('/').pop()!;
    // A chunk whose second half arrives 600 ms after the first (a slow connection).
    const half = 1024 * 1024;
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(data.subarray(0, half)));
        await new Promise((r) => setTimeout(r, 600));
        controller.enqueue(new Uint8Array(data.subarray(half, 2 * half)));
        controller.close();
      },
    });
    const slow = new NextRequest(new URL(`/api/admin/uploads/${id}`, 'http://localhost'), {
      method: 'PATCH',
      headers: { key: API_KEY, 'tus-resumable': '1.0.0', authorization: `Bearer ${editor.token}`, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
      body,
      // A streamed request body must say so (fetch's rule); NextRequest's init type does not list it.
      duplex: 'half',
    } as ConstructorParameters<typeof NextRequest>[1]);
    const patched = tus.PATCH(slow, { params: Promise.resolve({ path: [id] }) }).then((res) => ({ res, at: Date.now() }));
    keep('A');
    await new Promise((r) => setTimeout(r, 200));
    on('B');
    const head = await tus.HEAD(tusRequest('HEAD', `/api/admin/uploads/${id}`, {}), { params: Promise.resolve({ path: [id] }) });
    const headAt = Date.now();
    keep('B');
    const { res, at } = await patched;
    expect(res.status, await res.clone().text()).toBe(204);
    // B answered after A's chunk was stored, with its end: not the 0 (or half) it would read while A still wrote.
    expect(headAt).toBeGreaterThanOrEqual(at);
    expect(Number(head.headers.get('upload-offset'))).toBe(2 * half);
  }, 60_000);

  it('an unfinished upload a day old is pruned with its records and its multipart upload; the source of a queued ingest is kept', async () => {
    const db = await appDb.db();
    const episode = await makeEpisode(db);
    const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), randomBytes(100)]);
    // 9 MiB of 17: one 8 MiB multipart part (which no listing shows) and a 1 MiB .part object.
    const unfinished = await upload(episode.id, Buffer.concat([head, randomBytes(17 * 1024 * 1024)]), 9 * 1024 * 1024, 'A', 9 * 1024 * 1024);
    const multipart = (await client.send(new HeadObjectCommand({ Bucket: 'h2-uploads', Key: `${unfinished}.info` }))).Metadata?.['upload-id'];
    const parts = () => client.send(new ListPartsCommand({ Bucket: 'h2-uploads', Key: unfinished, UploadId: multipart }));
    expect((await parts()).Parts).toHaveLength(1);
    expect(await keysOf(unfinished)).toEqual([`${unfinished}.info`, `${unfinished}.part`]);
    const finished = await upload(episode.id, head, 1000);
    const source = await upload(episode.id, head, 1000, 'B');
    await db.insert(mediaIngests).values({ id: newId(), videoId: episode.id, sourcePath: source, state: 'queued', stage: 'queued', percent: 0 });
    const subs = await call(subtitlesRoute.POST as never, '/x', { method: 'POST', token: editor.token, body: { vtt: 'WEBVTT\n\n00:00:00.500 --> 00:00:01.500\nHi\n', lang: 'en' }, params: { id: episode.id } });
    const subsKey = `subtitles/${subs.json.data.subtitlesUploadId}.en.vtt`;
    expect(await keysOf('subtitles/')).toContain(subsKey);

    // Nothing is a day old yet.
    expect(await removeAbandonedUploads(db)).toEqual([]);
    const removed = await removeAbandonedUploads(db, Date.now() + 25 * 3_600_000);
    expect(removed).toEqual(expect.arrayContaining([`video/${finished}`, `video/${unfinished}`, subsKey]));
    expect(removed).not.toContain(`video/${source}`);
    for (const id of [unfinished, finished]) expect(await keysOf(id)).toEqual([]);
    expect(await keysOf(source)).toEqual([source, `${source}.info`]);
    expect(await keysOf('subtitles/')).not.toContain(subsKey);
    // The part already sent was aborted with its multipart upload, not left to be billed.
    await expect(parts()).rejects.toMatchObject({ name: 'NoSuchUpload' });
  }, 120_000);
});

describe.skipIf(!hasFfmpeg())('ingest from and to S3 (ffmpeg)', () => {
  it(
    'a clip uploaded through both instances is packaged from the upload bucket into the media bucket; source, subtitles and scratch are removed',
    async () => {
      const db = await appDb.db();
      const episode = await makeEpisode(db);
      const uploadId = await upload(episode.id, clip, Math.ceil(clip.length / 3));
      const subs = await call(subtitlesRoute.POST as never, '/x', { method: 'POST', token: editor.token, body: { vtt: 'WEBVTT\n\n00:00:00.500 --> 00:00:01.500\nMahal kita.\n', lang: 'fil' }, params: { id: episode.id } });
      const started = await call(media.POST as never, `/api/admin/episodes/${episode.id}/media`, { method: 'POST', token: editor.token, body: { uploadId, subtitlesUploadId: subs.json.data.subtitlesUploadId }, params: { id: episode.id } });
      expect(started.status, JSON.stringify(started.json)).toBe(200);
      const [ingest] = await db.select().from(mediaIngests).where(eq(mediaIngests.videoId, episode.id));
      // The row names storage keys, not a path on the instance that took the upload.
      expect(ingest).toMatchObject({ sourcePath: uploadId, subtitlesPath: `subtitles/${subs.json.data.subtitlesUploadId}.fil.vtt` });

      expect((await runNextJob(db, 'instance-b', HANDLERS))?.outcome).toBe('done');
      const [row] = await db.select().from(videos).where(eq(videos.id, episode.id));
      expect(row).toMatchObject({ mediaStatus: 'ready', durationSeconds: 4, hasSubtitles: true });
      // Every run writes a folder of its own; the one the episode was created with is gone.
      expect(row.mediaPath).not.toBe(episode.mediaPath);

      const packaged = await keysOf(`${row.mediaPath}/`, mediaStorage());
      expect(packaged).toEqual(expect.arrayContaining(['manifest.mpd', 'master.m3u8', 'init-stream0.m4s', 'poster.jpg', 'subtitles-fil.vtt'].map((n) => `${row.mediaPath}/${n}`)));
      const mpd = await buffer((await mediaStorage().get(`${row.mediaPath}/manifest.mpd`))!.body);
      expect(mpd.toString()).toContain('urn:mpeg:dash:mp4protection:2011');
      // Immutable in the bucket too: a CDN in front keeps each file for a year.
      const info = await client.send(new HeadObjectCommand({ Bucket: 'h2-media', Key: `${row.mediaPath}/manifest.mpd` }));
      expect(info.CacheControl).toContain('immutable');
      // The raw key is in no object of either bucket.
      for (const storage of [mediaStorage(), uploadStorage()]) {
        for (const object of await storage.list('')) {
          const bytes = await buffer((await storage.get(object.key))!.body);
          for (const form of [episode.key, Buffer.from(episode.key.toString('hex')), Buffer.from(episode.key.toString('base64'))]) expect(bytes.includes(form), object.key).toBe(false);
        }
      }
      // Source and subtitles gone from the upload bucket; no scratch left; nothing written to a local media folder.
      expect(await keysOf(uploadId)).toEqual([]);
      expect(await keysOf('subtitles/')).not.toContain(ingest.subtitlesPath);
      expect(await readdir(path.join(work, 'a-uploads', 'work')).catch(() => [])).toEqual([]);
      expect(existsSync(path.join(work, 'a-media'))).toBe(false);

      // A replacement video goes to a new folder (the old files are cached as immutable): the old one is deleted after.
      const again = await upload(episode.id, clip, Math.ceil(clip.length / 2), 'B');
      expect((await call(media.POST as never, `/api/admin/episodes/${episode.id}/media`, { method: 'POST', token: editor.token, body: { uploadId: again }, params: { id: episode.id } })).status).toBe(200);
      expect((await runNextJob(db, 'instance-a', HANDLERS))?.outcome).toBe('done');
      const [replaced] = await db.select().from(videos).where(eq(videos.id, episode.id));
      expect(replaced.mediaStatus).toBe('ready');
      expect(replaced.mediaPath).not.toBe(row.mediaPath);
      expect(await keysOf(`${replaced.mediaPath}/`, mediaStorage())).toContain(`${replaced.mediaPath}/manifest.mpd`);
      expect(await keysOf(`${row.mediaPath}/`, mediaStorage())).toEqual([]);
    },
    180_000,
  );

  it(
    'an ingest whose instance died mid-transcode is finished by another instance, with its own scratch folder, once the lock expires',
    async () => {
      const db = await appDb.db();
      const episode = await makeEpisode(db);
      const uploadId = await upload(episode.id, clip, Math.ceil(clip.length / 2), 'B');
      expect((await call(media.POST as never, `/api/admin/episodes/${episode.id}/media`, { method: 'POST', token: editor.token, body: { uploadId }, params: { id: episode.id } })).status).toBe(200);

      const mediaBefore = (await mediaStorage().list('')).map((o) => o.key);
      const job = await claimJob(db, 'instance-a');
      expect(job?.type).toBe(INGEST_JOB);
      const killed = new AbortController();
      const runA = ingestJob(db, job!, { signal: killed.signal, packageOptions: { ...FAST, preset: 'veryslow' } }).then(
        () => 'finished',
        (err: Error) => `stopped: ${err.message}`,
      );
      for (let i = 0; i < 600; i++) {
        const [row] = await db.select({ stage: mediaIngests.stage }).from(mediaIngests).where(eq(mediaIngests.videoId, episode.id));
        if (row.stage === 'transcoding') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      killed.abort(new Error('instance A killed'));
      expect(await runA).toMatch(/^stopped/);
      // Nothing was written to the media bucket by the killed run.
      expect((await mediaStorage().list('')).map((o) => o.key)).toEqual(mediaBefore);
      const [mid] = await db.select().from(videos).where(eq(videos.id, episode.id));
      expect(mid.mediaStatus).toBe('processing');

      // Instance B: another machine (its own UPLOAD_DIR for scratch), the same buckets and database.
      process.env.UPLOAD_DIR = path.join(work, 'b-uploads');
      resetServerEnvForTests();
      try {
        expect(await runNextJob(db, 'instance-b', HANDLERS)).toBeNull();
        await db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, job!.id));
        const again = await runNextJob(db, 'instance-b', HANDLERS);
        expect(again).toMatchObject({ outcome: 'done', job: { id: job!.id, attempts: 2 } });
        const [row] = await db.select().from(videos).where(eq(videos.id, episode.id));
        expect(row).toMatchObject({ mediaStatus: 'ready', durationSeconds: 4 });
        expect(await keysOf(`${row.mediaPath}/`, mediaStorage())).toContain(`${row.mediaPath}/manifest.mpd`);
        expect(await keysOf(uploadId)).toEqual([]);
        expect(await readdir(path.join(work, 'b-uploads', 'work')).catch(() => [])).toEqual([]);
        const [done] = await db.select().from(mediaIngests).where(and(eq(mediaIngests.videoId, episode.id), eq(mediaIngests.state, 'ready')));
        expect(done).toBeTruthy();
      } finally {
        process.env.UPLOAD_DIR = path.join(work, 'a-uploads');
        resetServerEnvForTests();
      }
      // Instance A, back, finds its dead run's scratch folder and removes it with the next uploads.prune.
      const [ingest] = await db.select({ id: mediaIngests.id }).from(mediaIngests).where(eq(mediaIngests.videoId, episode.id));
      expect(await readdir(path.join(work, 'a-uploads', 'work'))).toEqual([ingest.id]);
      expect(await removeAbandonedUploads(db)).toContain(`work/${ingest.id}`);
      expect(await readdir(path.join(work, 'a-uploads', 'work'))).toEqual([]);
    },
    240_000,
  );
});

describe.skipIf(!hasFfmpeg())('npm run media:package -- <file> --episode <id> with S3 storage', () => {
  it('packages the operator\'s file into the media bucket, marks the episode ready and leaves the file where it was', async () => {
    const db = await appDb.db();
    const episode = await makeEpisode(db);
    const input = path.join(work, 'clip.mp4');
    const url = await appDb.url();
    const done = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/media-package.ts', input, '--episode', episode.id, '--preset', 'ultrafast'], {
        env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'error' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      child.on('close', (code) => resolve({ code, output }));
    });
    expect(done.code, done.output).toBe(0);
    expect(done.output).toContain(`episode ${episode.id} ready: 4s`);
    const [row] = await db.select().from(videos).where(eq(videos.id, episode.id));
    expect(await keysOf(`${row.mediaPath}/`, mediaStorage())).toContain(`${row.mediaPath}/manifest.mpd`);
    expect(existsSync(input)).toBe(true);
    expect(existsSync(path.join(work, 'a-media'))).toBe(false);
  }, 120_000);
});

describe('the upload lock across instances', () => {
  const never = new AbortController().signal;
  const timeout = () => expect.objectContaining({ status_code: 500, body: 'failed to acquire lock before timeout' });

  it('a request on another instance waits for the holder (it cannot ask it to stop) and gets the lock once it is released', async () => {
    const a = new PgUploadLocker(() => appDb.db(), 400);
    const b = new PgUploadLocker(() => appDb.db(), 400);
    const id = randomBytes(16).toString('hex');
    let askedA = 0;
    const held = a.newLock(id);
    await held.lock(never, () => void askedA++);
    // Another upload is not held up.
    const other = b.newLock(randomBytes(16).toString('hex'));
    await other.lock(never, () => {});
    await other.unlock();

    await expect(b.newLock(id).lock(never, () => {})).rejects.toEqual(timeout());
    expect(askedA).toBe(0);
    const waiting = b.newLock(id);
    const got = waiting.lock(never, () => {});
    await new Promise((r) => setTimeout(r, 150));
    await held.unlock();
    await got;
    await waiting.unlock();
  });

  it('in one instance a second request asks the holder to stop, as tus\'s MemoryLocker does', async () => {
    const a = new PgUploadLocker(() => appDb.db(), 2000);
    const id = randomBytes(16).toString('hex');
    const first = a.newLock(id);
    await first.lock(never, () => void first.unlock());
    const second = a.newLock(id);
    await second.lock(never, () => {});
    await second.unlock();
  });

  it('an instance whose connection dies frees its uploads at once', async () => {
    const db = await appDb.db();
    const a = new PgUploadLocker(() => appDb.db(), 400);
    const id = randomBytes(16).toString('hex');
    const held = a.newLock(id);
    await held.lock(never, () => {});
    await expect(a.newLock(id).lock(AbortSignal.timeout(5000), () => {})).rejects.toEqual(timeout());
    // "Kill" instance A: end the session that holds the lock, as a crash or a network cut does.
    // Only that session: the server is shared with other tests. An advisory lock's bigint key shows as classid/objid.
    const killed = await db.execute(sql`
      with k as (select hashtextextended(${`kilig-tus:${id}`}, 0) as v)
      select pg_terminate_backend(l.pid) as done from pg_locks l, k
      where l.locktype = 'advisory' and l.granted and l.objsubid = 1
        and l.database = (select oid from pg_database where datname = current_database())
        and l.classid = ((k.v >> 32) & 4294967295)::oid and l.objid = (k.v & 4294967295)::oid`);
    expect(killed.rows).toEqual([{ done: true }]);
    const b = new PgUploadLocker(() => appDb.db(), 2000);
    const lock = b.newLock(id);
    await lock.lock(never, () => {});
    await lock.unlock();
    // A's own unlock, when its request ends, drops the dead connection without an error.
    await held.unlock();
  });
});

describe('content keys never reach storage', () => {
  it('a package folder holding a key file, or the key in a manifest, is refused before it is written', async () => {
    const key = randomBytes(16);
    const dir = path.join(work, 'pkg-check');
    await mkdir(path.join(dir, 'sub'), { recursive: true });
    await writeFile(path.join(dir, 'manifest.mpd'), '<MPD/>');
    await writeFile(path.join(dir, 'sub', 'chunk-stream0-00001.m4s'), randomBytes(1000));
    await expect(checkNoKeyInPackage(dir, key)).resolves.toBeUndefined();
    await writeFile(path.join(dir, 'sub', 'content.key'), randomBytes(16));
    await expect(checkNoKeyInPackage(dir, key)).rejects.toThrow(/key file/);
    await rm(path.join(dir, 'sub', 'content.key'));
    await writeFile(path.join(dir, 'master.m3u8'), `#EXTM3U\n#EXT-X-KEY:METHOD=SAMPLE-AES,KEY=${key.toString('base64')}\n`);
    await expect(checkNoKeyInPackage(dir, key)).rejects.toThrow(/holds the content key/);
  });
});
