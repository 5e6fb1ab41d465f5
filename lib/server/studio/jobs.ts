import 'server-only';
import type { JobHandler } from '@/lib/server/jobs/queue';
import { log } from '@/lib/server/log';
import { ingestJob, INGEST_JOB } from './ingest';
import { removeAbandonedUploads } from './uploads';

/** The studio's background jobs (the worker runs them through lib/server/jobs/handlers.ts). */
export const STUDIO_JOBS: Record<string, JobHandler> = {
  /** Uploads unfinished or never packaged for a day are removed (uploads.ts). */
  'uploads.prune': async (db) => {
    const removed = await removeAbandonedUploads(db);
    if (removed.length > 0) log.info('abandoned uploads removed', { count: removed.length, removed: removed.slice(0, 20) });
  },
  /** Package and encrypt an uploaded episode video (ingest.ts). */
  [INGEST_JOB]: (db, job) => ingestJob(db, job),
};
