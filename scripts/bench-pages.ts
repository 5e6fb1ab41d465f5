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
 * Latency is measured per request from sending it to the last byte of the body, over keep-alive connections, with
 * exactly N requests in flight (a closed loop, like autocannon). First Load JS = the JavaScript files the page's HTML
 * references (<script src>, without the `nomodule` legacy polyfills modern browsers skip), each gzipped (level 6, what
 * servers use) and summed; chunks loaded later on demand (the player, the trailer modal) are not part of it.
 */
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { publicEnv } from '../lib/env';
import { movieHref } from '../lib/routes';
import { startChild, stopChild, waitFor, httpOk } from './lib/proc';

const root = path.resolve(import.meta.dirname, '..');
const { values: opts } = parseArgs({
  options: {
    url: { type: 'string' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '30' },
  },
});

const CONNECTIONS = Number(opts.connections);
const DURATION_MS = Number(opts.duration) * 1000;
const WARMUP = Number(opts.warmup);

type Result = { latencies: number[]; statuses: Map<number, number>; errors: number; elapsedMs: number };

function get(agent: http.Agent, url: URL): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { 'accept-encoding': 'identity', accept: 'text/html' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
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
  let errors = 0;
  const t0 = performance.now();
  const deadline = t0 + DURATION_MS;
  const worker = async () => {
    while (performance.now() < deadline) {
      const start = performance.now();
      try {
        const { status } = await get(agent, url);
        latencies.push(performance.now() - start);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const elapsedMs = performance.now() - t0;
  agent.destroy();
  return { latencies, statuses, errors, elapsedMs };
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

async function main() {
  let child: ReturnType<typeof startChild> | undefined;
  let base = opts.url;
  try {
    if (!base) {
      const port = 3500 + Math.floor(Math.random() * 200);
      base = `http://127.0.0.1:${port}`;
      console.log(`starting the production build on ${base} (log: .data/bench-pages.log) …`);
      child = startChild(
        process.execPath,
        ['--conditions=react-server', '--import', 'tsx', 'scripts/start.ts', '--no-build', '--fresh', '--data-dir', '.data/bench-pages', '--port', String(port)],
        { cwd: root, logFile: path.join(root, '.data', 'bench-pages.log') },
      );
      await waitFor(() => httpOk(`${base}/api/health`), 180_000, 'the app');
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
      const r = await load(base, p);
      const sorted = [...r.latencies].sort((a, b) => a - b);
      const statuses = [...r.statuses].map(([s, n]) => `${s}×${n}`).join(' ') + (r.errors ? ` errors×${r.errors}` : '');
      console.log(
        `${label.padEnd(18)}${String(sorted.length).padStart(8)} ${(sorted.length / (r.elapsedMs / 1000)).toFixed(0).padStart(7)} ${percentile(sorted, 50).toFixed(1).padStart(9)} ${percentile(sorted, 95).toFixed(1).padStart(8)} ${percentile(sorted, 99).toFixed(1).padStart(8)}   ${statuses}`,
      );
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
