import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import { NextResponse } from 'next/server';
import { eq, inArray } from 'drizzle-orm';
import { serverEnv } from '@/lib/env';
import { newId } from '@/lib/ids';
import { getDb, type Db } from '@/lib/server/db/client';
import { mediaIngests, videos } from '@/lib/server/db/schema';
import { AppError, type ErrorCode } from '@/lib/server/http/app-error';
import { log } from '@/lib/server/log';
import { isVideoFileName, isWebVtt, SUBTITLE_LANGUAGE_CODES, UPLOAD_ID_RE, VIDEO_UPLOAD_PATH, type SubtitleLanguage } from '@/lib/contracts/studio-media';
import { writeAudit, type AuditActor } from './audit';

/**
 * Studio uploads, kept under UPLOAD_DIR (never under MEDIA_DIR, which anyone can read):
 *   video/<32 hex>       a resumable tus upload of a source video (with <id>.json, tus's record of it)
 *   subtitles/<24 hex>.<lang>.vtt   a WebVTT file sent with the episode's video, in the language the editor chose
 * A video upload names its episode in its metadata (`episodeId`); the ingest only accepts it for that episode.
 */

export const uploadRoot = () => path.resolve(serverEnv().UPLOAD_DIR);
const videoDir = () => path.join(uploadRoot(), 'video');
const subtitlesDir = () => path.join(uploadRoot(), 'subtitles');

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

type TusHolder = { server?: Server; dir?: string };
// On globalThis: one tus server (and its in-memory upload locks) per process, even when `next dev` reloads modules.
const holder: TusHolder = ((globalThis as { __kiligTus?: TusHolder }).__kiligTus ??= {});

