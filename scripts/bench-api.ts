/**
 * `npm run bench:api`: requests per second of guest API calls under load, measured with autocannon (a real HTTP load
 * generator, in its own process), next to `/api/health` on the same server. A benchmark that prints figures, not a
 * test.
 *
 *   npm run bench:api                                   starts the production build (must exist) on a fresh data folder
 *   npm run bench:api -- --target new=http://127.0.0.1:3000 --target old=http://127.0.0.1:3500
 *                                                       compares running servers, interleaved (A B A B …)
 *
 * Options: --connections N (50), --duration S (8 s per run), --rounds N (3). Each figure is the median of the rounds;
 * the rounds of all targets alternate so that a noisy neighbour on a shared machine hits them alike.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, httpOk, waitFor } from './lib/proc';

const root = path.resolve(import.meta.dirname, '..');
const { values: opts } = parseArgs({
  options: {
    target: { type: 'string', multiple: true },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
  },
});

const API_KEY = process.env.NEXT_PUBLIC_API_KEY ?? 'kilig-demo-api-key';
const CALLS = [
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'guest fetchMediaCollection?limit=20', path: '/api/client/movieSeries/fetchMediaCollection?start=1&limit=20' },
  { name: 'guest getContentBySearch', path: '/api/client/movieSeries/getContentBySearch?searchString=love&start=1&limit=20' },
];

/** One autocannon run in a child process (the load generator never shares the event loop with the results). */
function autocannon(url: string): Promise<{ rps: number; non2xx: number; errors: number }> {
  return new Promise((resolve, reject) => {
    const bin = path.join(root, 'node_modules', 'autocannon', 'autocannon.js');
    const child = spawn(process.execPath, [bin, '--json', '-c', opts.connections!, '-d', opts.duration!, '-H', `key=${API_KEY}`, url], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const r = JSON.parse(out) as { requests: { average: number }; non2xx: number; errors: number; timeouts: number };
      resolve({ rps: r.requests.average, non2xx: r.non2xx, errors: r.errors + r.timeouts });
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  let targets = (opts.target ?? []).map((t) => {
    const [label, url] = t.includes('=') ? [t.slice(0, t.indexOf('=')), t.slice(t.indexOf('=') + 1)] : [t, t];
    return { label, url: url.replace(/\/$/, '') };
  });
  let started: ChildProcess | undefined;
  if (targets.length === 0) {
    const port = await freePort();
    started = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/start.ts', '--no-build', '--fresh', '--data-dir', '.data/bench-api', '--port', String(port)], {
      cwd: root,
      stdio: 'ignore',
      env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL ?? '' },
    });
    await waitFor(() => httpOk(`http://127.0.0.1:${port}/api/health`), 180_000, 'the app');
    targets = [{ label: 'app', url: `http://127.0.0.1:${port}` }];
  }
  try {
    console.log(`load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores; ` +
      `${opts.connections} connections, ${opts.duration} s per run, ${opts.rounds} rounds, interleaved`);
    const results = new Map<string, number[]>();
    const problems: string[] = [];
    for (const t of targets) for (const c of CALLS) await autocannon(`${t.url}${c.path}`).catch(() => null); // warm-up
    for (let round = 0; round < Number(opts.rounds); round++) {
      for (const c of CALLS) {
        for (const t of targets) {
          const r = await autocannon(`${t.url}${c.path}`);
          const key = `${t.label}\t${c.name}`;
          results.set(key, [...(results.get(key) ?? []), r.rps]);
          if (r.non2xx || r.errors) problems.push(`${t.label} ${c.name}: ${r.non2xx} non-2xx, ${r.errors} errors in round ${round + 1}`);
        }
      }
    }
    for (const t of targets) {
      const health = median(results.get(`${t.label}\t${CALLS[0].name}`)!);
      for (const c of CALLS) {
        const rps = median(results.get(`${t.label}\t${c.name}`)!);
        const share = c === CALLS[0] ? '' : `  (${((rps / health) * 100).toFixed(0)} % of /api/health)`;
        console.log(`${t.label.padEnd(8)} ${c.name.padEnd(40)} ${rps.toFixed(0).padStart(6)} req/s${share}`);
      }
    }
    for (const p of problems) console.log(`! ${p}`);
    console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  } finally {
    started?.kill('SIGINT');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
