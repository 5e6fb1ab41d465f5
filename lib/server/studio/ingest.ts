import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { newId } from '@/lib/ids';
import type { Db, DbOrTx } from '@/lib/server/db/client';
import { jobs, mediaIngests, videos } from '@/lib/server/db/schema';
import { openContentKey } from '@/lib/server/drm/keys';
import { AppError } from '@/lib/server/http/app-error';
import { enqueueJob, extendJobLock, type Job } from '@/lib/server/jobs/queue';
import { wakeJobWorker } from '@/lib/server/jobs/wake';
import { log } from '@/lib/server/log';
import { FfmpegError, probe } from '@/lib/server/media/ffmpeg';
import { packageProtected, type PackageOptions, type PackageStage } from '@/lib/server/media/package';
import { mediaStorage } from '@/lib/server/storage';
import type { EpisodeMediaView, MediaStatus, StartIngestInput } from '@/lib/contracts/studio-media';
import { actorOf, writeAudit, type AuditActor } from './audit';
import { titlePathsOf } from './publishing';
import { fetchUpload, finishedUpload, removeUploadedSource, sourceExists, subtitlesFile, subtitlesLanguageOf, uploadRoot } from './uploads';

/**
 * From an uploaded file to an episode viewers can play (issue 13): the `media.ingest` job, claimed by any instance,
 * copies the source (and subtitles) from upload storage to a scratch folder of its machine, probes it, runs the ffmpeg
 * ladder and our CENC encryptor with the episode's own key into a staging folder there, then, in one transaction that
 * still holds the job, marks the episode ready on the package it wrote to a new folder of media storage. Progress (stage, percent) and
 * failures (ffmpeg's reason) are written to `media_ingests` for the studio to show.
 *
 * Crash safety: a worker that dies mid-ingest leaves its job 'running'; once the lock expires another worker (on any
 * instance) claims it and the ingest starts over from a clean scratch folder. Nothing is visible to viewers until the
 * final transaction commits, and the package is complete in storage before it does, so an episode is never 'ready'
 * with half a package. Each run writes its own folder, so a worker that lost its claim can neither write over the
 * package of the one that took it over nor mark anything (its folder is removed).
 */

export const INGEST_JOB = 'media.ingest';
/** Attempts per ingest job: re-claims after crashes count, so a source that kills its worker ends failed, not looping. */
const INGEST_MAX_ATTEMPTS = 3;
/** The claim is pushed this far ahead while ffmpeg runs, every EXTEND_EVERY_MS. */
const INGEST_LOCK_MS = 60_000;
const EXTEND_EVERY_MS = 15_000;
/** Progress is written at most this often (stage changes always). */
const PROGRESS_EVERY_MS = 1000;

/** Overall percent at the start and end of each stage (the bar is one line from 0 to 100). */
const STAGE_SPAN: Record<'probing' | PackageStage | 'finishing', [number, number]> = {
  probing: [0, 2],
  transcoding: [2, 85],
  encrypting: [85, 97],
  finishing: [97, 100],
};

type Ingest = typeof mediaIngests.$inferSelect;

/** A failure to show the editor as it is (ffmpeg's reason, a missing file): the ingest fails, the job does not retry. */
class IngestFailure extends Error {}

/**
 * One ingest's scratch folder on the machine that runs it, under UPLOAD_DIR (local uploads, or only scratch when
 * storage is S3), never under MEDIA_DIR: the source and subtitles copied from upload storage, the clear package
 * (removed as soon as it is encrypted) and the encrypted one waiting to be written to media storage.
 */
