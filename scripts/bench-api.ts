/**
 * `npm run bench:api`: requests per second of guest API calls under load, measured with autocannon (a real HTTP load
 * generator, in its own process), next to `/api/health` on the same server. A benchmark that prints figures, not a
 * test.
 *
 *   npm run bench:api                                   starts the production build (must exist) on a fresh data folder
 *   npm run bench:api -- --target new=http://127.0.0.1:3000 --target old=http://127.0.0.1:3500
 *                                                       compares running servers, interleaved (A B A B …)
 *
 * Options: --connections N (50), --duration S (8 s per run), --rounds N (3), --keyword K (the search string, 'lihim':
 * a word of the seed's titles; a search without results would measure nothing). Each figure (req/s, p99 latency) is the
 * median of the rounds; the rounds of all targets alternate so that a noisy neighbour on a shared machine hits them
 * alike. The target of issue 12: each guest call at ≥ 50 % of /api/health's req/s on the same server.
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
    keyword: { type: 'string', default: 'lihim' },
  },
});

const API_KEY = process.env.NEXT_PUBLIC_API_KEY ?? 'kilig-demo-api-key';
const CALLS = [
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'guest fetchMediaCollection?limit=20', path: '/api/client/movieSeries/fetchMediaCollection?start=1&limit=20' },
  { name: `guest getContentBySearch '${opts.keyword}'`, path: `/api/client/movieSeries/getContentBySearch?searchString=${encodeURIComponent(opts.keyword!)}&start=1&limit=20` },
];

/** One autocannon run in a child process (the load generator never shares the event loop with the results). */
function autocannon(url: string): Promise<{ rps: number; p99: number; non2xx: number; errors: number }> {
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
      const r = JSON.parse(out) as { requests: { average: number }; latency: { p99: number }; non2xx: number; errors: number; timeouts: number };
      resolve({ rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts });
    });
  });
}

/** A search that finds nothing is cheap and would flatter the figure: the keyword must find titles. */
async function checkSearchFindsTitles(base: string): Promise<void> {
  const res = await fetch(`${base}${CALLS[2].path}`, { headers: { key: API_KEY } });
  const body = (await res.json()) as { searchData?: unknown[]; total?: number };
  if (!res.ok || !body.searchData?.length) throw new Error(`the search for '${opts.keyword}' finds no titles (${res.status}): pick another --keyword`);
  console.log(`search '${opts.keyword}': ${body.total} titles`);
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
    await checkSearchFindsTitles(targets[0].url);
    console.log(`load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores; ` +
      `${opts.connections} connections, ${opts.duration} s per run, ${opts.rounds} rounds, interleaved`);
    const results = new Map<string, { rps: number; p99: number }[]>();
    const problems: string[] = [];
    for (const t of targets) for (const c of CALLS) await autocannon(`${t.url}${c.path}`).catch(() => null); // warm-up
    for (let round = 0; round < Number(opts.rounds); round++) {
      for (const c of CALLS) {
        for (const t of targets) {
          const r = await autocannon(`${t.url}${c.path}`);
          const key = `${t.label}\t${c.name}`;
          results.set(key, [...(results.get(key) ?? []), r]);
          if (r.non2xx || r.errors) problems.push(`${t.label} ${c.name}: ${r.non2xx} non-2xx, ${r.errors} errors in round ${round + 1}`);
        }
      }
    }
    const width = Math.max(...CALLS.map((c) => c.name.length));
    console.log(`${'target'.padEnd(8)} ${'call'.padEnd(width)} ${'req/s'.padStart(7)} ${'p99 ms'.padStart(7)}  of /api/health (target ≥ 50 %)`);
    for (const t of targets) {
      const of = (c: (typeof CALLS)[number]) => results.get(`${t.label}\t${c.name}`)!;
      const health = median(of(CALLS[0]).map((r) => r.rps));
      for (const c of CALLS) {
        const rps = median(of(c).map((r) => r.rps));
        const p99 = median(of(c).map((r) => r.p99));
        const share = c === CALLS[0] ? '' : `${((rps / health) * 100).toFixed(0).padStart(5)} %`;
        console.log(`${t.label.padEnd(8)} ${c.name.padEnd(width)} ${rps.toFixed(0).padStart(7)} ${p99.toFixed(0).padStart(7)}  ${share}`);
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
