import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db, type DbHandle } from '@/lib/server/db/client';
import { jobs } from '@/lib/server/db/schema';
import { claimJob, completeJob, enqueueJob, extendJobLock, failJob, type Job } from '@/lib/server/jobs/queue';
import { runNextJob, schedulePeriodic, PERIODIC } from '@/lib/server/jobs/worker';
import { freshDb, type TestDb } from '../fixtures/db';

/**
 * The job queue past one instance (issue 23 item 4, decision 0013): several app instances, each with a pool of its
 * own (its own connections, as separate processes have), work one queue at once. No job may be worked twice, and a
 * worker whose lock ran out mid-run must not mark the job done, nor undo the run of the worker that took it over.
 * payments-jobs.test.ts covers the queue on one pool (backoff, dead jobs, lanes, a dead worker's job).
 */

let main: TestDb;
const instances: DbHandle[] = [];
beforeAll(async () => {
  main = await freshDb();
  for (let i = 0; i < 4; i++) instances.push(await createDb({ url: main.url, pool: { max: 3 } }));
  // Connected before the race, so that a slow first connection under load does not leave an instance out of it.
  await Promise.all(instances.flatMap((h) => [h.pool.query('select 1'), h.pool.query('select 1')]));
});
afterAll(async () => {
  await Promise.all(instances.map((h) => h.close()));
  await main?.close();
});

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, Math.random() * 3));
const until = async (what: string, ok: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('one queue, several instances', () => {
  it('4 instances × 2 workers drain 300 jobs: each job is run once, and the work is shared', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 300; i++) ids.add(await enqueueJob(main.db, 'test.count', { i }));
    const runs = new Map<string, string[]>();
    // The handler yields in the middle of its work, so that claims of other workers interleave with it.
    const handlerOf = (instance: number) => ({
      'test.count': async (_db: Db, job: Job) => {
        await tick();
        runs.set(job.id, [...(runs.get(job.id) ?? []), `instance-${instance}`]);
      },
    });
    const worker = async (instance: number, lane: number) => {
      const db = instances[instance].db;
      const handlers = handlerOf(instance);
      for (let r = await runNextJob(db, `instance-${instance}:${lane}`, handlers); r; r = await runNextJob(db, `instance-${instance}:${lane}`, handlers)) {
        expect(r.outcome).toBe('done');
      }
    };
    await Promise.all(instances.flatMap((_, i) => [worker(i, 0), worker(i, 1)]));

    expect(new Set(runs.keys())).toEqual(ids);
    const twice = [...runs].filter(([, by]) => by.length > 1);
    expect(twice).toEqual([]);
    const rows = await main.db.select().from(jobs).where(inArray(jobs.id, [...ids]));
    expect(rows.every((j) => j.state === 'done' && j.attempts === 1 && j.lockedBy === null)).toBe(true);
    // Every instance took part (else this test would not be about several instances).
    expect(new Set([...runs.values()].flat()).size).toBe(instances.length);
  });

  it('a lock that runs out mid-run: another instance takes the job over; the first one cannot complete it (lost) nor fail it', async () => {
    const [a, b] = instances;
    const id = await enqueueJob(main.db, 'test.slow', {});
    const ran: string[] = [];
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    // Instance A claims with a 2 s lock (long enough for the check below on a loaded machine) and hangs: a stalled
    // handler that never extends its lock.
    const slow = runNextJob(a.db, 'instance-a', { 'test.slow': async () => (ran.push('a'), stuck) }, 2000);
    await until('A to claim', async () => (await main.db.select().from(jobs).where(eq(jobs.id, id)))[0].lockedBy === 'instance-a');
    // While A's lock holds, B finds nothing; once it has run out, B takes the job and finishes it.
    expect(await claimJob(b.db, 'instance-b')).toBeNull();
    let byB = null;
    await until('B to take the job over', async () => (byB = await runNextJob(b.db, 'instance-b', { 'test.slow': async () => void ran.push('b') })) !== null);
    expect(byB).toMatchObject({ outcome: 'done', job: { id, attempts: 2 } });
    const afterB = (await main.db.select().from(jobs).where(eq(jobs.id, id)))[0];
    expect(afterB).toMatchObject({ state: 'done', lockedBy: null, attempts: 2 });

    // A wakes up: it cannot extend, complete or change the job any more.
    expect(await extendJobLock(a.db, { id }, 'instance-a')).toBe(false);
    release();
    expect((await slow)?.outcome).toBe('lost');
    expect(await completeJob(a.db, { id }, 'instance-a')).toBe(false);
    expect((await main.db.select().from(jobs).where(eq(jobs.id, id)))[0]).toEqual(afterB);
    expect(ran).toEqual(['a', 'b']);
  });

  it('a worker that fails after losing its lock reports lost and leaves the claim of the new holder alone', async () => {
    const [a, b] = instances;
    const id = await enqueueJob(main.db, 'test.fails-late', {}, { maxAttempts: 1 });
    // A claims with a lock that has already run out when B looks; B claims and is still running it.
    const claimedByA = await claimJob(a.db, 'instance-a', 1);
    expect(claimedByA?.id).toBe(id);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const claimedByB = await claimJob(b.db, 'instance-b');
    expect(claimedByB).toMatchObject({ id, attempts: 2, lockedBy: 'instance-b' });
    // A's handler now throws (its lock was lost, as the ingest's heartbeat reports it): A's failure must not make the
    // job 'dead' or 'queued' under B, and runNextJob must say 'lost' (not a false 'dead' in the log).
    expect(await failJob(a.db, claimedByA!, 'instance-a', new Error('lock lost'))).toBe('lost');
    expect((await main.db.select().from(jobs).where(eq(jobs.id, id)))[0]).toMatchObject({ state: 'running', lockedBy: 'instance-b', lastError: null });
    expect(await completeJob(b.db, { id }, 'instance-b')).toBe(true);

    // The same through runNextJob: the handler learns of the loss (like the ingest's heartbeat) and throws.
    const id2 = await enqueueJob(main.db, 'test.fails-late', {});
    const run = runNextJob(a.db, 'instance-a', {
      'test.fails-late': async (_db, job) => {
        await main.db.update(jobs).set({ lockedBy: 'instance-b', attempts: job.attempts + 1 }).where(eq(jobs.id, job.id));
        throw new Error('lock lost');
      },
    });
    expect(await run).toMatchObject({ outcome: 'lost', job: { id: id2 } });
    expect((await main.db.select().from(jobs).where(eq(jobs.id, id2)))[0]).toMatchObject({ state: 'running', lockedBy: 'instance-b', lastError: null });
  });

  it('periodic jobs scheduled by every instance at once: one per period', async () => {
    const now = Date.UTC(2031, 5, 1, 8, 0, 10);
    await Promise.all(instances.flatMap((h) => [schedulePeriodic(h.db, now), schedulePeriodic(h.db, now + 500)]));
    const keys = PERIODIC.map((p) => `${p.type}:${Math.floor(now / p.everyMs)}`);
    const rows = await main.db.select().from(jobs).where(inArray(jobs.dedupeKey, keys));
    expect(rows.map((r) => r.dedupeKey).sort()).toEqual([...keys].sort());
  });
});