const scratchDir = (ingestId: string) => path.join(uploadRoot(), 'work', ingestId);
const scratch = (ingestId: string) => {
  const dir = scratchDir(ingestId);
  return { dir, source: path.join(dir, 'source'), subtitles: path.join(dir, 'subtitles.vtt'), clear: path.join(dir, 'clear'), staging: path.join(dir, 'package') };
};
/** Packaged files never change at their key (a replaced video gets a new folder), so browsers and CDNs keep them. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

// ---------------------------------------------------------------------------------------------------------------
// Studio calls
// ---------------------------------------------------------------------------------------------------------------

function view(video: { mediaStatus: MediaStatus; durationSeconds: number; hasSubtitles: boolean }, ingest: Ingest | null): EpisodeMediaView {
  return {
    mediaStatus: video.mediaStatus,
    durationSeconds: video.durationSeconds,
    hasSubtitles: video.hasSubtitles,
    ingest: ingest && { id: ingest.id, state: ingest.state, stage: ingest.stage, percent: ingest.percent, error: ingest.error, updatedAt: ingest.updatedAt.toISOString() },
  };
}

async function latestIngest(db: DbOrTx, videoId: string): Promise<Ingest | null> {
  const [row] = await db.select().from(mediaIngests).where(eq(mediaIngests.videoId, videoId)).orderBy(desc(mediaIngests.createdAt), desc(mediaIngests.id)).limit(1);
  return row ?? null;
}

async function lockVideo(tx: DbOrTx, videoId: string) {
  const [video] = await tx.select().from(videos).where(eq(videos.id, videoId)).for('update');
  if (!video) throw new AppError('E_NOT_FOUND', 'That episode does not exist.');
  return video;
}

/** The episode's media status and its latest ingest (the panel polls this while an ingest runs). */
export async function episodeMedia(db: Db, videoId: string): Promise<EpisodeMediaView> {
  const [video] = await db.select({ mediaStatus: videos.mediaStatus, durationSeconds: videos.durationSeconds, hasSubtitles: videos.hasSubtitles }).from(videos).where(eq(videos.id, videoId));
  if (!video) throw new AppError('E_NOT_FOUND', 'That episode does not exist.');
  return view(video, await latestIngest(db, videoId));
}

/**
 * An episode being replaced keeps playing its old package until the new one is in place; any other goes
 * 'processing' (hidden from viewers until ready).
 */
const statusWhileIngesting = (current: MediaStatus): MediaStatus => (current === 'ready' ? 'ready' : 'processing');

/**
 * Starts packaging a finished upload for an episode: in one transaction the ingest row, the episode's status, the job
 * and the audit entry. Idempotent per upload: sending the same upload again answers the ingest it already started.
 */
export async function startIngest(db: Db, user: { id: string; email: string | null }, videoId: string, input: StartIngestInput): Promise<EpisodeMediaView> {
  const source = await finishedUpload(input.uploadId, videoId);
  const subtitles = input.subtitlesUploadId ? await subtitlesFile(input.subtitlesUploadId) : null;
  const result = await db.transaction(async (tx) => {
    const video = await lockVideo(tx, videoId);
    const [same] = await tx.select().from(mediaIngests).where(and(eq(mediaIngests.videoId, videoId), eq(mediaIngests.sourcePath, source.key)));
    if (same) return { video, ingest: same, created: false };
    const latest = await latestIngest(tx, videoId);
    if (latest && (latest.state === 'queued' || latest.state === 'running')) {
      throw new AppError('E_CONFLICT', 'A video is already being processed for this episode. Wait for it to finish.');
    }
    const ingest = await createIngest(tx, actorOf(user), video, source.key, subtitles, 'episode.media.upload', { filename: source.filename, size: source.size });
    return { video: { ...video, mediaStatus: statusWhileIngesting(video.mediaStatus) }, ingest, created: true };
  });
  if (result.created) wakeJobWorker();
  return view(result.video, result.ingest);
}

async function createIngest(
  tx: DbOrTx,
  actor: AuditActor,
  video: typeof videos.$inferSelect,
  sourcePath: string,
  subtitlesPath: string | null,
  action: string,
  detail: Record<string, unknown>,
  opts: { enqueue?: boolean } = {},
): Promise<Ingest> {
  const id = newId();
  const jobId = opts.enqueue === false ? null : await enqueueJob(tx, INGEST_JOB, { ingestId: id }, { maxAttempts: INGEST_MAX_ATTEMPTS });
  const [ingest] = await tx
    .insert(mediaIngests)
    .values({ id, videoId: video.id, sourcePath, subtitlesPath, state: opts.enqueue === false ? 'running' : 'queued', stage: 'queued', percent: 0, jobId, createdBy: actor?.id ?? null })
    .returning();
  const mediaStatus = statusWhileIngesting(video.mediaStatus);
  if (mediaStatus !== video.mediaStatus) await tx.update(videos).set({ mediaStatus, updatedAt: new Date() }).where(eq(videos.id, video.id));
  await writeAudit(tx, actor, {
    action,
    entity: 'video',
    entityId: video.id,
    before: { mediaStatus: video.mediaStatus },
    after: { mediaStatus, ingestId: id, subtitles: subtitlesPath !== null, ...detail },
  });
  return ingest;
}