/** The tus server of api/admin/uploads (rebuilt when UPLOAD_DIR changes, as tests do). */
export function tusServer(): Server {
  const dir = videoDir();
  if (holder.server && holder.dir === dir) return holder.server;
  holder.dir = dir;
  holder.server = new Server({
    path: VIDEO_UPLOAD_PATH,
    datastore: new FileStore({ directory: dir }),
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

/** A finished tus upload of this episode and its file, or 404 (unknown) / 409 (another episode's, or `unfinished`). */
async function finishedUploadOf(uploadId: string, episodeId: string, unfinished: string): Promise<{ upload: Upload; file: string }> {
  if (!UPLOAD_ID_RE.test(uploadId)) throw new AppError('E_NOT_FOUND', 'No such upload.');
  let upload: Upload;
  try {
    upload = await tusServer().datastore.getUpload(uploadId);
  } catch {
    throw new AppError('E_NOT_FOUND', 'No such upload.');
  }
  if (upload.metadata?.episodeId !== episodeId) throw new AppError('E_CONFLICT', 'That upload belongs to another episode.');
  if (upload.size === undefined || upload.offset !== upload.size) throw new AppError('E_CONFLICT', unfinished);
  return { upload, file: path.join(videoDir(), uploadId) };
}

/** The file of a finished video upload for this episode, or an AppError saying why there is none. */
export async function finishedUpload(uploadId: string, episodeId: string): Promise<{ path: string; size: number; filename: string }> {
  const { upload, file } = await finishedUploadOf(uploadId, episodeId, 'The upload is not finished yet.');
  await checkVideoSignature(file);
  return { path: file, size: upload.size!, filename: upload.metadata?.filename ?? 'video' };
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

export async function checkVideoSignature(file: string): Promise<void> {
  const handle = await open(file, 'r').catch(() => null);
  if (!handle) throw new AppError('E_NOT_FOUND', 'The uploaded file is no longer there. Please upload it again.');
  try {
    const head = Buffer.alloc(512);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (!looksLikeVideo(head.subarray(0, bytesRead))) {
      throw new AppError('E_VALIDATION', 'This file is not a video the studio can read (MP4, MOV, MKV, WebM, AVI or MPEG-TS).');
    }
  } finally {
    await handle.close();
  }
}

/** Stores a WebVTT file in `lang` for a later ingest; answers its id. The language is kept in the file's name. */
export async function saveSubtitles(text: string, lang: SubtitleLanguage): Promise<string> {
  if (!isWebVtt(text)) throw new AppError('E_VALIDATION', 'Subtitles must be a WebVTT file (it starts with WEBVTT).');
  if (!SUBTITLE_LANGUAGE_CODES.includes(lang)) throw new AppError('E_VALIDATION', 'Choose the language of the subtitles.');
  const id = newId();
  await mkdir(subtitlesDir(), { recursive: true });
  await writeFile(path.join(subtitlesDir(), `${id}.${lang}.vtt`), text, 'utf8');
  return id;
}

/** `<id>.<lang>.vtt`; files stored before the language was asked are `<id>.vtt` (packaged as English then). */
const SUBTITLES_NAME = /^([0-9a-f]{24})(?:\.([a-z]{2,3}))?\.vtt$/;

/** The stored subtitles file of this id. */
export async function subtitlesFile(id: string): Promise<string> {
  if (/^[0-9a-f]{24}$/.test(id)) {
    for (const name of [...SUBTITLE_LANGUAGE_CODES.map((lang) => `${id}.${lang}.vtt`), `${id}.vtt`]) {
      const file = path.join(subtitlesDir(), name);
      if ((await stat(file).catch(() => null))?.isFile()) return file;
    }
  }
  throw new AppError('E_NOT_FOUND', 'No such subtitles upload.');
}

/**
 * The language a stored subtitles file was uploaded in (from its name), for packaging; undefined for a file outside
 * the upload folder (the media:package CLI's, which passes its own) or one stored before the studio asked.
 */
export function subtitlesLanguageOf(file: string): SubtitleLanguage | undefined {
  const lang = SUBTITLES_NAME.exec(path.basename(file))?.[2];
  return SUBTITLE_LANGUAGE_CODES.find((code) => code === lang);
}

/** Removes an ingested source (and tus's record of it): only files inside UPLOAD_DIR, never a file the CLI was given. */
export async function removeUploadedSource(file: string | null): Promise<void> {
  if (!file) return;
  const root = uploadRoot();
  if (!path.resolve(file).startsWith(root + path.sep)) return;
  await rm(file, { force: true });
  if (path.dirname(path.resolve(file)) === videoDir()) await rm(`${file}.json`, { force: true });
}

/** An upload nobody finished, or finished and never packaged, is removed once it has not changed for this long. */
export const ABANDONED_UPLOAD_MS = 86_400_000;

/** Last change of a file (tus appends with each PATCH), or null when it is not there. */
const modifiedAt = async (file: string) => (await stat(file).catch(() => null))?.mtimeMs ?? null;

/**
 * The periodic `uploads.prune` job: removes video uploads (and tus's records of them) and subtitles files that have not
 * changed for a day — unfinished uploads the studio gave up on, finished ones that were never packaged (a refused file,
 * a closed tab) — except the source of an ingest that is queued or running. Answers the names removed.
 */
export async function removeAbandonedUploads(db: Db, now = Date.now()): Promise<string[]> {
  const inUse = new Set<string>();
  for (const row of await db.select({ source: mediaIngests.sourcePath, subtitles: mediaIngests.subtitlesPath }).from(mediaIngests).where(inArray(mediaIngests.state, ['queued', 'running']))) {
    inUse.add(path.resolve(row.source));
    if (row.subtitles) inUse.add(path.resolve(row.subtitles));
  }
  const removed: string[] = [];
  const stale = async (files: string[]) => {
    const times = (await Promise.all(files.map(modifiedAt))).filter((t): t is number => t !== null);
    return times.length > 0 && now - Math.max(...times) > ABANDONED_UPLOAD_MS;
  };
  const names = async (dir: string) => (await readdir(dir).catch(() => [] as string[]));
  const videoIds = new Set((await names(videoDir())).map((n) => n.replace(/\.json$/, '')).filter((id) => UPLOAD_ID_RE.test(id)));
  for (const id of videoIds) {
    const file = path.join(videoDir(), id);
    if (inUse.has(file) || !(await stale([file, `${file}.json`]))) continue;
    await rm(file, { force: true });
    await rm(`${file}.json`, { force: true });
    removed.push(`video/${id}`);
  }
  for (const name of await names(subtitlesDir())) {
    const file = path.join(subtitlesDir(), name);
    if (!SUBTITLES_NAME.test(name) || inUse.has(file) || !(await stale([file]))) continue;
    await rm(file, { force: true });
    removed.push(`subtitles/${name}`);
  }
  return removed;
}

/**
 * Deletes a finished video upload of this episode whose content is not a video (the ingest refuses it, and tus keeps
 * finished uploads), with an audit entry. A real video is kept: it may be an ingest's source. An unfinished upload is
 * the uploader's to cancel (tus DELETE) and goes by itself after a day.
 */
export async function deleteRejectedUpload(db: Db, actor: AuditActor, episodeId: string, uploadId: string): Promise<void> {
  const { upload, file } = await finishedUploadOf(uploadId, episodeId, 'The upload is not finished: cancel it where it was started, or it is removed after a day.');
  const isVideo = await checkVideoSignature(file).then(
    () => true,
    (err: unknown) => {
      if (err instanceof AppError && err.code === 'E_VALIDATION') return false;
      throw err;
    },
  );
  if (isVideo) throw new AppError('E_CONFLICT', 'This upload is a video: it is kept for processing.');
  await db.transaction(async (tx) => {
    await writeAudit(tx, actor, { action: 'upload.delete', entity: 'upload', entityId: uploadId, before: { episodeId, filename: upload.metadata?.filename ?? null, size: upload.size ?? null }, after: null });
    await rm(file, { force: true });
    await rm(`${file}.json`, { force: true });
  });
}
