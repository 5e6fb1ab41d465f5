/**
 * `npm run bench:pages`: server response times of the catalogue pages under load, and the First Load JS of each page.
 * A benchmark that prints figures, not a test (targets: p95 ≤ 30 ms for cached pages at 50 connections; First Load JS
 * ≤ 150 KB gzip on / and /movie/…).
 *
 *   npm run bench:pages                      starts the production build (must exist) on a fresh data folder
 *   npm run bench:pages -- --url http://127.0.0.1:3000   measures a server that is already running
 *
 * Options: --connections N (50), --duration S (10 s per page), --warmup N (30 requests per page first).
 *
 *   npm run bench:pages -- --cluster         the balancer: one build's two instances behind nginx (deploy/nginx)
 *
 * --cluster starts the production build (must exist; NEXT_DIST_DIR picks it) twice, as a deployment runs it: instance
 * A by scripts/start.ts (database, emulator, seed) on 3450, instance B by scripts/serve.ts on 3452 sharing A's
 * database and media (JOBS_WORKER off: one instance runs jobs), both with TRUSTED_PROXY_HOPS=2; then nginx with the
 * committed config, rendered three times: → A, → A+B, and → A+B with its page micro-cache. Each page is measured on
 * each target in turn (A direct first), --rounds times (2; default --duration 5 s), so a drift of the machine's load
 * falls on every target alike; the table gives the figures summed over rounds, the load average of the run, and how
 * nginx spread the requests (its X-Upstream header). A 2-core machine running the client, nginx and both instances
 * cannot show scale: what the figures can show is that the balancer adds no errors and how much latency it adds.
 *
 * Latency is measured per request from sending it to the last byte of the body, over keep-alive connections, with
 * exactly N requests in flight (a closed loop, like autocannon). First Load JS = the JavaScript files the page's HTML
 * references (<script src>, without the `nomodule` legacy polyfills modern browsers skip), each gzipped (level 6, what
 * servers use) and summed; chunks loaded later on demand (the player, the trailer modal) are not part of it.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { publicEnv } from '../lib/env';
import { movieHref } from '../lib/routes';
import { startBuiltApp, startChild, stopChild, waitFor, httpOk } from './lib/proc';
import { EMBEDDED_DATABASE, startEmbeddedPostgres } from './lib/embedded-postgres';
import { nginxAvailable, nginxBinary, startNginx, type RunningNginx } from './lib/nginx';

const root = path.resolve(import.meta.dirname, '..');
const { values: opts } = parseArgs({
  options: {
    url: { type: 'string' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string' },
    warmup: { type: 'string', default: '30' },
    cluster: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '2' },
  },
});

const CONNECTIONS = Number(opts.connections);
const DURATION_MS = Number(opts.duration ?? (opts.cluster ? '5' : '10')) * 1000;
const WARMUP = Number(opts.warmup);

type Result = { latencies: number[]; statuses: Map<number, number>; errors: number; elapsedMs: number; upstreams: Map<string, number> };

function get(agent: http.Agent, url: URL): Promise<{ status: number; body: Buffer; upstream?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { 'accept-encoding': 'identity', accept: 'text/html' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      // X-Upstream: the instance nginx chose (scripts/lib/nginx.ts's exposeUpstream); absent when answered directly.
      const upstream = res.headers['x-upstream'] === undefined ? undefined : String(res.headers['x-upstream']);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), upstream }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
  });
}

async function load(base: string, pathAndQuery: string): Promise<Result> {
  const url = new URL(pathAndQuery, base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  for (let i = 0; i < WARMUP; i++) await get(agent, url);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const upstreams = new Map<string, number>();
  let errors = 0;
  const t0 = performance.now();
  const deadline = t0 + DURATION_MS;
  const worker = async () => {
    while (performance.now() < deadline) {
      const start = performance.now();
      try {
        const { status, upstream } = await get(agent, url);
        latencies.push(performance.now() - start);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (upstream) upstreams.set(upstream, (upstreams.get(upstream) ?? 0) + 1);
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const elapsedMs = performance.now() - t0;
  agent.destroy();
  return { latencies, statuses, errors, elapsedMs, upstreams };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** gzip bytes of every script the page's HTML references. */
async function firstLoadJs(base: string, pathAndQuery: string): Promise<{ files: number; raw: number; gzip: number }> {
  const html = await (await fetch(new URL(pathAndQuery, base))).text();
  // Modern browsers skip `nomodule` scripts (the legacy polyfills), so they are not part of the first load.
  const tags = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !/\snomodule/i.test(tag));
  const srcs = [...new Set(tags.map((tag) => /\ssrc="([^"]+\.js[^"]*)"/.exec(tag)?.[1]).filter((s): s is string => Boolean(s)).map((s) => s.replace(/&amp;/g, '&')))];
  let raw = 0;
  let gzip = 0;
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 6 }).length;
  }
  return { files: srcs.length, raw, gzip };
}