/** Runs the episode's last failed ingest again (same source and subtitles), with a new job. */
export async function retryIngest(db: Db, user: { id: string; email: string | null }, videoId: string): Promise<EpisodeMediaView> {
  const result = await db.transaction(async (tx) => {
    const video = await lockVideo(tx, videoId);
    const latest = await latestIngest(tx, videoId);
    if (!latest) throw new AppError('E_NOT_FOUND', 'This episode has no upload to retry. Upload a video first.');
    if (latest.state !== 'failed') throw new AppError('E_CONFLICT', latest.state === 'ready' ? 'The video is already ready.' : 'The video is still being processed.');
    if (!(await sourceExists(latest.sourcePath))) {
      throw new AppError('E_CONFLICT', 'The uploaded file is no longer there. Please upload the video again.');
    }
    const jobId = await enqueueJob(tx, INGEST_JOB, { ingestId: latest.id }, { maxAttempts: INGEST_MAX_ATTEMPTS });
    const [ingest] = await tx
      .update(mediaIngests)
      .set({ state: 'queued', stage: 'queued', percent: 0, error: null, jobId, updatedAt: new Date() })
      .where(eq(mediaIngests.id, latest.id))
      .returning();
    const mediaStatus = statusWhileIngesting(video.mediaStatus);
    if (mediaStatus !== video.mediaStatus) await tx.update(videos).set({ mediaStatus, updatedAt: new Date() }).where(eq(videos.id, video.id));
    await writeAudit(tx, actorOf(user), {
      action: 'episode.media.retry',
      entity: 'video',
      entityId: video.id,
      before: { mediaStatus: video.mediaStatus, ingestState: 'failed', error: latest.error },
      after: { mediaStatus, ingestId: latest.id, ingestState: 'queued' },
    });
    return { video: { ...video, mediaStatus }, ingest };
  });
  wakeJobWorker();
  return view(result.video, result.ingest);
}

// ---------------------------------------------------------------------------------------------------------------
// The work
// ---------------------------------------------------------------------------------------------------------------

export type IngestRunOptions = {
  /** Aborting stops ffmpeg at once and leaves the ingest as a crash would (the job is claimed again later). */
  signal?: AbortSignal;
  /** The claim this run works under (a queue job): kept alive while it runs, and checked before anything is written. */
  claim?: { job: Pick<Job, 'id'>; workerId: string };
  /** Each progress step as it happens (the CLI prints them; the database gets them throttled). */
  onProgress?: (stage: string, percent: number) => void;
  /** Packaging settings for tests and the CLI (preset, renditions…). */
  packageOptions?: Partial<Pick<PackageOptions, 'preset' | 'renditions' | 'fit' | 'subtitlesLang'>>;
};

/** ffmpeg's own words, without our folder names (the editor sees them). */
function reasonOf(stage: string, err: unknown, names: [string, string][]): string {
  let text: string;
  if (err instanceof FfmpegError) {
    const lines = err.stderr.trim().split('\n').map((l) => l.trim()).filter(Boolean);
    text = lines.length ? lines.slice(-4).join('\n') : err.message;
  } else text = err instanceof Error ? err.message : String(err);
  for (const [p, name] of names) if (p) text = text.split(p).join(name);
  const label = stage === 'probing' ? 'Reading the file failed' : stage === 'transcoding' ? 'Transcoding failed' : stage === 'encrypting' ? 'Encryption failed' : 'Packaging failed';
  return `${label}: ${text}`.slice(0, 2000);
}

/**
 * Content keys never go to storage: the package holds no key file, and no small file (a manifest, a playlist) holds the
 * key in any spelling. The encryptor writes none; this keeps a change to it from publishing one.
 */
