import 'server-only';
import { serverEnv } from '@/lib/env';
import { getDb } from '@/lib/server/db/client';
import { log } from '@/lib/server/log';
import { startWorkerLoop } from './worker';

/**
 * Called by instrumentation.ts when a Next server process starts (`next start`, with or without scripts/serve.ts,
 * and `next dev`). Not in `next build` (NEXT_PHASE), not where JOBS_WORKER=false, not without a database. Tests never
 * load instrumentation.ts; they drive the queue with runNextJob.
 */
export function startJobWorker(): void {
  const env = serverEnv();
  if (env.NEXT_PHASE === 'phase-production-build') return;
  if (!env.JOBS_WORKER) {
    log.info('job worker off (JOBS_WORKER=false)');
    return;
  }
  if (!env.DATABASE_URL) {
    log.warn('job worker not started: DATABASE_URL is not set');
    return;
  }
  startWorkerLoop(getDb);
}
