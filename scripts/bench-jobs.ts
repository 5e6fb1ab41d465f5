/**
 * `npm run bench:jobs`: how fast our job queue (lib/server/jobs, FOR UPDATE SKIP LOCKED) drains with 1, 2, 4 and 8
 * worker processes, next to pg-boss 10 (its send/work API) on the same PostgreSQL, and whether any job ran twice.
 * Measured for decision 0013 (docs/decisions/0013-job-queue-past-one-instance.md). A benchmark that prints figures.
 *
 * Each worker is a child process with its own pool, as an app instance would be, holding `--concurrency` jobs at a
 * time: our queue with that many loops of `runNextJob` (the app's own claim/complete path); pg-boss with that many
 * `work()` workers, each fetching `--batch` jobs per poll and running them one after another (pg-boss 10's worker
 * waits out its polling interval, at least 0.5 s, after every fetch, so a batch of 1 caps a worker at 2 jobs/s: a
 * batch is how its documentation scales it). The processes start once and are reused; each round enqueues N jobs
 * (not timed), sends 'go' and times from 'go' to the last job's run (PostgreSQL's clock). Every job's handler records
 * its run in a side table with a unique key: a job that ran twice is counted and printed loudly. Rounds alternate
 * (ours, pg-boss, then pg-boss, ours …) so a noisy neighbour hits both alike; each figure is the median of the rounds.
 * Two variants: a trivial handler (the queue's own cost) and one with --work-ms of work per job (5 ms: a webhook call).
 *
 * Options: --jobs N (500, trivial), --work-jobs N (250, with work), --work-ms MS (5), --workers 1,2,4,8,
 * --concurrency C (2), --batch B (50), --rounds R (3), --keep. The database is a throwaway one on BENCH_DATABASE_URL's
 * server (default postgres://postgres@127.0.0.1:5432/postgres), dropped at the end unless --keep.
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { median } from './lib/stats';

type Kind = 'ours' | 'pgboss';
type RunCmd = { cmd: 'prepare'; kind: Kind; queue: string; url: string; concurrency: number; batch: number; workMs: number };
type Cmd = RunCmd | { cmd: 'go' } | { cmd: 'stop' } | { cmd: 'exit' };
type Reply = { reply: 'ready' | 'stopped' | 'error'; error?: string };

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PGBOSS_SCHEMA = 'pgboss';
const JOB_TYPE = 'bench.job';

/** The side table every handler writes: one row per job key, `runs` above 1 is a job worked twice. */
const RUNS_TABLE = `create table bench_runs (k text primary key, runs int not null default 1, at timestamptz not null default clock_timestamp())`;
const RECORD_RUN = `insert into bench_runs (k) values ($1) on conflict (k) do update set runs = bench_runs.runs + 1, at = clock_timestamp()`;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------------------------
// Worker process (forked with --child)

async function child(): Promise<void> {
  // Imported here: the parent never loads the app's modules.
  const { createDb } = await import('../lib/server/db/client');
  const { runNextJob, newWorkerId } = await import('../lib/server/jobs/worker');
  let stopRun: (() => Promise<void>) | null = null;
  let go: () => void = () => {};

  const send = (r: Reply) => process.send!(r);

  async function prepare(c: RunCmd): Promise<void> {
    const started = new Promise<void>((resolve) => (go = resolve));
    let stopping = false;
    if (c.kind === 'ours') {
      const h = await createDb({ url: c.url, pool: { max: c.concurrency + 1 } });
      const work = async (k: string) => {
        if (c.workMs) await sleep(c.workMs);
        await h.pool.query(RECORD_RUN, [k]);
      };
      const handlers = { [JOB_TYPE]: async (_db: unknown, job: { payload: Record<string, unknown> }) => work(String(job.payload.k)) };
      const loops = Array.from({ length: c.concurrency }, async () => {
        const workerId = newWorkerId();
        await started;
        while (!stopping) {
          // The app's loop sleeps its poll interval when nothing is due; here the queue is full until the end.
          if (!(await runNextJob(h.db, workerId, handlers))) await sleep(50);
        }
      });
      stopRun = async () => {
        stopping = true;
        await Promise.all(loops);
        await h.close();
      };
    } else {
      const boss = new PgBoss({ connectionString: c.url, schema: PGBOSS_SCHEMA, max: c.concurrency + 1, supervise: false, schedule: false, migrate: false });
      boss.on('error', (err) => console.error(`[pg-boss ${process.pid}]`, err.message));
      await boss.start();
      const pool = new pg.Pool({ connectionString: c.url, max: c.concurrency });
      // The workers start at 'go' (work() fetches at once): until then nothing is taken.
      const working = started.then(async () => {
        for (let i = 0; i < c.concurrency; i++) {
          await boss.work<{ k: string }>(c.queue, { batchSize: c.batch, pollingIntervalSeconds: 0.5 }, async (jobs) => {
            for (const job of jobs) {
              if (c.workMs) await sleep(c.workMs);
              await pool.query(RECORD_RUN, [job.data.k]);
            }
          });
        }
      });
      stopRun = async () => {
        await working;
        await boss.stop({ graceful: true, wait: true, close: true, timeout: 10_000 });
        await pool.end();
      };
    }
  }

  process.on('message', (m: Cmd) => {
    void (async () => {
      try {
        if (m.cmd === 'prepare') {
          await prepare(m);
          send({ reply: 'ready' });
        } else if (m.cmd === 'go') {
          go();
        } else if (m.cmd === 'stop') {
          await stopRun?.();
          stopRun = null;
          send({ reply: 'stopped' });
        } else {
          process.exit(0);
        }
      } catch (err) {
        send({ reply: 'error', error: err instanceof Error ? err.stack : String(err) });
      }
    })();
  });
  send({ reply: 'ready' });
}