export async function checkNoKeyInPackage(dir: string, key: Buffer): Promise<void> {
  const forms = [key, Buffer.from(key.toString('hex')), Buffer.from(key.toString('base64')), Buffer.from(key.toString('base64url'))];
  for (const name of (await readdir(dir, { recursive: true })) as string[]) {
    const file = path.join(dir, name);
    const info = await stat(file);
    if (!info.isFile()) continue;
    if (/\.(key|pem|jwk)$/i.test(name)) throw new Error(`the package holds a key file (${name}): not published`);
    if (info.size > 64 * 1024) continue;
    const bytes = await readFile(file);
    if (forms.some((form) => bytes.includes(form))) throw new Error(`the package's ${name} holds the content key: not published`);
  }
}

/** True while `claim` (if any) still holds its job: every write of a run is conditional on it. */
async function stillClaimed(tx: DbOrTx, claim: IngestRunOptions['claim']): Promise<boolean> {
  if (!claim) return true;
  const [row] = await tx.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.id, claim.job.id), eq(jobs.state, 'running'), eq(jobs.lockedBy, claim.workerId))).for('update');
  return Boolean(row);
}

class LockLost extends Error {
  constructor() {
    super('the ingest job was claimed by another worker');
  }
}

/**
 * Packages the ingest's source into its episode's media folder and marks it ready, or records why it failed. Starts
 * from a clean scratch folder every time (a re-run after a crash redoes the work). Already ready or failed: nothing.
 */
