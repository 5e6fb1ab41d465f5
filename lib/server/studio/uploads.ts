import 'server-only';
import { randomBytes } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { Server, type DataStore, type KvStore, type Upload } from '@tus/server';
import { NextResponse } from 'next/server';
import { eq, inArray } from 'drizzle-orm';
import { serverEnv } from '@/lib/env';
import { newId } from '@/lib/ids';
import { getDb, type Db } from '@/lib/server/db/client';
import { mediaIngests, videos } from '@/lib/server/db/schema';
import { AppError, type ErrorCode } from '@/lib/server/http/app-error';
import { log } from '@/lib/server/log';
import { RangeNotSatisfiableError, s3ClientConfig, uploadStorage, type ObjectStorage } from '@/lib/server/storage';
import { isVideoFileName, isWebVtt, SUBTITLE_LANGUAGE_CODES, UPLOAD_ID_RE, VIDEO_UPLOAD_PATH, type SubtitleLanguage } from '@/lib/contracts/studio-media';
import { writeAudit, type AuditActor } from './audit';
import { PgUploadLocker } from './upload-lock';

/**
 * Studio uploads, in upload storage (lib/server/storage: UPLOAD_DIR, or the private S3_UPLOAD_BUCKET that every
 * instance reads; never the media area, which anyone can read):
 *   a video upload, resumable (tus)  local: video/<32 hex> beside tus's record video/<id>.json (FileStore);
 *                                    S3: <32 hex> at the bucket's root beside <id>.info and, between chunks smaller
 *                                    than a part (5 MiB), <id>.part (S3Store, which takes no key prefix)
 *   subtitles/<24 hex>.<lang>.vtt    a WebVTT file sent with the episode's video, in the language the editor chose
 * A video upload names its episode in its metadata (`episodeId`); the ingest only accepts it for that episode. An
 * ingest row names its source by storage key; the media:package CLI's own file is an absolute path on its machine.
 */

const storage = (): ObjectStorage => uploadStorage();
const onS3 = () => storage().kind === 's3';
export const uploadRoot = () => path.resolve(serverEnv().UPLOAD_DIR);
const videoDir = () => path.join(uploadRoot(), 'video');

/** The storage key of a video upload's bytes (complete once the upload is finished). */
export const videoKey = (uploadId: string) => (onS3() ? uploadId : `video/${uploadId}`);
/** tus's own records of a video upload, removed with it. */
const recordKeys = (uploadId: string) => (onS3() ? [`${uploadId}.info`, `${uploadId}.part`] : [`video/${uploadId}.json`]);
/** The upload id of any key tus keeps for a video upload (bytes or record), or null. */
function uploadIdOfKey(key: string): string | null {
  const m = (onS3() ? /^([0-9a-f]{32})(?:\.info|\.part)?$/ : /^video\/([0-9a-f]{32})(?:\.json)?$/).exec(key);
  return m?.[1] ?? null;
}

/**
 * An ingest's source or subtitles as a storage key; null for a file the media:package CLI was given (an absolute path,
 * left where it is). Rows written before storage had drivers hold absolute paths inside UPLOAD_DIR: on the local
 * driver those are the same files under their key.
 */
export function uploadKeyOf(ref: string): string | null {
  if (!path.isAbsolute(ref)) return ref;
  if (onS3()) return null;
  const rel = path.relative(uploadRoot(), path.resolve(ref));
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : null;
}

/** tus answers `{status_code, body}` objects thrown from its hooks with that status. */
const refuse = (status_code: number, body: string) => ({ status_code, body });

/** Checks the metadata before any byte is stored: an existing episode, a video file by name or type. */
async function checkNewUpload(upload: Upload): Promise<void> {
  const meta = upload.metadata ?? {};
  const episodeId = meta.episodeId ?? '';
  if (!/^[0-9a-f]{24}$/.test(episodeId)) throw refuse(400, 'Upload-Metadata must name the episode (episodeId).');
  const name = meta.filename ?? '';
  const type = meta.filetype ?? '';
  if (!isVideoFileName(name) && !type.startsWith('video/')) throw refuse(415, 'Only video files (MP4, MOV, MKV, WebM, AVI, MPEG-TS) can be uploaded.');
  const db = await getDb();
  const [video] = await db.select({ id: videos.id }).from(videos).where(eq(videos.id, episodeId));
  if (!video) throw refuse(404, 'That episode does not exist.');
}

