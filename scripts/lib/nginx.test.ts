import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createGzip, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIp } from '../../lib/server/rate-limit';
import { localStorage } from '../../lib/server/storage';
import { createFrontServer } from '../serve';
import { freePort } from './proc';
import { nginxAvailable, renderNginxConfig, startNginx, testNginxConfig, type RunningNginx } from './nginx';

/**
 * The committed nginx site (deploy/nginx/kilig.conf) as scripts/lib/nginx.ts renders it, checked by `nginx -t` and then
 * run in front of two small HTTP servers standing in for app instances: balancing, which requests go to a second
 * instance, what is cached, gzip, and the client address the app derives with TRUSTED_PROXY_HOPS=2.
 */

const available = nginxAvailable();
if (!available) console.log('scripts/lib/nginx.test.ts skipped: nginx is not installed (Debian: apt-get install nginx)');

/** The pause between the two chunks of the stand-in's streamed page. */
const STREAM_GAP_MS = 800;

type Seen = { name: string; method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

const prefix = mkdtempSync(path.join(os.tmpdir(), 'kilig-nginx-test-'));
afterAll(() => rmSync(prefix, { recursive: true, force: true }));

/** A stand-in instance: records each request and answers by path (see the cases below). */
function instance(name: string, seen: Seen[]): http.Server {
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ name, method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString() });
      const url = req.url ?? '/';
      const html = (cacheControl: string, extra: http.OutgoingHttpHeaders = {}) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheControl, ...extra });
        res.end(`<html>${name} ${'x'.repeat(2000)}</html>`);
      };
      if (url.split('?')[0] === '/shared') return html('s-maxage=300, stale-while-revalidate=31535700');
      if (url === '/private') return html('private, no-store');
      if (url === '/cookie') return html('s-maxage=300', { 'set-cookie': 'a=b' });
      if (url === '/unmarked') return html('public, max-age=60');
      if (url === '/stream') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip', 'cache-control': 'no-store' });
        const gzip = createGzip();
        gzip.pipe(res);
        gzip.write(`<html>${'x'.repeat(4000)}`);
        gzip.flush();
        setTimeout(() => gzip.end('</html>'), STREAM_GAP_MS);
        return;
      }
      if (url === '/api/pay' && name === 'a') return void req.socket.destroy(); // the instance fails after taking a POST
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ name }));
    });
  });
}