/** A movie and a series page: the first of each type in the media collection (the public content call). */
async function findTitlePages(base: string): Promise<{ movie?: string; series?: string }> {
  const first = async (type: 1 | 2) => {
    const url = new URL(`/api/client/movieSeries/fetchMediaCollection?movieSeriesType=${type}&start=1&limit=1`, base);
    const res = await fetch(url, { headers: { key: publicEnv.NEXT_PUBLIC_API_KEY } });
    const body = (await res.json()) as { videos?: { _id: string; name: string }[] };
    const title = body.videos?.[0];
    return title ? movieHref(title) : undefined;
  };
  return { movie: await first(1), series: await first(2) };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** One table row: requests, req/s, p50/p95/p99 ms, statuses and errors. */
function row(label: string, r: Result): string {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const statuses = [...r.statuses].map(([s, n]) => `${s}×${n}`).join(' ') + (r.errors ? ` errors×${r.errors}` : '');
  return `${label.padEnd(18)}${String(sorted.length).padStart(8)} ${(sorted.length / (r.elapsedMs / 1000)).toFixed(0).padStart(7)} ${percentile(sorted, 50).toFixed(1).padStart(9)} ${percentile(sorted, 95).toFixed(1).padStart(8)} ${percentile(sorted, 99).toFixed(1).padStart(8)}   ${statuses}`;
}

const CLUSTER = {
  a: 3450, // instance A (start.ts; Next inside on 3451)
  b: 3452, // instance B (serve.ts; Next inside on 3453)
  auth: 3455, // the Auth Emulator (its hub and logging on 3457, 3458)
  nginx: { a: 8453, ab: 8454, abCached: 8455 },
};

function exited(child: ChildProcess | undefined, timeoutMs: number): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    child.once('exit', () => (clearTimeout(timer), resolve()));
  });
}

const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' / ');