/**
 * S3Store keeps each upload's record in a per-process cache by default; with several instances that copy goes stale
 * (an upload removed or finished through another instance still looks open here), so every request reads the record
 * from the bucket instead: one small GET.
 */
const noCache: KvStore<never> = { get: async () => undefined, set: async () => {}, delete: async () => {}, list: async () => [] };

/** tus's store: the upload folder on one machine, or the upload bucket every instance shares (`id` names its settings). */
function datastoreSettings(): { id: string; build: () => DataStore; shared: boolean } {
  if (!onS3()) {
    const dir = videoDir();
    return { id: `file:${dir}`, build: () => new FileStore({ directory: dir }), shared: false };
  }
  const env = serverEnv();
  const bucket = env.S3_UPLOAD_BUCKET!;
  const config = { bucket, ...s3ClientConfig(env) };
  return { id: `s3:${JSON.stringify([env.S3_ENDPOINT, env.S3_REGION, env.S3_ACCESS_KEY_ID, bucket])}`, build: () => new S3Store({ s3ClientConfig: config, cache: noCache }), shared: true };
}

type TusHolder = { server?: Server; id?: string };
// On globalThis: one tus server (and its in-memory upload locks) per process, even when `next dev` reloads modules.
const holder: TusHolder = ((globalThis as { __kiligTus?: TusHolder }).__kiligTus ??= {});

/** The tus server of api/admin/uploads (rebuilt when its store's settings change, as tests do). */
export function tusServer(): Server {
  const { id, build, shared } = datastoreSettings();
  if (holder.server && holder.id === id) return holder.server;
  holder.id = id;
  holder.server = new Server({
    path: VIDEO_UPLOAD_PATH,
    datastore: build(),
    // A shared store needs a lock every instance sees: two requests for one upload on two instances would otherwise
    // both append (a client retrying a chunk whose first try is still running elsewhere). One disk: tus's own.
    ...(shared ? { locker: new PgUploadLocker(async () => getDb()) } : {}),
    maxSize: () => serverEnv().UPLOAD_MAX_BYTES,
    // Relative: the browser resolves it against the origin it called, whatever proxies sit in between.
    relativeLocation: true,
    namingFunction: () => randomBytes(16).toString('hex'),
    getFileIdFromRequest: (_req, last) => (last && UPLOAD_ID_RE.test(last) ? last : undefined),
    // Same-origin only: no Access-Control-Allow-Origin header.
    allowedOrigins: [],
    // A finished upload may be an ingest's source: only the ingest removes it.
    disableTerminationForFinishedUploads: true,
    onUploadCreate: async (_req, upload) => {
      await checkNewUpload(upload);
      return {};
    },
  });
  return holder.server;
}

const CODE_BY_STATUS: Record<number, ErrorCode> = { 404: 'E_NOT_FOUND', 409: 'E_CONFLICT', 413: 'E_PAYLOAD_TOO_LARGE', 403: 'E_FORBIDDEN' };

/**
 * Hands one request of the tus protocol to the tus server. Its errors (plain text) become the API's one error shape
 * with the same status and tus headers, so the studio client and the API's own checks read them alike.
 */
