/**
 * `npm run bench:start`: time from launch to the first 200 on `/`, and the server's resident memory then and after
 * 50 requests. Runs the production build (built if missing) on a fresh data folder, like a new machine would.
 * A benchmark that prints figures, not a test.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startChild, stopChild } from './lib/proc';

const root = path.resolve(import.meta.dirname, '..');
const port = 3300 + Math.floor(Math.random() * 200);

function rssOfTree(pid: number): number {
  // The app runs as scripts/serve.ts (or `next dev`) under the start script: sum the resident memory of its process(es).
  const children = (p: number): number[] => {
    try {
      const list = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      return list.flatMap((c) => [c, ...children(c)]);
    } catch {
      return [];
    }
  };
  let total = 0;
  for (const p of children(pid)) {
    try {
      const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8');
      if (!cmd.includes('serve.ts') && !cmd.includes('next')) continue;
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      if (m) total += Number(m[1]) * 1024;
    } catch {
      // process ended
    }
  }
  return total;
}

async function main() {
  const t0 = performance.now();
  const child = startChild(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/start.ts', '--fresh', '--data-dir', '.data/bench', '--port', String(port)], {
    cwd: root,
    logFile: path.join(root, '.data', 'bench-start.log'),
  });
  let firstOk = 0;
  try {
    while (performance.now() - t0 < 300_000) {
      const ok = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(5000) }).then((r) => r.status === 200).catch(() => false);
      if (ok) {
        firstOk = performance.now() - t0;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    if (!firstOk) throw new Error('no 200 on / within 5 minutes (see .data/bench-start.log)');
    const rssFirst = rssOfTree(child.pid!);
    for (let i = 0; i < 50; i++) await fetch(`http://127.0.0.1:${port}/`).then((r) => r.arrayBuffer());
    const rssAfter = rssOfTree(child.pid!);
    console.log(`launch → first 200 on /: ${(firstOk / 1000).toFixed(2)} s (fresh database: migrate + seed + media encryption + emulator)`);
    console.log(`server resident memory: ${(rssFirst / 2 ** 20).toFixed(0)} MiB at first 200, ${(rssAfter / 2 ** 20).toFixed(0)} MiB after 50 requests`);
  } finally {
    stopChild(child);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