/** --cluster: the balancer in front of one build's two instances (see the top of this file). */
async function cluster() {
  if (!nginxAvailable()) {
    console.log('bench:pages --cluster skipped: nginx is not installed (Debian: apt-get install nginx)');
    return;
  }
  const dataDir = path.join(root, '.data', 'bench-pages-cluster');
  const log = (name: string) => path.join(dataDir, `${name}.log`);
  const shared = { TRUSTED_PROXY_HOPS: '2', NEXT_TELEMETRY_DISABLED: '1' };
  let a: ChildProcess | undefined;
  let b: ChildProcess | undefined;
  const balancers: RunningNginx[] = [];
  // Emptied here rather than by start.ts's --fresh, which would delete the log files we have just opened in it.
  rmSync(dataDir, { recursive: true, force: true });
  try {
    console.log(`starting instance A on ${CLUSTER.a} (scripts/start.ts; log: ${path.relative(root, log('instance-a'))}) …`);
    a = startChild(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', 'scripts/start.ts', '--no-build', '--data-dir', path.relative(root, dataDir), '--port', String(CLUSTER.a), '--auth-port', String(CLUSTER.auth)],
      { cwd: root, logFile: log('instance-a'), env: { ...process.env, ...shared } },
    );
    await waitFor(() => httpOk(`http://127.0.0.1:${CLUSTER.a}/api/health`), 300_000, 'instance A');
    // B shares A's database (the embedded server start.ts runs, or DATABASE_URL), media folder and emulator.
    const databaseUrl = process.env.DATABASE_URL ?? (await startEmbeddedPostgres(path.join(dataDir, 'postgres'))).urlFor(EMBEDDED_DATABASE);
    console.log(`starting instance B on ${CLUSTER.b} (scripts/serve.ts; log: ${path.relative(root, log('instance-b'))}) …`);
    b = startChild(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/serve.ts', '--port', String(CLUSTER.b)], {
      cwd: root,
      logFile: log('instance-b'),
      env: {
        ...process.env,
        ...shared,
        DATABASE_URL: databaseUrl,
        MEDIA_DIR: process.env.MEDIA_DIR ?? path.join(dataDir, 'media'),
        UPLOAD_DIR: process.env.UPLOAD_DIR ?? path.join(dataDir, 'uploads'),
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${CLUSTER.auth}`,
        NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL: `http://127.0.0.1:${CLUSTER.auth}`,
        JOBS_WORKER: 'false',
      },
    });
    await waitFor(() => httpOk(`http://127.0.0.1:${CLUSTER.b}/api/health`), 300_000, 'instance B');
    const balancer = async (port: number, upstreams: number[], pageCache: boolean) => {
      const lb = await startNginx({ listen: [`127.0.0.1:${port}`], upstreams, prefix: path.join(dataDir, `nginx-${port}`), exposeUpstream: true, accessLog: false, pageCache });
      balancers.push(lb);
      return lb.url;
    };
    const targets: [string, string][] = [
      ['A direct', `http://127.0.0.1:${CLUSTER.a}`],
      ['nginx → A', await balancer(CLUSTER.nginx.a, [CLUSTER.a], false)],
      ['nginx → A+B', await balancer(CLUSTER.nginx.ab, [CLUSTER.a, CLUSTER.b], false)],
      ['nginx → A+B, 1 s', await balancer(CLUSTER.nginx.abCached, [CLUSTER.a, CLUSTER.b], true)],
    ];
    const { movie, series } = await findTitlePages(targets[0][1]);
    const pages: [string, string | undefined][] = [
      ['home', '/'],
      ['movie (series)', series],
      ['movie (movie)', movie],
      ['search', '/search?keyword=kilig'],
    ];
    const rounds = Number(opts.rounds);
    const nginxVersion = spawnSync(nginxBinary()!, ['-v'], { encoding: 'utf8' }).stderr.trim();
    console.log(`\n${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}, ${nginxVersion}; load average (1/5/15 min) before: ${loadAverage()}`);
    console.log(`${CONNECTIONS} connections, ${rounds} rounds × ${DURATION_MS / 1000} s per page and target, targets in turn (after ${WARMUP} warm-up requests each).`);
    console.log("'nginx → A+B, 1 s' is the production config (its 1 s page micro-cache on); the other nginx rows run it with that cache off.");
    const upstreamName = new Map([[`127.0.0.1:${CLUSTER.a}`, 'A'], [`127.0.0.1:${CLUSTER.b}`, 'B']]);
    for (const [label, p] of pages) {
      console.log(`\n${label} ${p ?? '(no such page found)'}`);
      if (!p) continue;
      const totals = targets.map((): Result => ({ latencies: [], statuses: new Map(), errors: 0, elapsedMs: 0, upstreams: new Map() }));
      for (let round = 0; round < rounds; round++) {
        for (const [i, [, base]] of targets.entries()) {
          const r = await load(base, p);
          const t = totals[i];
          t.latencies = t.latencies.concat(r.latencies);
          t.errors += r.errors;
          t.elapsedMs += r.elapsedMs;
          for (const [s, n] of r.statuses) t.statuses.set(s, (t.statuses.get(s) ?? 0) + n);
          for (const [u, n] of r.upstreams) t.upstreams.set(u, (t.upstreams.get(u) ?? 0) + n);
        }
      }
      console.log('target            requests   req/s    p50 ms   p95 ms   p99 ms   statuses (answered by)');
      for (const [i, [name]] of targets.entries()) {
        const spread = [...totals[i].upstreams].map(([u, n]) => `${upstreamName.get(u) ?? u}×${n}`).join(' ');
        console.log(`${row(name, totals[i])}${spread ? `   (${spread})` : ''}`);
      }
      console.log(`load average now: ${loadAverage()}`);
    }
  } finally {
    for (const lb of balancers) await lb.stop();
    // B first: A's start.ts stops the database B uses.
    stopChild(b);
    await exited(b, 15_000);
    stopChild(a);
    await exited(a, 30_000);
  }
}

async function main() {
  if (opts.cluster) return cluster();
  let child: ReturnType<typeof startChild> | undefined;
  let base = opts.url;
  try {
    if (!base) {
      const started = await startBuiltApp(root, 'bench-pages');
      base = started.base;
      child = started.child;
    }
    const { movie, series } = await findTitlePages(base);
    const pages: [string, string | undefined][] = [
      ['home', '/'],
      ['movie (series)', series],
      ['movie (movie)', movie],
      ['search', '/search?keyword=kilig'],
    ];

    console.log(`\nServer response, ${CONNECTIONS} connections, ${DURATION_MS / 1000} s per page (after ${WARMUP} warm-up requests):`);
    console.log('page              requests   req/s    p50 ms   p95 ms   p99 ms   statuses');
    for (const [label, p] of pages) {
      if (!p) {
        console.log(`${label.padEnd(18)}(no such page found)`);
        continue;
      }
      console.log(row(label, await load(base, p)));
    }

    console.log('\nFirst Load JS (gzip, scripts referenced by the HTML):');
    for (const [label, p] of pages) {
      if (!p) continue;
      const js = await firstLoadJs(base, p);
      console.log(`${label.padEnd(18)}${kb(js.gzip).padStart(10)}   (${js.files} files, ${kb(js.raw)} uncompressed)   ${p}`);
    }
  } finally {
    stopChild(child);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