async function listen(server: http.Server, port = 0): Promise<number> {
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

function request(url: string, opts: http.RequestOptions & { body?: string } = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent: false, ...opts }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

describe.skipIf(!available)('nginx in front of two instances (deploy/nginx/kilig.conf)', () => {
  const seen: Seen[] = [];
  const servers: http.Server[] = [];
  let lb: RunningNginx;
  let ports: number[];

  beforeAll(async () => {
    servers.push(instance('a', seen), instance('b', seen));
    ports = [await listen(servers[0]), await listen(servers[1])];
    lb = await startNginx({ listen: ['127.0.0.1:8450'], upstreams: ports, prefix: path.join(prefix, 'lb'), exposeUpstream: true });
  }, 30_000);
  afterAll(async () => {
    await lb?.stop();
    for (const s of servers) {
      s.closeAllConnections();
      s.close();
    }
  });

  it('renders a config nginx accepts, with our upstreams and folders, and nothing of the production paths', () => {
    const opts = { listen: ['127.0.0.1:8459'], upstreams: [3450, 3452, 3454], prefix: path.join(prefix, 'render') };
    const conf = renderNginxConfig(opts);
    expect(conf.match(/server 127\.0\.0\.1:\d+ max_fails=3 fail_timeout=10s;/g)).toEqual([
      'server 127.0.0.1:3450 max_fails=3 fail_timeout=10s;',
      'server 127.0.0.1:3452 max_fails=3 fail_timeout=10s;',
      'server 127.0.0.1:3454 max_fails=3 fail_timeout=10s;',
    ]);
    expect(conf).toContain('listen 127.0.0.1:8459;');
    const directives = conf.split('\n').filter((line) => !line.trim().startsWith('#')).join('\n');
    expect(directives).not.toMatch(/listen 80;|\/var\/lib\/nginx|X-Upstream/);
    const check = testNginxConfig(opts);
    expect(check.output).toMatch(/test is successful/);
    expect(check.ok).toBe(true);
    // Without the page micro-cache (bench:pages measures the instances through the balancer).
    const uncached = { ...opts, pageCache: false };
    expect(renderNginxConfig(uncached)).not.toContain('proxy_cache kilig_pages;');
    expect(testNginxConfig(uncached).ok).toBe(true);
  });

  it('spreads requests over both instances', async () => {
    const upstreams = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const res = await request(`${lb.url}/api/who`);
      expect(res.status).toBe(200);
      upstreams.add(String(res.headers['x-upstream']));
    }
    expect([...upstreams].sort()).toEqual(ports.map((p) => `127.0.0.1:${p}`).sort());
  });

  it('passes the client address so the app finds it two hops from the right, whatever the client wrote', async () => {
    // nginx → scripts/serve.ts's front server → the app, as in production; the client comes from 127.0.0.3.
    const appSeen: Seen[] = [];
    const app = instance('app', appSeen);
    const appPort = await listen(app);
    const front = createFrontServer({ upstreamPort: appPort, cache: null, purgeToken: 'x', media: localStorage(prefix), trustedProxyHops: 2 });
    const frontPort = await listen(front);
    const chain = await startNginx({ listen: ['127.0.0.1:8451'], upstreams: [frontPort], prefix: path.join(prefix, 'chain') });
    try {
      await request(`${chain.url}/api/ip`, { localAddress: '127.0.0.3', headers: { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } });
      const headers = appSeen.at(-1)!.headers;
      expect(headers['x-forwarded-for']).toBe('6.6.6.6, 127.0.0.3, 127.0.0.1');
      expect(clientIp(new Headers({ 'x-forwarded-for': String(headers['x-forwarded-for']) }), 2)).toBe('127.0.0.3');
      // Set by nginx, not passed on from the client.
      expect(headers['x-forwarded-host']).toBe('127.0.0.1');
      expect(headers['x-forwarded-proto']).toBe('http');
    } finally {
      await chain.stop();
      for (const s of [front, app]) {
        s.closeAllConnections();
        s.close();
      }
    }
  }, 30_000);

  it('keeps a page the app marks s-maxage, and never one that is private, sets a cookie, or is asked with credentials', async () => {
    const count = (url: string) => seen.filter((s) => s.url === url).length;
    const twice = async (url: string, headers: http.OutgoingHttpHeaders = {}) => {
      const first = await request(`${lb.url}${url}`, { headers });
      const second = await request(`${lb.url}${url}`, { headers });
      return [first.headers['x-cache-status'], second.headers['x-cache-status']];
    };
    expect(await twice('/shared')).toEqual(['MISS', 'HIT']);
    expect(count('/shared')).toBe(1);
    await twice('/private');
    expect(count('/private')).toBe(2);
    await twice('/cookie');
    expect(count('/cookie')).toBe(2);
    await twice('/unmarked'); // max-age is the browser's; only s-maxage speaks to a shared cache
    expect(count('/unmarked')).toBe(2);
    expect(await twice('/shared', { authorization: 'Bearer x' })).toEqual(['BYPASS', 'BYPASS']);
    await twice('/shared', { rsc: '1' });
    expect(count('/shared')).toBe(5);
  });

  it('keeps a page at most 2.5 s, so a change published on the instances shows through nginx within seconds', async () => {
    const url = '/shared?lifetime';
    const fetches = () => seen.filter((s) => s.url === url).length;
    await request(`${lb.url}${url}`);
    expect(fetches()).toBe(1);
    const t0 = performance.now();
    while (fetches() === 1 && performance.now() - t0 < 5000) {
      await request(`${lb.url}${url}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(fetches()).toBe(2);
    expect(performance.now() - t0).toBeLessThan(2500);
  });

  it('passes Accept-Encoding on, compresses what comes uncompressed, and streams what comes compressed', async () => {
    const page = await request(`${lb.url}/private`, { headers: { 'accept-encoding': 'gzip' } });
    expect(seen.at(-1)!.headers['accept-encoding']).toBe('gzip');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.body).toString()).toMatch(/^<html>[ab] x+<\/html>$/);
    // A streamed render compressed by the instance (as Next does, flushing each chunk) reaches the client chunk by
    // chunk: its first bytes long before its end. nginx's own gzip would hold it to the end.
    const t0 = performance.now();
    const firstByteMs = await new Promise<number>((resolve, reject) => {
      http.get(`${lb.url}/stream`, { agent: false, headers: { 'accept-encoding': 'gzip' } }, (res) => {
        res.once('data', () => resolve(performance.now() - t0));
        res.resume();
      }).on('error', reject);
    });
    expect(firstByteMs).toBeLessThan(STREAM_GAP_MS / 2);
  });

  it('never sends a POST to a second instance, and closes the page-cache purge endpoint', async () => {
    const before = seen.length;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await request(`${lb.url}/api/pay`, { method: 'POST', body: '{"n":1}', headers: { 'content-type': 'application/json' } })).status);
    const posts = seen.slice(before).filter((s) => s.url === '/api/pay');
    // Each POST was taken by exactly one instance: 'a' fails it (502), 'b' answers it; none went to both.
    expect(posts.length).toBe(4);
    expect(posts.some((p) => p.name === 'a')).toBe(true);
    expect(answers.filter((s) => s === 502).length).toBe(posts.filter((p) => p.name === 'a').length);
    const purge = await request(`${lb.url}/_kilig/page-cache/purge`, { method: 'POST', body: '{"path":"/"}' });
    expect(purge.status).toBe(404);
    expect(seen.some((s) => s.url.startsWith('/_kilig'))).toBe(false);
  });

  it('sends a GET to the other instance when one is down', async () => {
    const dead = await freePort(); // nothing listens there
    const live: Seen[] = [];
    const server = instance('live', live);
    const port = await listen(server);
    const pair = await startNginx({ listen: ['127.0.0.1:8452'], upstreams: [dead, port], prefix: path.join(prefix, 'failover') });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await request(`${pair.url}/api/x`)).status);
      expect(statuses).toEqual([200, 200, 200, 200]);
      expect(live.length).toBe(4);
    } finally {
      await pair.stop();
      server.closeAllConnections();
      server.close();
    }
  }, 30_000);
});
