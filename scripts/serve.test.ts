import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createPageCache } from '../lib/server/http/page-cache';
import { createFrontServer } from './serve';
import { localStorage } from '../lib/server/storage';

/**
 * The public server of scripts/serve.ts in front of a fake "Next" that records every request it parses, spoken to
 * over raw TCP so the tests control the framing byte by byte. A request smuggled past the proxy shows up upstream as
 * a request nobody sent (or as a parse error there).
 */

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(
    () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  );
  return (server.address() as AddressInfo).port;
}

/** A media folder for the front server (MEDIA_DIR): one packaged video's manifest. */
const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'kilig-serve-media-'));
mkdirSync(path.join(mediaDir, 'abc123'));
const MANIFEST = '<MPD>' + 'x'.repeat(1000) + '</MPD>';
writeFileSync(path.join(mediaDir, 'abc123', 'manifest.mpd'), MANIFEST);
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

async function stack(trustedProxyHops = 1) {
  const seen: Seen[] = [];
  const upstreamErrors: string[] = [];
  const upstream = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('latin1') });
      // Shareable HTML, as Next's ISR pages answer: the page cache keeps what it may.
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 's-maxage=60' });
      res.end(req.method === 'HEAD' ? undefined : `ok ${req.method} ${req.url}`);
    });
  });
  upstream.on('clientError', (err, socket) => {
    upstreamErrors.push(err.message);
    socket.destroy();
  });
  const upstreamPort = await listen(upstream);
  const cache = createPageCache();
  closers.push(async () => void cache.close());
  const port = await listen(createFrontServer({ upstreamPort, cache, purgeToken: 'token', media: localStorage(mediaDir), trustedProxyHops }));
  return { port, seen, upstreamErrors };
}

/**
 * Writes `data` on one connection and reads until the server closes it (the last request of a test says
 * `Connection: close`, or the server refuses one) or stays quiet for `quietMs`. Then waits a little more, so whatever
 * the proxy forwarded has reached the upstream.
 */
async function exchange(port: number, data: string, quietMs = 1500): Promise<{ text: string; closedByServer: boolean }> {
  const result = await new Promise<{ text: string; closedByServer: boolean }>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let timer: NodeJS.Timeout;
    const quiet = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        socket.destroy();
        resolve({ text, closedByServer: false });
      }, quietMs);
    };
    socket.on('data', (d: Buffer) => {
      text += d.toString('latin1');
      quiet();
    });
    socket.on('end', () => {
      clearTimeout(timer);
      resolve({ text, closedByServer: true });
    });
    socket.on('error', () => undefined);
    socket.write(data, quiet);
  });
  await new Promise((r) => setTimeout(r, 150));
  return result;
}

const statuses = (text: string) => [...text.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1]));

/** A complete request, hidden as the body of another. */
const SMUGGLED = 'GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n';
const chunk = (s: string) => `${Buffer.byteLength(s).toString(16)}\r\n${s}\r\n`;

