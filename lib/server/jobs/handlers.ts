import 'server-only';
import { and, eq, lt } from 'drizzle-orm';
import { CATALOG_JOBS } from '@/lib/server/catalog/jobs';
import type { Db } from '@/lib/server/db/client';
import { jobs } from '@/lib/server/db/schema';
import { PAYMENT_JOBS } from '@/lib/server/payments/jobs';
import { STUDIO_JOBS } from '@/lib/server/studio/jobs';
import type { JobHandler } from './queue';

/**
 * Every job type the worker knows, by type: each domain registers its own (catalog/jobs.ts, payments/jobs.ts,
 * studio/jobs.ts); the queue itself only prunes. Each handler is idempotent: a job may run twice (its worker died
 * after the work, before marking it done), so a second run must change nothing more. A handler that throws is retried
 * with backoff.
 */

/** Done jobs are kept a week for inspection, dead ones until a person removes them. */
async function prune(db: Db): Promise<void> {
  await db.delete(jobs).where(and(eq(jobs.state, 'done'), lt(jobs.finishedAt, new Date(Date.now() - 7 * 86_400_000))));
}

export const JOB_HANDLERS: Record<string, JobHandler> = {
  ...CATALOG_JOBS,
  ...PAYMENT_JOBS,
  ...STUDIO_JOBS,
  'jobs.prune': prune,
};
