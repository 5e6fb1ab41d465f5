/**
 * The production server: `next start` on an internal port, behind the shared page cache of
 * lib/server/http/page-cache.ts on the public one, the way nginx or a CDN would sit in front of it. Next runs exactly
 * as `next start` runs it (an in-process custom server left some of Next 16's segment prefetches hanging). Packaged
 * media (`/media/…`) are read from media storage here (MEDIA_DIR, or the media bucket), without a hop through Next;
 * every other request that the
 * cache does not answer is proxied to Next unchanged, streamed both ways, except for a body whose framing could let
 * Next read part of it as another request: that request is refused (refuseUnframedBody).
 *
 * `npm start` runs this; so can a deployment: `npm run serve -- --port 3000` (dependencies only, no devDependencies).
 * Options: --port N (PORT, default 3000), --hostname H (default all interfaces), --inner-port N (default port + 1).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { serverEnv } from '../lib/env';
import { createPageCache, handlePurgeRequest, PURGE_PATH, type Handler } from '../lib/server/http/page-cache';
import { mediaStorage, type ObjectStorage } from '../lib/server/storage';
import { serveMediaFile } from '../lib/server/storage/media-files';
import { hasControlChar } from '../lib/contracts/text';
import { httpOk, startChild, stopChild, waitFor } from './lib/proc';

const root = path.resolve(import.meta.dirname, '..');

/** Headers that belong to one connection, not to the message: never forwarded. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

const UPSTREAM_IDLE_MS = 120_000;

/**
 * Refuses, with 400 and the end of the connection, a request whose body framing the proxy will not pass on: a GET or
 * HEAD with a body (a body there means nothing, and a server behind that ignores it would read it as the next request),
 * and a transfer coding other than plain `chunked`. Node's parser has already refused Content-Length together with
 * Transfer-Encoding, repeated or malformed lengths, and codings that do not end in chunked. Answers true when refused.
 */
export function refuseUnframedBody(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const coding = req.headers['transfer-encoding'];
  const length = req.headers['content-length'];
  const bodiless = req.method === 'GET' || req.method === 'HEAD';
  const refused =
    (coding !== undefined && (bodiless || coding.trim().toLowerCase() !== 'chunked')) || (bodiless && length !== undefined && Number(length) !== 0);
  if (!refused) return false;
  // Closing the connection drops whatever was sent after this request too, rather than guess where it ends.
  res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
  res.end(bodiless ? 'Bad Request: a GET or HEAD request has no body\n' : 'Bad Request: unsupported Transfer-Encoding\n');
  return true;
}

/**
 * Forwards a request to Next on `target`, streamed both ways. The body goes with the framing it came with, so Next reads
 * exactly the bytes Node's parser read as this request's body: a Content-Length is passed on as it is (it is not
 * hop-by-hop), and a chunked body is chunked again (Node would send the body of a DELETE or OPTIONS with no framing at
 * all if not told, and Next would then read it as a second request). A GET or HEAD whose connection to Next resets before
 * any answer is sent once more on a new connection; no other method is ever sent twice.
 *
 * X-Forwarded-For gets the peer's address appended (lib/server/rate-limit.ts reads the entry `trustedProxyHops` from
 * the right). When this server is the only trusted proxy, the client's own X-Forwarded-Host and -Proto are replaced.
 */