export async function runIngest(db: Db, ingestId: string, opts: IngestRunOptions = {}): Promise<'ready' | 'failed' | 'skipped'> {
  const [ingest] = await db.select().from(mediaIngests).where(eq(mediaIngests.id, ingestId));
  if (!ingest || ingest.state === 'ready' || ingest.state === 'failed') return 'skipped';
  const [video] = await db.select().from(videos).where(eq(videos.id, ingest.videoId));
  if (!video) return 'skipped';

  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onOuterAbort, { once: true });
  if (opts.signal?.aborted) controller.abort(opts.signal.reason);
  const signal = controller.signal;

  const files = scratch(ingest.id);
  let stage: keyof typeof STAGE_SPAN = 'probing';

  // Progress writes: one at a time, at most once a second, only while this run still owns the ingest.
  let lastWrite = 0;
  let writing: Promise<unknown> = Promise.resolve();
  let pending: { stage: string; percent: number } | null = null;
  const flush = () => {
    if (!pending) return;
    const next = pending;
    pending = null;
    lastWrite = Date.now();
    writing = writing
      .then(() => db.update(mediaIngests).set({ stage: next.stage, percent: next.percent, updatedAt: new Date() }).where(and(eq(mediaIngests.id, ingest.id), eq(mediaIngests.state, 'running'))))
      .catch((err: unknown) => log.warn('ingest progress not saved', { ingestId: ingest.id, err: err instanceof Error ? err.message : String(err) }));
  };
  const report = (s: keyof typeof STAGE_SPAN, fraction: number) => {
    const changed = s !== stage;
    stage = s;
    const [from, to] = STAGE_SPAN[s];
    pending = { stage: s, percent: Math.min(99, Math.round(from + (to - from) * Math.max(0, Math.min(1, fraction)))) };
    opts.onProgress?.(pending.stage, pending.percent);
    if (changed || Date.now() - lastWrite >= PROGRESS_EVERY_MS) flush();
  };

  const keepAlive = opts.claim
    ? setInterval(() => {
        extendJobLock(db, opts.claim!.job, opts.claim!.workerId, INGEST_LOCK_MS)
          .then((held) => {
            if (!held) controller.abort(new LockLost());
          })
          .catch((err: unknown) => log.warn('ingest lock not extended', { ingestId: ingest.id, err: err instanceof Error ? err.message : String(err) }));
      }, EXTEND_EVERY_MS)
    : null;
  keepAlive?.unref();

  const cleanWork = () => rm(files.dir, { recursive: true, force: true });
  let input = '';
  let subtitles: string | null = null;

  try {
    await cleanWork();
    await db.update(mediaIngests).set({ state: 'running', stage: 'probing', percent: 0, error: null, updatedAt: new Date() }).where(eq(mediaIngests.id, ingest.id));
    lastWrite = Date.now();

    const result = await (async () => {
      try {
        await mkdir(files.dir, { recursive: true });
        input = (await fetchUpload(ingest.sourcePath, files.source)) ?? '';
        if (!input) throw new IngestFailure('The uploaded file is no longer there. Please upload the video again.');
        subtitles = ingest.subtitlesPath ? await fetchUpload(ingest.subtitlesPath, files.subtitles) : null;
        if (ingest.subtitlesPath && !subtitles) throw new IngestFailure('The subtitles file is no longer there. Please upload it again.');
        signal.throwIfAborted();
        const info = await probe(input, undefined, signal);
        if (!info.hasVideo) throw new IngestFailure('The file has no video stream.');
        if (!(info.duration > 0)) throw new IngestFailure('The length of the video could not be read.');
        report('probing', 1);
        return await packageProtected({
          ...opts.packageOptions,
          input,
          outDir: files.staging,
          overwrite: true,
          subtitles: subtitles ?? undefined,
          subtitlesLang: (ingest.subtitlesPath && subtitlesLanguageOf(ingest.subtitlesPath)) || opts.packageOptions?.subtitlesLang,
          keyId: Buffer.from(video.drmKeyId, 'hex'),
          key: openContentKey(video.sealedKey),
          hlsKeyUri: `/api/drm/hls-key/${video.id}`,
          workDir: files.clear,
          signal,
          onProgress: report,
        });
      } catch (err) {
        if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('ingest aborted');
        if (err instanceof IngestFailure || err instanceof FfmpegError) throw new IngestFailure(reasonOf(stage, err, [[input, 'the upload'], [subtitles ?? '', 'the subtitles'], [files.staging, 'the package'], [files.clear, 'the work folder'], [files.dir, 'the work folder']]));
        throw err;
      }
    })();

    signal.throwIfAborted();
    report('finishing', 0);
    pending = null;
    await writing;

    await checkNoKeyInPackage(files.staging, openContentKey(video.sealedKey));

    // Every run writes a folder of its own, before the switch and outside any transaction (a package takes up to a
    // minute to upload; no row lock or open transaction waits on it): files are cached as immutable by browsers and
    // CDNs, so a replaced video never reuses a path, and a worker that lost its claim meanwhile cannot write over the
    // package of the one that took over. A run killed while writing leaves a folder no row names.
    const media = mediaStorage();
    const target = randomBytes(8).toString('hex');
    try {
      await media.putFolder(files.staging, `${target}/`, { cacheControl: IMMUTABLE });
    } catch (err) {
      await media.deletePrefix(`${target}/`).catch(() => 0);
      throw err;
    }
    const done = await db.transaction(async (tx) => {
      if (!(await stillClaimed(tx, opts.claim))) return false;
      const durationSeconds = Math.max(1, Math.round(result.duration));
      await tx
        .update(videos)
        .set({ mediaStatus: 'ready', mediaPath: target, durationSeconds, hasSubtitles: result.hasSubtitles, sourceClipId: null, updatedAt: new Date() })
        .where(eq(videos.id, video.id));
      await tx.update(mediaIngests).set({ state: 'ready', stage: 'ready', percent: 100, error: null, updatedAt: new Date() }).where(eq(mediaIngests.id, ingest.id));
      await writeAudit(tx, null, {
        action: 'episode.media.ready',
        entity: 'video',
        entityId: video.id,
        before: { mediaStatus: video.mediaStatus, mediaPath: video.mediaPath },
        after: { mediaStatus: 'ready', mediaPath: target, durationSeconds, hasSubtitles: result.hasSubtitles, ingestId: ingest.id },
      });
      return true;
    });
    if (!done) {
      await media.deletePrefix(`${target}/`).catch(() => 0);
      throw new LockLost();
    }

    // The previous package (or the empty folder a new episode was created with) goes after the switch.
    await media.deletePrefix(`${video.mediaPath}/`);
    await cleanWork();
    await removeUploadedSource(ingest.sourcePath);
    await removeUploadedSource(ingest.subtitlesPath);
    await purgeCatalog(db, video.movieSeriesId);
    return 'ready';
  } catch (err) {
    pending = null;
    await writing;
    if (!(err instanceof IngestFailure)) throw err;
    await cleanWork();
    const failed = await db.transaction(async (tx) => {
      if (!(await stillClaimed(tx, opts.claim))) return false;
      await markFailed(tx, ingest.id, video.id, err.message);
      return true;
    });
    if (!failed) throw new LockLost();
    return 'failed';
  } finally {
    if (keepAlive) clearInterval(keepAlive);
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }
}

