/**
 * `npm run bench:start`: time from launch to the first 200 on `/` with the embedded PostgreSQL server, twice: on a
 * fresh data folder (initdb, migrations, seed, media encryption: a new machine) and again on the data it left (a
 * restart). Prints the resident memory of the app and of the database server at the first 200 and after 50 requests.
 * Runs the production build (built if missing). A benchmark that prints figures, not a test.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { freePort, startChild } from './lib/proc';

const root = path.resolve(import.meta.dirname, '..');

/** Resident memory of the start script's descendants, split into the app (serve.ts, next) and PostgreSQL. */
function rssOfTree(pid: number): { app: number; db: number } {
  const children = (p: number): number[] => {
    try {
      const list = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      return list.flatMap((c) => [c, ...children(c)]);
    } catch {
      return [];
    }
  };
  const total = { app: 0, db: 0 };
  for (const p of children(pid)) {
    try {
      const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8');
      const kind = cmd.includes('postgres') ? 'db' : cmd.includes('serve.ts') || cmd.includes('next') ? 'app' : null;
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      if (kind && m) total[kind] += Number(m[1]) * 1024;
    } catch {
      // process ended
    }
  }
  return total;
}

const mib = (n: number) => `${(n / 2 ** 20).toFixed(0)} MiB`;

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGINT'); // the start script stops the app, then the database
  });
}

async function run(label: string, fresh: boolean): Promise<void> {
  const port = await freePort();
  const t0 = performance.now();
  const args = ['--conditions=react-server', '--import', 'tsx', 'scripts/start.ts', '--data-dir', '.data/bench', '--port', String(port)];
  if (fresh) args.push('--fresh');
  const child = startChild(process.execPath, args, { cwd: root, logFile: path.join(root, '.data', 'bench-start.log'), env: { ...process.env, DATABASE_URL: '' } });
  try {
    let firstOk = 0;
    while (performance.now() - t0 < 300_000) {
      const ok = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(5000) }).then((r) => r.status === 200).catch(() => false);
      if (ok) {
        firstOk = performance.now() - t0;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    if (!firstOk) throw new Error('no 200 on / within 5 minutes (see .data/bench-start.log)');
    const first = rssOfTree(child.pid!);
    for (let i = 0; i < 50; i++) await fetch(`http://127.0.0.1:${port}/`).then((r) => r.arrayBuffer());
    const after = rssOfTree(child.pid!);
    console.log(`${label}: launch → first 200 on / in ${(firstOk / 1000).toFixed(2)} s; memory app ${mib(first.app)} → ${mib(after.app)}, PostgreSQL ${mib(first.db)} → ${mib(after.db)} (at first 200 → after 50 requests)`);
  } finally {
    await stop(child);
  }
}

async function main() {
  console.log(`load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores`);
  await run('fresh data folder (initdb + migrate + seed + media encryption)', true);
  await run('restart on the same data (embedded server reused)', false);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