describe('scripts/serve.ts front server: request framing', () => {
  it('refuses a GET with a chunked body with 400, and nothing reaches the upstream', async () => {
    const { port, seen, upstreamErrors } = await stack();
    const { text, closedByServer } = await exchange(port, `GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${chunk(SMUGGLED)}0\r\n\r\n`);
    expect(seen).toEqual([]);
    expect(upstreamErrors).toEqual([]);
    expect(statuses(text)).toEqual([400]);
    expect(closedByServer).toBe(true);
  });

  it('refuses a GET or HEAD with a Content-Length body or any Transfer-Encoding with 400', async () => {
    const { port, seen } = await stack();
    const requests = [
      `GET / HTTP/1.1\r\nHost: x\r\nContent-Length: ${SMUGGLED.length}\r\n\r\n${SMUGGLED}`,
      `HEAD / HTTP/1.1\r\nHost: x\r\nContent-Length: ${SMUGGLED.length}\r\n\r\n${SMUGGLED}`,
      `HEAD / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
      // Only chunked framing is valid on a request; anything else is a 400 of Node's parser already.
      `GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: identity\r\n\r\n`,
      // Lower-case, padded, or a page the cache holds: refused all the same.
      `GET / HTTP/1.1\r\nHost: x\r\ntransfer-encoding:  Chunked \r\n\r\n0\r\n\r\n`,
    ];
    for (const request of requests) {
      const { text } = await exchange(port, request);
      expect(statuses(text), request).toEqual([400]);
    }
    expect(seen).toEqual([]);
  });

  it('passes a GET with Content-Length: 0 (some clients send it)', async () => {
    const { port, seen } = await stack();
    const { text } = await exchange(port, 'GET /a HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    expect(statuses(text)).toEqual([200]);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /a']);
  });

  it('answers Content-Length together with Transfer-Encoding with 400, forwarding nothing', async () => {
    const { port, seen, upstreamErrors } = await stack();
    for (const method of ['POST', 'GET']) {
      const body = `${chunk(SMUGGLED)}0\r\n\r\n`;
      const { text, closedByServer } = await exchange(port, `${method} / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n${body}`);
      expect(statuses(text), method).toEqual([400]);
      expect(closedByServer).toBe(true);
    }
    expect(seen).toEqual([]);
    expect(upstreamErrors).toEqual([]);
  });

  it('forwards pipelined requests one for one, answered in order', async () => {
    const { port, seen } = await stack();
    const { text } = await exchange(port, 'GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\nHEAD /c HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(statuses(text)).toEqual([200, 200, 200]);
    expect(text.indexOf('ok GET /a')).toBeLessThan(text.indexOf('ok GET /b'));
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /a', 'GET /b', 'HEAD /c']);
  });

  it('stops at a refused request in a pipeline: what follows it on the connection is never forwarded', async () => {
    const { port, seen } = await stack();
    const { text } = await exchange(
      port,
      `GET /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${chunk(SMUGGLED)}0\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(seen).toEqual([]);
    expect(statuses(text)).toEqual([400]);
  });

  it('forwards a chunked body of any other method as that request’s body, re-framed', async () => {
    const { port, seen, upstreamErrors } = await stack();
    // Node sends no chunked framing of its own for DELETE and OPTIONS: the proxy must ask for it.
    const answers: number[][] = [];
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      const { text } = await exchange(port, `${method} /api/x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunk(SMUGGLED)}${chunk('tail')}0\r\n\r\n`);
      answers.push(statuses(text));
    }
    expect(seen.map((s) => `${s.method} ${s.url} ${JSON.stringify(s.body)}`)).toEqual(
      ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].map((m) => `${m} /api/x ${JSON.stringify(SMUGGLED + 'tail')}`),
    );
    expect(upstreamErrors).toEqual([]);
    expect(answers).toEqual([[200], [200], [200], [200], [200]]);
  });

  it('forwards a Content-Length body exactly, then the next pipelined request', async () => {
    const { port, seen } = await stack();
    const { text } = await exchange(port, `POST /api/x HTTP/1.1\r\nHost: x\r\nContent-Length: ${SMUGGLED.length}\r\n\r\n${SMUGGLED}GET /b HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(statuses(text)).toEqual([200, 200]);
    expect(seen.map((s) => `${s.method} ${s.url} ${JSON.stringify(s.body)}`)).toEqual([`POST /api/x ${JSON.stringify(SMUGGLED)}`, 'GET /b ""']);
  });
});

describe('scripts/serve.ts front server: malformed paths (issue 20 item 8)', () => {
  it('answers 400 for a malformed percent-escape or a control character in the path, before the cache or Next; a good path goes on', async () => {
    const { port, seen } = await stack();
    for (const path of ['/movie/%E0%A4%A', '/full-episodes/%E0%A4%A', '/episodes/%E0%A4%A', '/tag/%E0%A4%A', '/api/client/x/%ZZ', '/movie/a%00b-0123456789abcdef01234567', '/tag/a%07b']) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      expect(res.status, path).toBe(400);
      expect(await res.text()).toMatch(/^Bad Request: /);
    }
    expect(seen).toEqual([]);
    const ok = await fetch(`http://127.0.0.1:${port}/tag/Rev%20enge?x=%00`);
    expect(ok.status).toBe(200);
    expect(seen.map((r) => r.url)).toEqual(['/tag/Rev%20enge?x=%00']);
  });
});