export async function handleTusRequest(req: Request): Promise<Response> {
  let res: Response;
  try {
    res = await tusServer().handleWeb(req);
  } catch (err) {
    log.error('tus request failed', { err: err instanceof Error ? err.message : String(err) });
    throw new AppError('E_INTERNAL', 'The upload could not be stored. Please try again.');
  }
  if (res.status < 400) return res;
  const text = (await res.text().catch(() => '')).trim();
  if (res.status >= 500) {
    log.error('tus answered an error', { status: res.status, body: text.slice(0, 300) });
    throw new AppError('E_INTERNAL', 'The upload could not be stored. Please try again.');
  }
  const code = CODE_BY_STATUS[res.status] ?? 'E_BAD_REQUEST';
  const out = NextResponse.json({ status: false, message: text || 'The upload request was refused.', code }, { status: res.status });
  for (const name of ['tus-resumable', 'upload-offset', 'tus-version', 'tus-max-size']) {
    const value = res.headers.get(name);
    if (value) out.headers.set(name, value);
  }
  return out;
}

/** A finished tus upload of this episode and its storage key, or 404 (unknown) / 409 (another episode's, or `unfinished`). */
async function finishedUploadOf(uploadId: string, episodeId: string, unfinished: string): Promise<{ upload: Upload; key: string }> {
  if (!UPLOAD_ID_RE.test(uploadId)) throw new AppError('E_NOT_FOUND', 'No such upload.');
  let upload: Upload;
  try {
    upload = await tusServer().datastore.getUpload(uploadId);
  } catch {
    throw new AppError('E_NOT_FOUND', 'No such upload.');
  }
  if (upload.metadata?.episodeId !== episodeId) throw new AppError('E_CONFLICT', 'That upload belongs to another episode.');
  if (upload.size === undefined || upload.offset !== upload.size) throw new AppError('E_CONFLICT', unfinished);
  return { upload, key: videoKey(uploadId) };
}

/** The storage key of a finished video upload for this episode, or an AppError saying why there is none. */
export async function finishedUpload(uploadId: string, episodeId: string): Promise<{ key: string; size: number; filename: string }> {
  const { upload, key } = await finishedUploadOf(uploadId, episodeId, 'The upload is not finished yet.');
  await checkVideoSignature(key);
  return { key, size: upload.size!, filename: upload.metadata?.filename ?? 'video' };
}

/**
 * The first bytes must be those of a video container ffmpeg reads: ISO BMFF (MP4/MOV/M4V: 'ftyp', or a leading
 * 'moov'/'mdat'/'wide'/'free' box), Matroska/WebM (EBML), AVI (RIFF…AVI), MPEG-TS (sync byte every 188 bytes) or
 * MPEG-PS. The name and type the browser declares prove nothing; whether the content decodes is ffmpeg's to say.
 */
export function looksLikeVideo(head: Buffer): boolean {
  if (head.length < 12) return false;
  const box = head.toString('latin1', 4, 8);
  if (['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip'].includes(box)) return true;
  if (head.readUInt32BE(0) === 0x1a45dfa3) return true;
  if (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 11) === 'AVI') return true;
  if (head.readUInt32BE(0) === 0x000001ba) return true;
  if (head[0] === 0x47 && (head.length < 189 || head[188] === 0x47)) return true;
  return false;
}

/** Reads a stream to the end (small bodies only: the first bytes of an upload, a subtitles file). */
async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Checks the first bytes of a stored upload (a range read: the rest stays where it is). */
export async function checkVideoSignature(key: string): Promise<void> {
  let head: Buffer;
  try {
    const got = await storage().get(key, { start: 0, end: 511 });
    if (!got) throw new AppError('E_NOT_FOUND', 'The uploaded file is no longer there. Please upload it again.');
    head = await readAll(got.body);
  } catch (err) {
    // An empty object has no first byte to read.
    if (!(err instanceof RangeNotSatisfiableError)) throw err;
    head = Buffer.alloc(0);
  }
  if (!looksLikeVideo(head)) {
    throw new AppError('E_VALIDATION', 'This file is not a video the studio can read (MP4, MOV, MKV, WebM, AVI or MPEG-TS).');
  }
}

const subtitlesKey = (name: string) => `subtitles/${name}`;

