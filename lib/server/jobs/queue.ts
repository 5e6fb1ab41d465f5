import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { newId } from '@/lib/ids';
import type { Db, DbOrTx } from '@/lib/server/db/client';
import { jobs } from '@/lib/server/db/schema';

/**
 * The durable job queue (docs/architecture.md 'Jobs'): rows in `jobs`, claimed with SELECT … FOR UPDATE SKIP LOCKED so
 * that any number of workers (app instances) share it without taking the same job, retried with exponential backoff,
 * 'dead' after max_attempts. A job whose worker died keeps its row: once its lock expires another worker claims it.
 */

export type Job = typeof jobs.$inferSelect;

/** Runs one job of its type; see handlers.ts for what every handler must promise. */
export type JobHandler = (db: Db, job: Job) => Promise<void>;

export type EnqueueOptions = {
  /** Idempotent enqueue: a second job with the same key is not created (the first one's id is answered). */
  dedupeKey?: string;
  /** Earliest start (default now). */
  runAt?: Date;
  maxAttempts?: number;
};

/** Adds a job; inside a caller's transaction it commits (or vanishes) with the caller's writes. Answers its id. */
export async function enqueueJob(db: DbOrTx, type: string, payload: Record<string, unknown>, opts: EnqueueOptions = {}): Promise<string> {
  const id = newId();
  const [row] = await db
    .insert(jobs)
    .values({ id, type, payload, runAt: opts.runAt ?? new Date(), maxAttempts: opts.maxAttempts ?? 8, dedupeKey: opts.dedupeKey ?? null })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  if (row) return row.id;
  const [existing] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.dedupeKey, opts.dedupeKey!));
  return existing.id;
}

/** How long a claimed job stays claimed; a worker that dies holds it at most this long. */
export const DEFAULT_LOCK_MS = 60_000;

/** Which job types a claim may take: all, only these, or all but these (a worker lane for long jobs; see worker.ts). */
export type JobTypeFilter = { only?: readonly string[]; except?: readonly string[] };

function typeCondition(filter: JobTypeFilter) {
  if (filter.only) return sql`and ${jobs.type} in (${sql.join(filter.only.map((t) => sql`${t}`), sql`, `)})`;
  if (filter.except?.length) return sql`and ${jobs.type} not in (${sql.join(filter.except.map((t) => sql`${t}`), sql`, `)})`;
  return sql``;
}

/**
 * Claims the next due job for `workerId`: a queued job whose run_at has come, or a running job whose lock expired.
 * Counts the attempt at claim time, so a job that kills its worker every time still reaches 'dead'.
 */
export async function claimJob(db: DbOrTx, workerId: string, lockMs = DEFAULT_LOCK_MS, types: JobTypeFilter = {}): Promise<Job | null> {
  const result = await db.execute<{ id: string }>(sql`
    update ${jobs} set state = 'running', attempts = ${jobs.attempts} + 1, locked_by = ${workerId},
      locked_until = now() + ${`${lockMs} milliseconds`}::interval, updated_at = now()
    where ${jobs.id} = (
      select ${jobs.id} from ${jobs}
      where ((${jobs.state} = 'queued' and ${jobs.runAt} <= now()) or (${jobs.state} = 'running' and ${jobs.lockedUntil} < now())) ${typeCondition(types)}
      order by ${jobs.runAt}
      limit 1
      for update skip locked
    )
    returning ${jobs.id} as id`);
  const id = result.rows[0]?.id;
  if (!id) return null;
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  return job ?? null;
}

/** Marks a claimed job done; false when the lock was lost meanwhile (another worker re-claimed it). */
export async function completeJob(db: DbOrTx, job: Pick<Job, 'id'>, workerId: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ state: 'done', lockedBy: null, lockedUntil: null, lastError: null, finishedAt: new Date() })
    .where(and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.lockedBy, workerId)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Backoff before attempt n+1 after n failed attempts: 2^n seconds with ±20 % jitter, at most an hour. */
export function backoffMs(attempts: number, random = Math.random): number {
  const base = Math.min(3_600_000, 1000 * 2 ** Math.max(0, attempts));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * Records a failure: back to 'queued' after the backoff, or 'dead' once the attempts are used up. 'lost' when the lock
 * was lost meanwhile (another worker claimed the job again): the job is that worker's now, and nothing is changed.
 */
export async function failJob(db: DbOrTx, job: Pick<Job, 'id' | 'attempts' | 'maxAttempts'>, workerId: string, error: unknown): Promise<'queued' | 'dead' | 'lost'> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  const dead = job.attempts >= job.maxAttempts;
  const rows = await db
    .update(jobs)
    .set(
      dead
        ? { state: 'dead', lastError: message, lockedBy: null, lockedUntil: null, finishedAt: new Date() }
        : { state: 'queued', lastError: message, lockedBy: null, lockedUntil: null, runAt: new Date(Date.now() + backoffMs(job.attempts)) },
    )
    .where(and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.lockedBy, workerId)))
    .returning({ id: jobs.id });
  if (rows.length === 0) return 'lost';
  return dead ? 'dead' : 'queued';
}

/**
 * Keeps a long job's claim: moves its lock `lockMs` past now while `workerId` still holds it. False when the lock was
 * lost (it expired and another worker claimed the job): the caller must stop and leave the job's state alone.
 */
export async function extendJobLock(db: DbOrTx, job: Pick<Job, 'id'>, workerId: string, lockMs = DEFAULT_LOCK_MS): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + ${`${lockMs} milliseconds`}::interval`, updatedAt: new Date() })
    .where(and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.lockedBy, workerId)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}