export function createProxy(target: number, trustedProxyHops = serverEnv().TRUSTED_PROXY_HOPS): Handler {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  return (req, res) =>
    new Promise<void>((resolve) => {
      const headers = { ...req.headers };
      for (const h of HOP_BY_HOP) delete headers[h];
      if (req.headers['transfer-encoding'] !== undefined) headers['transfer-encoding'] = 'chunked';
      const peer = req.socket.remoteAddress ?? '';
      headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${peer}` : peer;
      if (trustedProxyHops <= 1) {
        headers['x-forwarded-host'] = req.headers.host ?? '';
        headers['x-forwarded-proto'] = 'http';
      } else {
        headers['x-forwarded-host'] ??= req.headers.host ?? '';
        headers['x-forwarded-proto'] ??= 'http';
      }
      // A GET or HEAD that got this far has no body (refuseUnframedBody), so it can be sent again exactly as it was.
      const replayable = req.method === 'GET' || req.method === 'HEAD';
      let upstream: http.ClientRequest;
      let clientGone = false;
      const send = (retried: boolean) => {
        let answered = false;
        // The retry takes a connection of its own: the pool may hold more sockets Next has already closed.
        const attempt = http.request(
          { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers, agent: retried ? false : agent },
          (answer) => {
            answered = true;
            const out = { ...answer.headers };
            for (const h of HOP_BY_HOP) delete out[h];
            res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
            answer.pipe(res);
            answer.once('end', () => resolve());
            answer.once('error', () => (res.destroy(), resolve()));
          },
        );
        upstream = attempt;
        // A request that hears nothing from Next for this long is given up (media streams keep sending, so they live on).
        attempt.setTimeout(UPSTREAM_IDLE_MS, () => attempt.destroy(new Error('upstream idle timeout')));
        attempt.once('error', (err: NodeJS.ErrnoException) => {
          // Next closes an idle keep-alive socket while a request is already on its way to it (more often under load):
          // the request never reached Next, or reached it and got nothing back, so a bodiless GET or HEAD is safe to
          // send once more. Anything with a body might have been acted on: that one gets its 502.
          if (!clientGone && !answered && !retried && replayable && (err.code === 'ECONNRESET' || err.code === 'EPIPE')) {
            send(true);
            return;
          }
          // Destroyed because the client left ('socket hang up'): nothing went wrong.
          if (!clientGone && !res.destroyed) console.error('[serve] upstream error', req.method, req.url, err.message);
          if (!res.headersSent) {
            res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
            res.end('Bad Gateway');
          } else res.destroy();
          resolve();
        });
        if (replayable) attempt.end();
        else req.pipe(attempt);
      };
      // A client that goes away stops the upstream request too.
      res.once('close', () => {
        if (!res.writableFinished) {
          clientGone = true;
          upstream.destroy();
        }
        resolve();
      });
      if (replayable) req.resume(); // nothing to read, but the request must still be consumed to end
      send(false);
    });
}

/**
 * Refuses with 400 a request whose path has a malformed percent-escape (`/movie/%E0%A4%A`) or decodes to a control
 * character (`%00`): `next start` answered the first with a 500 (its own decoding of a dynamic segment throws) and
 * wrote the second into its cache's file names. The API's rule for every string input (lib/contracts/text.ts), applied
 * before the cache or Next see the request. Answers true when refused.
 */
export function refuseMalformedPath(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const pathname = (req.url ?? '/').split('?')[0];
  let decoded: string | null;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = null;
  }
  if (decoded !== null && !hasControlChar(decoded)) return false;
  res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(decoded === null ? 'Bad Request: malformed percent-encoding in the path\n' : 'Bad Request: a control character in the path\n');
  return true;
}

type PageCache = ReturnType<typeof createPageCache>;

/**
 * Packaged media (`/media/…`) straight from media storage (MEDIA_DIR or the media bucket), the way nginx in front of
 * an app serves its static folder: the same serveMediaFile as the app's route (app/media), without a hop through Next. A cold episode page asks
 * for its manifest, first segments and poster at once; through Next each took a few ms of its CPU and, on a busy
 * machine, a hundred or more ms to answer, holding the browser's six connections while the player's engine and licence
 * waited for one. Answers true when `req` was such a request.
 */
export function serveMedia(req: http.IncomingMessage, res: http.ServerResponse, media: ObjectStorage): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url?.startsWith('/media/')) return false;
  const pathname = req.url.split('?')[0];
  void (async () => {
    let segments: string[];
    try {
      segments = pathname.slice('/media/'.length).split('/').map(decodeURIComponent);
    } catch {
      segments = []; // malformed escapes: not found
    }
    const headers = new Headers();
    for (const name of ['range', 'if-none-match']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    const answer = await serveMediaFile(new Request(`http://media.invalid${pathname}`, { method: req.method, headers }), segments, media);
    res.writeHead(answer.status, { ...Object.fromEntries(answer.headers), 'x-content-type-options': 'nosniff' });
    if (!answer.body) return void res.end();
    const body = Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream);
    res.once('close', () => body.destroy());
    body.pipe(res);
  })().catch((err: unknown) => {
    console.error('[serve] media', pathname, err);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end();
  });
  return true;
}