/** Stores a WebVTT file in `lang` for a later ingest; answers its id. The language is kept in the file's name. */
export async function saveSubtitles(text: string, lang: SubtitleLanguage): Promise<string> {
  if (!isWebVtt(text)) throw new AppError('E_VALIDATION', 'Subtitles must be a WebVTT file (it starts with WEBVTT).');
  if (!SUBTITLE_LANGUAGE_CODES.includes(lang)) throw new AppError('E_VALIDATION', 'Choose the language of the subtitles.');
  const id = newId();
  await storage().put(subtitlesKey(`${id}.${lang}.vtt`), text, { contentType: 'text/vtt; charset=utf-8' });
  return id;
}

/** `<id>.<lang>.vtt`; files stored before the language was asked are `<id>.vtt` (packaged as English then). */
const SUBTITLES_NAME = /^([0-9a-f]{24})(?:\.([a-z]{2,3}))?\.vtt$/;

/** The storage key of the subtitles of this id. */
export async function subtitlesFile(id: string): Promise<string> {
  if (/^[0-9a-f]{24}$/.test(id)) {
    for (const name of [...SUBTITLE_LANGUAGE_CODES.map((lang) => `${id}.${lang}.vtt`), `${id}.vtt`]) {
      if (await storage().head(subtitlesKey(name))) return subtitlesKey(name);
    }
  }
  throw new AppError('E_NOT_FOUND', 'No such subtitles upload.');
}

/**
 * The language a stored subtitles file was uploaded in (from its name), for packaging; undefined for a file outside
 * upload storage (the media:package CLI's, which passes its own) or one stored before the studio asked.
 */
export function subtitlesLanguageOf(ref: string): SubtitleLanguage | undefined {
  const lang = SUBTITLES_NAME.exec(path.posix.basename(ref.split(path.sep).join('/')))?.[2];
  return SUBTITLE_LANGUAGE_CODES.find((code) => code === lang);
}

/** Whether an ingest's source (a storage key, or the CLI's file) is still there. */
export async function sourceExists(ref: string): Promise<boolean> {
  const key = uploadKeyOf(ref);
  if (key) return (await storage().head(key)) !== null;
  return (await stat(ref).catch(() => null))?.isFile() ?? false;
}

/**
 * Copies an ingest's source or subtitles to `file` on this machine (ffmpeg reads files); the CLI's own file is used
 * where it is. Answers the path to read, or null when it is gone.
 */
export async function fetchUpload(ref: string, file: string): Promise<string | null> {
  const key = uploadKeyOf(ref);
  if (!key) return (await sourceExists(ref)) ? ref : null;
  return (await storage().download(key, file)) ? file : null;
}

/**
 * Removes a video upload, finished or not, with tus's records of it. An unfinished one on S3 is a multipart upload
 * whose parts no listing shows: tus's store aborts it (for a finished one there is nothing to abort and it says so).
 */
async function removeVideoUpload(uploadId: string): Promise<void> {
  if (onS3()) {
    await tusServer()
      .datastore.remove(uploadId)
      .catch((err: unknown) => {
        const status = (err as { status_code?: number } | null)?.status_code;
        if (status !== 404) log.warn('tus upload not aborted', { uploadId, err: err instanceof Error ? err.message : String(err) });
      });
  }
  for (const key of [videoKey(uploadId), ...recordKeys(uploadId)]) await storage().delete(key);
}

/** Removes an ingested source (and tus's record of it) from upload storage; never a file the CLI was given. */
export async function removeUploadedSource(ref: string | null): Promise<void> {
  if (!ref) return;
  const key = uploadKeyOf(ref);
  if (!key) return;
  const uploadId = uploadIdOfKey(key);
  if (uploadId && key === videoKey(uploadId)) await removeVideoUpload(uploadId);
  else await storage().delete(key);
}

/** An upload nobody finished, or finished and never packaged, is removed once it has not changed for this long. */
export const ABANDONED_UPLOAD_MS = 86_400_000;

