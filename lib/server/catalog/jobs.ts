import 'server-only';
import { z } from 'zod';
import { catalogChanged } from '@/lib/server/cache';
import type { Db } from '@/lib/server/db/client';
import type { Job, JobHandler } from '@/lib/server/jobs/queue';

/**
 * A scheduled publish time came (enqueued by the studio with run_at = the publish time): the catalogue's caches are
 * dropped so the title or episode appears now rather than when the caches expire. Visibility itself is decided by
 * the queries (published_at / publish_at <= now()), so a late or repeated run only costs a re-render.
 */
async function catalogChangedJob(_db: Db, job: Job): Promise<void> {
  const { titleIds, paths } = z.object({ titleIds: z.array(z.string()).max(100).default([]), paths: z.array(z.string()).max(100).default([]) }).parse(job.payload);
  await catalogChanged({ titleIds, paths });
}

/** The catalogue's background jobs (the worker runs them through lib/server/jobs/handlers.ts). */
export const CATALOG_JOBS: Record<string, JobHandler> = { 'catalog.changed': catalogChangedJob };