// ---------------------------------------------------------------------------------------------------------------------
// Parent

type Worker = { proc: ChildProcess; next(): Promise<Reply> };

function startWorker(): Worker {
  const proc = fork(import.meta.filename, ['--child'], { execArgv: ['--conditions=react-server', '--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const queue: Reply[] = [];
  const waiting: ((r: Reply) => void)[] = [];
  proc.on('message', (r: Reply) => {
    const w = waiting.shift();
    if (w) w(r);
    else queue.push(r);
  });
  proc.on('exit', (code) => {
    for (const w of waiting.splice(0)) w({ reply: 'error', error: `worker exited (${code})` });
  });
  return {
    proc,
    next: async () => {
      const r = queue.shift() ?? (await new Promise<Reply>((resolve) => waiting.push(resolve)));
      if (r.reply === 'error') throw new Error(`bench worker ${proc.pid}: ${r.error}`);
      return r;
    },
  };
}

type RoundResult = { jobsPerS: number; duplicates: number; missing: number; ms: number };

async function main(): Promise<void> {
  const { values: opts } = parseArgs({
    options: {
      child: { type: 'boolean', default: false },
      jobs: { type: 'string', default: '500' },
      'work-jobs': { type: 'string', default: '250' },
      'work-ms': { type: 'string', default: '5' },
      workers: { type: 'string', default: '1,2,4,8' },
      concurrency: { type: 'string', default: '2' },
      batch: { type: 'string', default: '50' },
      rounds: { type: 'string', default: '3' },
      keep: { type: 'boolean', default: false },
    },
  });
  if (opts.child) return child();

  const workerCounts = opts.workers!.split(',').map(Number);
  const concurrency = Number(opts.concurrency);
  const batch = Number(opts.batch);
  const rounds = Number(opts.rounds);
  const variants = [
    { name: 'trivial handler', jobs: Number(opts.jobs), workMs: 0 },
    { name: `${opts['work-ms']} ms of work per job`, jobs: Number(opts['work-jobs']), workMs: Number(opts['work-ms']) },
  ];
  const t0 = Date.now();
  const load0 = os.loadavg();

  // A throwaway database with our schema (the jobs table) and pg-boss's.
  const name = `kilig_bench_jobs_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  const { openMigratedDb } = await import('../lib/server/db/prepare');
  const { db, pool, close } = await openMigratedDb({ url, pool: { max: 2, statementTimeoutMs: 120_000 } });
  const boss = new PgBoss({ connectionString: url, schema: PGBOSS_SCHEMA, max: 2, supervise: false, schedule: false });
  let finished = false;
  // Dropping the database at the end ends pg-boss's idle connections: not an error of the run.
  boss.on('error', (err) => finished || console.error('[pg-boss]', err.message));
  await boss.start();
  await pool.query(RUNS_TABLE);

  const workers: Worker[] = [];
  let duplicateRounds = 0;
  try {
    for (let i = 0; i < Math.max(...workerCounts); i++) workers.push(startWorker());
    await Promise.all(workers.map((w) => w.next()));
    console.log(`bench:jobs on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), PostgreSQL ${(await pool.query('show server_version')).rows[0].server_version}`);
    console.log(`load average at start: ${load0.map((l) => l.toFixed(2)).join(' ')}`);
    console.log(`per worker process: ${concurrency} jobs at a time; pg-boss batchSize ${batch}, polling 0.5 s (at most ${(concurrency * batch) / 0.5} jobs/s per process); ${rounds} rounds, medians\n`);

    let roundNo = 0;
    async function round(kind: Kind, w: number, jobs: number, workMs: number): Promise<RoundResult> {
      roundNo++;
      const queue = `bench_${roundNo}`;
      await pool.query('truncate bench_runs');
      if (kind === 'ours') {
        await pool.query('truncate jobs');
        // Enqueued in SQL (not timed); rows as enqueueJob writes them, due a second ago.
        await db.execute(sql`insert into jobs (id, type, payload, run_at)
          select substr(md5(random()::text || g), 1, 24), ${JOB_TYPE}, jsonb_build_object('k', ${queue} || ':' || g), now() - interval '1 second'
          from generate_series(1, ${jobs}) g`);
        await pool.query('analyze jobs');
      } else {
        await boss.createQueue(queue);
        for (let i = 0; i < jobs; i += 1000) {
          await boss.insert(Array.from({ length: Math.min(1000, jobs - i) }, (_, j) => ({ name: queue, data: { k: `${queue}:${i + j + 1}` } })));
        }
      }
      const active = workers.slice(0, w);
      for (const x of active) x.proc.send({ cmd: 'prepare', kind, queue, url, concurrency, batch, workMs } satisfies Cmd);
      await Promise.all(active.map((x) => x.next()));
      const start: Date = (await pool.query('select clock_timestamp() as t')).rows[0].t;
      for (const x of active) x.proc.send({ cmd: 'go' } satisfies Cmd);
      const deadline = Date.now() + 120_000;
      let done = 0;
      while (Date.now() < deadline) {
        done = Number((await pool.query('select count(*) as n from bench_runs')).rows[0].n);
        if (done >= jobs) break;
        await sleep(20);
      }
      // Workers keep polling a while after the last job: a job run twice would show up in that time too.
      await sleep(200);
      for (const x of active) x.proc.send({ cmd: 'stop' } satisfies Cmd);
      await Promise.all(active.map((x) => x.next()));
      const r = (await pool.query('select count(*)::int as n, coalesce(sum(runs - 1), 0)::int as dup, max(at) as last from bench_runs')).rows[0];
      const ms = r.last ? new Date(r.last).getTime() - start.getTime() : NaN;
      const result = { jobsPerS: r.n < jobs ? NaN : (jobs * 1000) / ms, duplicates: r.dup, missing: jobs - r.n, ms };
      if (result.duplicates || result.missing) {
        duplicateRounds++;
        console.error(`\n!!! ${kind} with ${w} workers: ${result.duplicates} job(s) RAN TWICE, ${result.missing} never ran !!!\n`);
      }
      return result;
    }

    for (const v of variants) {
      console.log(`${v.name}: ${v.jobs} jobs`);
      console.log(`workers | ours jobs/s | pg-boss jobs/s | ours / pg-boss | load (1 min)`);
      for (const w of workerCounts) {
        const res: Record<Kind, RoundResult[]> = { ours: [], pgboss: [] };
        for (let r = 0; r < rounds; r++) {
          const order: Kind[] = r % 2 ? ['pgboss', 'ours'] : ['ours', 'pgboss'];
          for (const kind of order) res[kind].push(await round(kind, w, v.jobs, v.workMs));
        }
        const ours = median(res.ours.map((x) => x.jobsPerS));
        const boss = median(res.pgboss.map((x) => x.jobsPerS));
        console.log(`${String(w).padStart(7)} | ${ours.toFixed(0).padStart(11)} | ${boss.toFixed(0).padStart(14)} | ${(ours / boss).toFixed(2).padStart(14)} | ${os.loadavg()[0].toFixed(2)}`);
      }
      console.log('');
    }
    console.log(`load average at end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; ${((Date.now() - t0) / 1000).toFixed(0)} s in all`);
    console.log(duplicateRounds ? `!!! ${duplicateRounds} round(s) had a job run twice or not at all !!!` : 'every job ran exactly once, in every round');
  } finally {
    finished = true;
    for (const w of workers) w.proc.send({ cmd: 'exit' } satisfies Cmd);
    await Promise.all(workers.map((w) => new Promise((resolve) => (w.proc.exitCode !== null ? resolve(null) : w.proc.once('exit', resolve)))));
    await boss.stop({ graceful: false, close: true, wait: true }).catch(() => {});
    await close();
    if (!opts.keep) {
      // A pool's end() resolves before the server has seen its connections close: wait for that (up to 2 s), so the
      // forced drop ends no connection that a pool would then report as lost.
      for (let i = 0; i < 40; i++) {
        const open = (await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name])).rows[0].n;
        if (open === 0) break;
        await sleep(50);
      }
      await admin.query(`drop database if exists ${name} with (force)`);
    }
    else console.log(`kept database ${name}`);
    await admin.end();
  }
  if (duplicateRounds) process.exitCode = 1;
}

await main();