/** The ingest failed; the episode too, unless it still has its previous, complete package. */
async function markFailed(tx: DbOrTx, ingestId: string, videoId: string, reason: string): Promise<void> {
  await tx.update(mediaIngests).set({ state: 'failed', stage: 'failed', error: reason, updatedAt: new Date() }).where(eq(mediaIngests.id, ingestId));
  await tx
    .update(videos)
    .set({ mediaStatus: sql`case when ${videos.mediaStatus} = 'ready' then 'ready' else 'failed' end`, updatedAt: new Date() })
    .where(eq(videos.id, videoId));
}

/**
 * The caches after a media switch, the title's pages named: its episode pages are cached whole and name the media
 * folder just deleted, so a page cache in front of the app must drop its copies of them too.
 */
async function purgeCatalog(db: Db, titleId: string): Promise<void> {
  try {
    const { catalogChanged } = await import('@/lib/server/cache');
    await catalogChanged({ titleIds: [titleId], paths: await titlePathsOf(db, titleId) });
  } catch (err) {
    log.warn('catalogue purge after ingest failed', { titleId, err: err instanceof Error ? err.message : String(err) });
  }
}

/**
 * The 'media.ingest' job handler. ffmpeg's failures end the ingest ('failed', shown with the reason; Retry starts it
 * again), so they complete the job rather than retry it. Anything else (the database went away) is thrown for the
 * queue to retry, except on the last attempt, which records the failure so that the ingest never stays 'running'.
 */
export async function ingestJob(db: Db, job: Job, opts: Omit<IngestRunOptions, 'claim'> = {}): Promise<void> {
  const { ingestId } = (job.payload ?? {}) as { ingestId?: unknown };
  if (typeof ingestId !== 'string') throw new Error('media.ingest job without an ingestId');
  const workerId = job.lockedBy ?? '';
  const claim = { job, workerId };
  if (job.attempts > job.maxAttempts) {
    await failIngest(db, ingestId, `Packaging stopped ${job.attempts - 1} times without finishing (the worker was restarted or ran out of memory). Retry, or try a smaller file.`);
    return;
  }
  // Our own claim outlives the queue's default lock while ffmpeg runs.
  await extendJobLock(db, job, workerId, INGEST_LOCK_MS);
  try {
    await runIngest(db, ingestId, { ...opts, claim });
  } catch (err) {
    if (err instanceof LockLost || opts.signal?.aborted || job.attempts < job.maxAttempts) throw err;
    await failIngest(db, ingestId, `Packaging failed: ${err instanceof Error ? err.message : String(err)}`.slice(0, 2000));
  }
}

async function failIngest(db: Db, ingestId: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [ingest] = await tx.select().from(mediaIngests).where(and(eq(mediaIngests.id, ingestId), inArray(mediaIngests.state, ['queued', 'running']))).for('update');
    if (ingest) await markFailed(tx, ingest.id, ingest.videoId, reason);
  });
  await rm(scratchDir(ingestId), { recursive: true, force: true });
}

/**
 * `npm run media:package -- <input> --episode <id>`: the same path as an upload, run here and now instead of by the
 * queue: an ingest row (audited, no actor: the command runs on the server), then runIngest. The input is left where it is.
 */
export async function ingestFileNow(
  db: Db,
  videoId: string,
  input: { source: string; subtitles?: string },
  opts: Omit<IngestRunOptions, 'claim'> = {},
): Promise<{ outcome: 'ready' | 'failed'; view: EpisodeMediaView }> {
  const source = path.resolve(input.source);
  const subtitles = input.subtitles ? path.resolve(input.subtitles) : null;
  if (!(await stat(source).catch(() => null))?.isFile()) throw new AppError('E_NOT_FOUND', `${input.source} is not a file.`);
  const ingest = await db.transaction(async (tx) => {
    const video = await lockVideo(tx, videoId);
    const latest = await latestIngest(tx, videoId);
    if (latest && (latest.state === 'queued' || latest.state === 'running')) throw new AppError('E_CONFLICT', 'A video is already being processed for this episode.');
    return createIngest(tx, null, video, source, subtitles, 'episode.media.package', { command: 'media:package' }, { enqueue: false });
  });
  const outcome = await runIngest(db, ingest.id, opts);
  return { outcome: outcome === 'ready' ? 'ready' : 'failed', view: await episodeMedia(db, videoId) };
}