/**
 * The public server: requests with a body it will not pass on are refused; then the page cache's purge endpoint, the
 * media, a malformed path refused (refuseMalformedPath), the cache (when there is one), and the proxy to Next on
 * `upstreamPort`. Tests run it in front of a fake upstream.
 */
export function createFrontServer(opts: {
  upstreamPort: number;
  cache: PageCache | null;
  purgeToken: string;
  media: ObjectStorage;
  trustedProxyHops?: number;
}): http.Server {
  const { cache, purgeToken, media } = opts;
  const proxy = createProxy(opts.upstreamPort, opts.trustedProxyHops);
  const server = http.createServer((req, res) => {
    if (refuseUnframedBody(req, res)) return;
    if (cache && handlePurgeRequest(req, res, purgeToken, (p) => cache.purge(p))) return;
    // Media decode their own path (a malformed one is not found there).
    if (serveMedia(req, res, media)) return;
    if (refuseMalformedPath(req, res)) return;
    void (cache ? cache.handle(req, res, proxy) : proxy(req, res));
  });
  server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout
  return server;
}

async function main() {
  const { values: opts } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.PORT ?? '3000' },
      hostname: { type: 'string' },
      'inner-port': { type: 'string' },
    },
  });
  const port = Number(opts.port);
  const innerPort = Number(opts['inner-port'] ?? port + 1);
  const pageCacheMb = serverEnv().PAGE_CACHE_MB;
  const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  // The app purges pages it changed (lib/server/cache.ts) through this loopback endpoint of ours.
  const purgeToken = randomBytes(24).toString('base64url');
  const next = startChild(process.execPath, [nextBin, 'start', '-p', String(innerPort), '-H', '127.0.0.1'], {
    cwd: root,
    env: pageCacheMb > 0 ? { ...process.env, PAGE_CACHE_PURGE_URL: `http://127.0.0.1:${port}${PURGE_PATH}`, PAGE_CACHE_PURGE_TOKEN: purgeToken } : process.env,
  });
  const stop = (code: number) => {
    stopChild(next);
    process.exit(code);
  };
  next.once('exit', (code) => {
    console.error(`[serve] next start stopped (exit ${code})`);
    process.exit(code ?? 1);
  });
  process.on('SIGTERM', () => stop(143));
  process.on('SIGINT', () => stop(130));
  process.on('exit', () => stopChild(next)); // also when we crash
  await waitFor(() => httpOk(`http://127.0.0.1:${innerPort}/api/health`), 120_000, 'next start');

  const cache = pageCacheMb > 0 ? createPageCache({ maxBytes: pageCacheMb * 1024 * 1024 }) : null;
  const server = createFrontServer({ upstreamPort: innerPort, cache, purgeToken, media: mediaStorage() });
  server.once('error', (err) => {
    console.error(`[serve] cannot listen on ${port}:`, err.message);
    stop(1);
  });
  server.listen(port, opts.hostname, () => {
    console.log(`[serve] http://${opts.hostname ?? 'localhost'}:${port} → next start on ${innerPort} (page cache: ${cache ? `${pageCacheMb} MB` : 'off'})`);
  });
}

// Run as a script (`node --import tsx scripts/serve.ts`), not when a test imports createFrontServer.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
