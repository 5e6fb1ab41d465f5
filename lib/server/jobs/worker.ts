import 'server-only';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '@/lib/server/db/client';
import { log } from '@/lib/server/log';
import { JOB_HANDLERS } from './handlers';
import type { JobHandler } from './queue';
import { claimJob, completeJob, enqueueJob, failJob, type Job, type JobTypeFilter } from './queue';
import { sleepUnlessWoken } from './wake';

export type RunResult = { job: Job; outcome: 'done' | 'queued' | 'dead' | 'lost' };

/** A name for this process's worker, unique per start (shown in jobs.locked_by). */
export const newWorkerId = () => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/** Claims and runs one due job (of the given types); null when none is due. Tests drive the queue with this. */
export async function runNextJob(
  db: Db,
  workerId: string,
  handlers: Record<string, JobHandler> = JOB_HANDLERS,
  lockMs?: number,
  types: JobTypeFilter = {},
): Promise<RunResult | null> {
  const job = await claimJob(db, workerId, lockMs, types);
  if (!job) return null;
  const handler = Object.hasOwn(handlers, job.type) ? handlers[job.type] : undefined;
  try {
    if (!handler) throw new Error(`no handler for job type ${job.type}`);
    await handler(db, job);
  } catch (err) {
    const outcome = await failJob(db, job, workerId, err);
    // 'lost': another worker holds the job now; its outcome is that worker's to report.
    (outcome === 'dead' ? log.error : log.warn)(outcome === 'lost' ? 'job failed after its lock was lost' : 'job failed', { jobId: job.id, type: job.type, attempts: job.attempts, outcome, err: err instanceof Error ? err.message : String(err) });
    return { job, outcome };
  }
  return { job, outcome: (await completeJob(db, job, workerId)) ? 'done' : 'lost' };
}

/** Periodic jobs: one run per period across all instances (the dedupe key names the period). */
export const PERIODIC: { type: string; everyMs: number }[] = [
  { type: 'payments.reconcile', everyMs: 60_000 },
  { type: 'jobs.prune', everyMs: 3_600_000 },
  { type: 'uploads.prune', everyMs: 3_600_000 },
];

export async function schedulePeriodic(db: Db, now = Date.now()): Promise<void> {
  for (const p of PERIODIC) {
    const period = Math.floor(now / p.everyMs);
    await enqueueJob(db, p.type, {}, { dedupeKey: `${p.type}:${period}`, runAt: new Date(period * p.everyMs), maxAttempts: 3 });
  }
}

/**
 * Job types that run for minutes (an ffmpeg ladder). They have a lane of their own in each process, so that webhook
 * deliveries, reconciliation and scheduled publishes never wait behind a transcode.
 */
export const LONG_JOB_TYPES = ['media.ingest'] as const;

type Lane = { name: string; types: JobTypeFilter; schedulesPeriodic: boolean };
const LANES: Lane[] = [
  { name: 'jobs', types: { except: LONG_JOB_TYPES }, schedulesPeriodic: true },
  { name: 'media', types: { only: LONG_JOB_TYPES }, schedulesPeriodic: false },
];

type WorkerState = { running: boolean };
// On globalThis: one worker per process even when `next dev` reloads modules.
const state: WorkerState = ((globalThis as { __kiligJobWorker?: WorkerState }).__kiligJobWorker ??= { running: false });

/**
 * The worker loops of an app process, one per lane (LANES): each runs its due jobs back to back, sleeps `pollMs` when
 * none is due; the first schedules the periodic jobs. Nothing is held in memory: a restart finds every job in its
 * row, and a job this process had claimed when it died is claimed again by any worker once its lock expires.
 */
export function startWorkerLoop(getDb: () => Promise<Db>, opts: { pollMs?: number } = {}): void {
  if (state.running) return;
  state.running = true;
  for (const lane of LANES) startLane(lane, getDb, opts.pollMs ?? 1000);
}

function startLane(lane: Lane, getDb: () => Promise<Db>, pollMs: number): void {
  const workerId = `${newWorkerId()}:${lane.name}`;
  let lastSchedule = 0;
  log.info('job worker started', { workerId });
  const loop = async () => {
    let delay = pollMs;
    try {
      const db = await getDb();
      if (lane.schedulesPeriodic && Date.now() - lastSchedule > 30_000) {
        await schedulePeriodic(db);
        lastSchedule = Date.now();
      }
      // Up to 20 jobs back to back, then a breath for the event loop.
      for (let i = 0; i < 20; i++) {
        if (!(await runNextJob(db, workerId, JOB_HANDLERS, undefined, lane.types))) break;
        delay = 0;
      }
    } catch (err) {
      // The database is down or not ready: try again later, never crash the app.
      log.warn('job worker cycle failed', { err: err instanceof Error ? err.message : String(err) });
      delay = Math.max(pollMs, 5000);
    }
    await sleepUnlessWoken(delay);
    void loop();
  };
  void loop();
}