describe('scripts/serve.ts front server: other framings', () => {
  it('refuses a body with a transfer coding other than plain chunked, which Next would not read the same way', async () => {
    const { port, seen } = await stack();
    const { text } = await exchange(port, `POST /api/x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n${chunk('abc')}0\r\n\r\n`);
    expect(seen).toEqual([]);
    expect(statuses(text)).toEqual([400]);
  });

  it('refuses a GET with a body before the page cache answers it', async () => {
    const { port, seen } = await stack();
    const page = 'GET / HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\n';
    await exchange(port, `${page}Connection: close\r\n\r\n`);
    const hit = await exchange(port, `${page}Connection: close\r\n\r\n`);
    expect(hit.text).toMatch(/^x-cache: HIT/im);
    const { text } = await exchange(port, `${page}Transfer-Encoding: chunked\r\n\r\n${chunk(SMUGGLED)}0\r\n\r\n`);
    expect(statuses(text)).toEqual([400]);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /']);
  });
});

describe('scripts/serve.ts front server: forwarded headers', () => {
  it('appends the peer address to X-Forwarded-For, replacing nothing', async () => {
    const { port, seen } = await stack();
    await exchange(port, 'GET /a HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await exchange(port, 'GET /b HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 203.0.113.9, 10.0.0.1\r\nX-Forwarded-For: 198.51.100.7\r\nConnection: close\r\n\r\n');
    expect(seen.map((s) => s.headers['x-forwarded-for'])).toEqual(['127.0.0.1', '203.0.113.9, 10.0.0.1, 198.51.100.7, 127.0.0.1']);
  });

  it('as the only trusted proxy, replaces the client’s X-Forwarded-Host and -Proto; behind another, keeps that one’s', async () => {
    const request = 'GET /a HTTP/1.1\r\nHost: kilig.ph\r\nX-Forwarded-Host: evil.example\r\nX-Forwarded-Proto: https\r\nConnection: close\r\n\r\n';
    const alone = await stack(1);
    await exchange(alone.port, request);
    expect([alone.seen[0].headers['x-forwarded-host'], alone.seen[0].headers['x-forwarded-proto']]).toEqual(['kilig.ph', 'http']);
    const behind = await stack(2);
    await exchange(behind.port, request);
    expect([behind.seen[0].headers['x-forwarded-host'], behind.seen[0].headers['x-forwarded-proto']]).toEqual(['evil.example', 'https']);
  });
});

describe('scripts/serve.ts front server: upstream connections that reset', () => {
  /**
   * A fake "Next" that destroys the socket of the requests `drop` picks, before answering anything: what a keep-alive
   * connection closed by Next at the moment a request arrives on it looks like from the proxy.
   */
  async function resettingStack(drop: (req: http.IncomingMessage, n: number) => boolean) {
    const seen: string[] = [];
    const sockets = new Set<net.Socket>();
    let n = 0;
    const upstream = http.createServer((req, res) => {
      sockets.add(req.socket);
      n += 1;
      seen.push(`${req.method} ${req.url} #${sockets.size}`);
      if (drop(req, n)) {
        req.socket.destroy();
        return;
      }
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(req.method === 'HEAD' ? undefined : `ok ${req.method} ${req.url}`);
      });
    });
    const upstreamPort = await listen(upstream);
    const port = await listen(createFrontServer({ upstreamPort, cache: null, purgeToken: 'token', media: localStorage(mediaDir) }));
    return { port, seen };
  }

  it('sends a GET or HEAD once more on a new connection when the first one resets before any answer', async () => {
    const { port, seen } = await resettingStack((_req, n) => n === 1 || n === 3);
    const get = await exchange(port, 'GET /a HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(statuses(get.text)).toEqual([200]);
    expect(get.text).toContain('ok GET /a');
    const head = await exchange(port, 'HEAD /b HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(statuses(head.text)).toEqual([200]);
    // Each retry came on a connection of its own.
    expect(seen).toEqual(['GET /a #1', 'GET /a #2', 'HEAD /b #3', 'HEAD /b #4']);
  });

  it('retries a GET whose reused keep-alive connection Next dropped', async () => {
    // The second request goes out on the first one's pooled socket, which Next then closes.
    const { port, seen } = await resettingStack((_req, n) => n === 2);
    const first = await exchange(port, 'GET /a HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    const second = await exchange(port, 'GET /b HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect([statuses(first.text), statuses(second.text)]).toEqual([[200], [200]]);
    expect(seen).toEqual(['GET /a #1', 'GET /b #1', 'GET /b #2']);
  });

  it('retries once only: a GET whose second connection resets too gets its 502', async () => {
    const { port, seen } = await resettingStack(() => true);
    const { text } = await exchange(port, 'GET /a HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(statuses(text)).toEqual([502]);
    expect(seen).toEqual(['GET /a #1', 'GET /a #2']);
  });

  it('never sends a request with a body twice: a POST or DELETE that resets gets its 502', async () => {
    const { port, seen } = await resettingStack(() => true);
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const { text } = await exchange(port, `${method} /api/x HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`);
      expect(statuses(text), method).toEqual([502]);
    }
    expect(seen).toEqual(['POST /api/x #1', 'PUT /api/x #2', 'DELETE /api/x #3']);
  });
});

describe('scripts/serve.ts front server: media', () => {
  it('answers /media/ from the media folder itself (ranges, 304, 404), never asking Next; other methods go to Next', async () => {
    const { port, seen } = await stack();
    const base = `http://127.0.0.1:${port}`;
    const whole = await fetch(`${base}/media/abc123/manifest.mpd?v=1`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('application/dash+xml');
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await whole.text()).toBe(MANIFEST);
    const part = await fetch(`${base}/media/abc123/manifest.mpd`, { headers: { range: 'bytes=0-4' } });
    expect([part.status, part.headers.get('content-range'), await part.text()]).toEqual([206, `bytes 0-4/${MANIFEST.length}`, '<MPD>']);
    const again = await fetch(`${base}/media/abc123/manifest.mpd`, { headers: { 'if-none-match': whole.headers.get('etag')! } });
    expect(again.status).toBe(304);
    const head = await fetch(`${base}/media/abc123/manifest.mpd`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(MANIFEST.length)]);
    // The studio builds packages in MEDIA_DIR/.staging: never served.
    mkdirSync(path.join(mediaDir, '.staging', 'abc123'), { recursive: true });
    writeFileSync(path.join(mediaDir, '.staging', 'abc123', 'manifest.mpd'), MANIFEST);
    for (const missing of ['/media/abc123/none.m4s', '/media/abc123/%E0%A4%A', '/media/', '/media/.staging/abc123/manifest.mpd']) {
      expect((await fetch(base + missing)).status, missing).toBe(404);
    }
    // Sent as written (fetch would resolve the dots): nothing outside the folder.
    for (const escape of ['/media/%2e%2e/serve.test.ts', '/media/../abc123/manifest.mpd', '/media/abc123/..%2f..%2fserve.test.ts']) {
      const { text } = await exchange(port, `GET ${escape} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(statuses(text), escape).toEqual([404]);
    }
    expect(seen).toEqual([]);
    await fetch(`${base}/media/abc123/manifest.mpd`, { method: 'POST', body: 'x' });
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /media/abc123/manifest.mpd']);
  });
});