/**
 * The periodic `uploads.prune` job: removes video uploads (and tus's records of them) and subtitles files that have not
 * changed for a day — unfinished uploads the studio gave up on, finished ones that were never packaged (a refused file,
 * a closed tab) — except the source of an ingest that is queued or running. Answers the names removed.
 *
 * Also removes this machine's scratch folders (UPLOAD_DIR/work/<ingest id>) of ingests no longer queued or running.
 *
 * "Changed" is the newest of the upload's objects: with tus's S3 store, the parts of an unfinished upload are not
 * objects (S3 lists none), so an upload still receiving whole parts a day after it started is taken as abandoned: a day
 * is far longer than any upload of UPLOAD_MAX_BYTES takes.
 */
export async function removeAbandonedUploads(db: Db, now = Date.now()): Promise<string[]> {
  const inUse = new Set<string>();
  const active = new Set<string>();
  for (const row of await db.select({ id: mediaIngests.id, source: mediaIngests.sourcePath, subtitles: mediaIngests.subtitlesPath }).from(mediaIngests).where(inArray(mediaIngests.state, ['queued', 'running']))) {
    active.add(row.id);
    for (const ref of [row.source, row.subtitles]) {
      const key = ref ? uploadKeyOf(ref) : null;
      if (key) inUse.add(key);
    }
  }
  const stale = (times: Date[]) => times.length > 0 && now - Math.max(...times.map((t) => t.getTime())) > ABANDONED_UPLOAD_MS;
  const removed: string[] = [];
  // One upload that cannot be removed (storage refused it) is logged and left for the next run: never the others.
  const remove = async (name: string, work: () => Promise<unknown>) => {
    try {
      await work();
      removed.push(name);
    } catch (err) {
      log.warn('abandoned upload not removed', { name, err: err instanceof Error ? err.message : String(err) });
    }
  };

  const videoTimes = new Map<string, Date[]>();
  for (const object of await storage().list(onS3() ? '' : 'video/')) {
    const id = uploadIdOfKey(object.key);
    if (id) videoTimes.set(id, [...(videoTimes.get(id) ?? []), object.modified]);
  }
  for (const [id, times] of videoTimes) {
    if (inUse.has(videoKey(id)) || !stale(times)) continue;
    await remove(`video/${id}`, () => removeVideoUpload(id));
  }
  for (const object of await storage().list('subtitles/')) {
    const name = object.key.slice('subtitles/'.length);
    if (!SUBTITLES_NAME.test(name) || inUse.has(object.key) || !stale([object.modified])) continue;
    await remove(object.key, () => storage().delete(object.key));
  }
  // Scratch folders on this machine's disk of ingests that no longer run here: an instance killed mid-ingest leaves
  // one, and another instance finished the job. (Each instance cleans its own disk when the job runs there.)
  const workRoot = path.join(uploadRoot(), 'work');
  for (const name of await readdir(workRoot).catch(() => [] as string[])) {
    if (active.has(name)) continue;
    await remove(`work/${name}`, () => rm(path.join(workRoot, name), { recursive: true, force: true }));
  }
  return removed;
}

/**
 * Deletes a finished video upload of this episode whose content is not a video (the ingest refuses it, and tus keeps
 * finished uploads), with an audit entry. A real video is kept: it may be an ingest's source. An unfinished upload is
 * the uploader's to cancel (tus DELETE) and goes by itself after a day.
 */
export async function deleteRejectedUpload(db: Db, actor: AuditActor, episodeId: string, uploadId: string): Promise<void> {
  const { upload, key } = await finishedUploadOf(uploadId, episodeId, 'The upload is not finished: cancel it where it was started, or it is removed after a day.');
  const isVideo = await checkVideoSignature(key).then(
    () => true,
    (err: unknown) => {
      if (err instanceof AppError && err.code === 'E_VALIDATION') return false;
      throw err;
    },
  );
  if (isVideo) throw new AppError('E_CONFLICT', 'This upload is a video: it is kept for processing.');
  await db.transaction(async (tx) => {
    await writeAudit(tx, actor, { action: 'upload.delete', entity: 'upload', entityId: uploadId, before: { episodeId, filename: upload.metadata?.filename ?? null, size: upload.size ?? null }, after: null });
    await removeVideoUpload(uploadId);
  });
}
