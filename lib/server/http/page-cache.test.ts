import { readdirSync, readFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheKey, createPageCache, handlePurgeRequest, purgeCachedPage, PURGE_PATH, sharedCacheLifetime, type PageCacheOptions } from './page-cache';

/** A real HTTP server whose "app" answers by path, counting how often it was asked. */
type Route = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;
const servers: http.Server[] = [];
const caches: { close(): void }[] = [];

async function serve(routes: Record<string, Route>, opts: PageCacheOptions = {}) {
  const calls: Record<string, number> = {};
  const cache = createPageCache(opts);
  caches.push(cache);
  const app = async (req: IncomingMessage, res: ServerResponse) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    calls[path] = (calls[path] ?? 0) + 1;
    const route = routes[path];
    if (!route) {
      res.writeHead(404).end('not found');
      return;
    }
    await route(req, res);
  };
  const server = http.createServer((req, res) => {
    if (handlePurgeRequest(req, res, 'purge-token', (p) => cache.purge(p))) return;
    void cache.handle(req, res, app);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Browsers ask for HTML when they load a page; only such requests are cached.
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(base + path, { headers: { accept: 'text/html,*/*', ...headers } });
    return { status: res.status, headers: res.headers, body: await res.text() };
  };
  return { get, calls, cache, base };
}

afterEach(async () => {
  for (const c of caches.splice(0)) c.close();
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

const page =
  (html: string, cacheControl = 's-maxage=300, stale-while-revalidate=31535700', extra: Record<string, string> = {}): Route =>
  (_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('cache-control', cacheControl);
    res.setHeader('etag', '"v1"');
    for (const [k, v] of Object.entries(extra)) res.setHeader(k, v);
    // Written in two chunks, as a streamed render is.
    res.write(html.slice(0, 5));
    res.end(html.slice(5));
  };

describe('sharedCacheLifetime', () => {
  it('reads s-maxage, and refuses private, no-store, no-cache and responses without one', () => {
    expect(sharedCacheLifetime('s-maxage=300, stale-while-revalidate=31535700')).toBe(300);
    expect(sharedCacheLifetime('public, S-MAXAGE=60')).toBe(60);
    expect(sharedCacheLifetime('private, no-cache, no-store, max-age=0, must-revalidate')).toBeNull();
    expect(sharedCacheLifetime('public, max-age=31536000, immutable')).toBeNull();
    // A content-hashed file: Next's public, immutable max-age counts; not without either word.
    expect(sharedCacheLifetime('public, max-age=31536000, immutable', true)).toBe(31536000);
    expect(sharedCacheLifetime('max-age=31536000, immutable', true)).toBeNull();
    expect(sharedCacheLifetime('public, max-age=31536000', true)).toBeNull();
    expect(sharedCacheLifetime('private, max-age=31536000, immutable', true)).toBeNull();
    expect(sharedCacheLifetime('s-maxage=60, no-store')).toBeNull();
    expect(sharedCacheLifetime('s-maxage=0')).toBeNull();
    expect(sharedCacheLifetime(undefined)).toBeNull();
  });
});

describe('cacheKey', () => {
  const req = (headers: Record<string, string> = {}, method = 'GET', url = '/search?keyword=a') =>
    ({ method, url, headers: { accept: 'text/html', ...headers } }) as unknown as IncomingMessage;
  const keyOf = (url: string) => cacheKey(req({}, 'GET', url));
  it('keys by URL and accepted encoding; requests with credentials or router headers bypass', () => {
    expect(cacheKey(req({ accept: 'image/avif,image/webp,*/*' }))).toBeNull();
    expect(cacheKey(req())).toBe('identity /search?keyword=a');
    expect(cacheKey(req({ 'accept-encoding': 'gzip, deflate, br' }))).toBe('gzip /search?keyword=a');
    expect(cacheKey(req({}, 'HEAD'))).toBe('identity /search?keyword=a');
    expect(cacheKey(req({}, 'POST'))).toBeNull();
    for (const h of ['authorization', 'cookie', 'rsc', 'next-router-prefetch', 'next-router-state-tree', 'range']) {
      expect(cacheKey(req({ [h]: '1' })), h).toBeNull();
    }
  });

  it('keys only page routes (and the app’s immutable files): never Next’s other files, media, the API or a path with a file extension, whatever the Accept header', () => {
    for (const url of [
      '/_next/static/media/font.woff2',
      '/_next/static/chunks/../../secret.js',
      '/_next/data/build/index.json',
      '/_next/image?url=x',
      '/media/abc/video/720p/seg-1.m4s',
      '/media/abc/manifest.mpd',
      '/api/client/getHome',
      '/api/health',
      '/auth-emulator/handler?apiKey=x',
      '/episodes/player-assets/a/shaka.js',
      '/episodes/player-assets/notes.txt',
      '/robots.txt',
      '/sitemap.xml',
      '/favicon.ico',
      '/movie/a-1.js',
      '/movie/a-1/extra',
      '/no-such-page',
      '//search?keyword=a',
    ]) {
      expect(keyOf(url), url).toBeNull();
      expect(cacheKey(req({ accept: 'text/html,application/xhtml+xml,*/*' }, 'GET', url)), url).toBeNull();
    }
    // A title's name may hold a dot: its slug ends in "-<id>", which is no file extension.
    expect(keyOf('/movie/Mr.-Right-Now-12')).toBe('identity /movie/Mr.-Right-Now-12');
    expect(keyOf('/full-episodes/Vol.2-12')).toBe('identity /full-episodes/Vol.2-12');
    expect(keyOf('/')).toBe('identity /');
    expect(cacheKey(req({ accept: '*/*', 'accept-encoding': 'gzip, br' }, 'GET', '/episodes/player-assets/shaka-player.compiled.js'))).toBe(
      'gzip /episodes/player-assets/shaka-player.compiled.js',
    );
  });

  it('keeps only the query parameters the page reads, sorted, first value of each', () => {
    expect(keyOf('/?x=random')).toBe('identity /');
    expect(keyOf('/?')).toBe('identity /');
    expect(keyOf('/movie/a-1?utm_source=fb&fbclid=123')).toBe('identity /movie/a-1');
    expect(keyOf('/search?utm_source=x&keyword=tahan+na')).toBe('identity /search?keyword=tahan+na');
    expect(keyOf('/search?keyword=tahan%20na')).toBe('identity /search?keyword=tahan+na');
    expect(keyOf('/search?keyword=a&keyword=b')).toBe('identity /search?keyword=a');
    expect(keyOf('/search')).toBe('identity /search');
    expect(keyOf('/movie-genres/All-movies?tag=Drama&x=1&page=2&genre=romance')).toBe('identity /movie-genres/All-movies?genre=romance&page=2&tag=Drama');
    expect(keyOf('/series?page=3&sort=x')).toBe('identity /series?page=3');
    expect(keyOf('/episodes/episode-1-a-1?continue=1&x=2')).toBe('identity /episodes/episode-1-a-1');
  });

  it('knows every page of app/ and keeps each query parameter that page reads', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const pages = readdirSync(path.join(root, 'app'), { recursive: true, encoding: 'utf8' }).filter((f) => /(^|[\\/])page\.tsx$/.test(f));
    expect(pages.length).toBeGreaterThan(10);
    for (const file of pages) {
      const all = path.dirname(file).split(/[\\/]/).filter((s) => s !== '.' && !/^\(.*\)$/.test(s));
      if (all.includes('[...rest]')) continue; // any unknown path in a language: its 404 page
      const segments = all[0] === '[locale]' ? all.slice(1) : all;
      const url = '/' + segments.map((s) => (s.startsWith('[') ? 'x-1' : s)).join('/');
      const filipino = url === '/' ? '/fil' : `/fil${url}`;
      // The studio (issue 13) and a receipt (issue 22) are personal: never in the shared cache.
      if (segments[0] === 'studio' || url.startsWith('/wallet/receipts/')) {
        expect(keyOf(url), `app/${file} (${url})`).toBeNull();
        if (all[0] === '[locale]') expect(keyOf(filipino), `app/${file} in Filipino (${filipino})`).toBeNull();
        continue;
      }
      if (all[0] === '[locale]') expect(keyOf(filipino), `app/${file} in Filipino (${filipino})`).toBe(`identity ${filipino}`);
      expect(keyOf(url), `app/${file} (${url})`).toBe(`identity ${url}`);
      const source = readFileSync(path.join(root, 'app', file), 'utf8');
      if (!source.includes('searchParams')) continue;
      const destructured = [...source.matchAll(/\{([\w\s,:=]*)\}\s*=\s*await searchParams/g)].flatMap((m) => m[1].split(',').map((n) => n.trim().split(/[\s:=]/)[0]).filter(Boolean));
      const read = new Set([...[...source.matchAll(/\(await searchParams\)\.(\w+)|\bparams\.(\w+)/g)].map((m) => m[1] ?? m[2]), ...destructured]);
      expect(read.size, `app/${file}`).toBeGreaterThan(0);
      for (const name of read) expect(keyOf(`${url}?${name}=v&ignored=1`), `app/${file} reads ?${name}`).toBe(`identity ${url}?${name}=v`);
    }
  });
});

describe('createPageCache', () => {
  it('answers a shareable page from memory after the first render, with the same status, headers and body', async () => {
    const { get, calls } = await serve({ '/': page('<html>home</html>') });
    const first = await get('/');
    const second = await get('/');
    expect(calls['/']).toBe(1);
    expect(first.headers.get('x-cache')).toBeNull();
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.status).toBe(200);
    expect(second.body).toBe('<html>home</html>');
    expect(second.body).toBe(first.body);
    expect(second.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(second.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
    expect(second.headers.get('content-length')).toBe(String(Buffer.byteLength('<html>home</html>')));
  });

  it('never keeps private or no-store pages, errors, or pages that set a cookie', async () => {
    const { get, calls } = await serve({
      '/about': page('mine', 'private, no-cache, no-store, max-age=0, must-revalidate'),
      '/artist': page('with cookie', 's-maxage=60', { 'set-cookie': 'a=b' }),
      '/fandom': (_req, res) => {
        res.setHeader('cache-control', 's-maxage=60');
        res.writeHead(500).end('boom');
      },
    });
    for (const p of ['/about', '/artist', '/fandom']) {
      await get(p);
      const again = await get(p);
      expect(again.headers.get('x-cache'), p).toBeNull();
      expect(calls[p], p).toBe(2);
    }
  });

  it('lets requests with credentials or client-router headers through to the app', async () => {
    const { get, calls } = await serve({ '/': page('home') });
    await get('/');
    expect((await get('/', { authorization: 'Bearer t' })).headers.get('x-cache')).toBeNull();
    expect((await get('/', { rsc: '1' })).headers.get('x-cache')).toBeNull();
    expect(calls['/']).toBe(3);
  });

  it('keeps a page for s-maxage seconds, then asks the app again', async () => {
    let t = 1_000_000;
    const { get, calls } = await serve({ '/': page('home', 's-maxage=60') }, { now: () => t });
    await get('/');
    t += 59_000;
    expect((await get('/')).headers.get('age')).toBe('59');
    t += 2_000;
    expect((await get('/')).headers.get('x-cache')).toBeNull();
    expect(calls['/']).toBe(2);
  });

  it('a request waits at most 2 s for another request rendering the same page', async () => {
    let calls = 0;
    const { get } = await serve({
      '/movie/slow-1': async (req, res) => {
        calls += 1;
        if (calls === 1) await new Promise((r) => setTimeout(r, 4000));
        await page('slow')(req, res);
      },
    });
    const first = get('/movie/slow-1');
    await new Promise((r) => setTimeout(r, 50));
    const t0 = Date.now();
    const second = await get('/movie/slow-1');
    expect(second.body).toBe('slow');
    expect(Date.now() - t0).toBeLessThan(3500);
    await first;
  });

  it('renders a page once for concurrent first requests', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { get, calls } = await serve({
      '/': async (req, res) => {
        await gate;
        await page('home')(req, res);
      },
    });
    const all = Promise.all(Array.from({ length: 5 }, () => get('/')));
    await new Promise((r) => setTimeout(r, 50));
    release();
    const answers = await all;
    expect(calls['/']).toBe(1);
    expect(answers.every((a) => a.body === 'home' && a.status === 200)).toBe(true);
  });

  it('keeps a gzip copy for clients that take gzip and a plain one for those that do not', async () => {
    const { get, base, calls } = await serve({
      '/': (req, res) => {
        const gz = String(req.headers['accept-encoding'] ?? '').includes('gzip');
        res.setHeader('cache-control', 's-maxage=60');
        res.setHeader('content-type', 'text/html; charset=utf-8');
        if (gz) res.setHeader('content-encoding', 'gzip');
        res.end(gz ? gzipSync('home') : 'home');
      },
    });
    await get('/', { 'accept-encoding': 'identity' });
    const plain = await get('/', { 'accept-encoding': 'identity' });
    expect(plain.body).toBe('home');
    // fetch always asks for gzip and decodes it; read the raw bytes to see what is sent.
    const raw = () =>
      new Promise<{ encoding?: string; body: Buffer; cache?: string }>((resolve) =>
        http.get(`${base}/`, { headers: { 'accept-encoding': 'gzip', accept: 'text/html' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks), cache: res.headers['x-cache'] as string | undefined }));
        }),
      );
    await raw();
    const zipped = await raw();
    expect(zipped.cache).toBe('HIT');
    expect(zipped.encoding).toBe('gzip');
    expect(gunzipSync(zipped.body).toString()).toBe('home');
    expect(calls['/']).toBe(2);
  });

  it('answers a matching If-None-Match with 304', async () => {
    const { get } = await serve({ '/': page('home') });
    await get('/');
    const res = await get('/', { 'if-none-match': '"v1"' });
    expect(res.status).toBe(304);
    expect(res.body).toBe('');
  });

  it('forgets a page when the app purges its path, whatever the query string', async () => {
    const { get, calls } = await serve({ '/movie/Tahan-Na,-Mahal-1': page('movie'), '/series': page('other') });
    await get('/movie/Tahan-Na%2C-Mahal-1?x=1');
    await get('/series');
    await purgeCachedPage('/movie/Tahan-Na,-Mahal-1');
    expect((await get('/movie/Tahan-Na%2C-Mahal-1?x=1')).headers.get('x-cache')).toBeNull();
    expect((await get('/series')).headers.get('x-cache')).toBe('HIT');
    expect(calls['/movie/Tahan-Na,-Mahal-1']).toBe(2);
  });

  it('purges through the loopback endpoint of the server in front, only with its token', async () => {
    const { get, base } = await serve({ '/movie/a-1': page('movie') });
    await get('/movie/a-1');
    const post = (token: string, body: unknown) =>
      fetch(base + PURGE_PATH, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    expect((await post('wrong', { path: '/movie/a-1' })).status).toBe(404);
    expect((await get('/movie/a-1')).headers.get('x-cache')).toBe('HIT');
    expect((await post('purge-token', { nope: 1 })).status).toBe(400);
    expect((await post('purge-token', { path: '/movie/a-1' })).status).toBe(204);
    expect((await get('/movie/a-1')).headers.get('x-cache')).toBeNull();

    // What the app does: purgeCachedPage posts to the URL the server gave it.
    await get('/movie/a-1');
    Object.assign(process.env, { PAGE_CACHE_PURGE_URL: base + PURGE_PATH, PAGE_CACHE_PURGE_TOKEN: 'purge-token' });
    try {
      caches.forEach((c) => c.close()); // only the endpoint can reach it now
      await purgeCachedPage('/movie/a-1');
    } finally {
      delete process.env.PAGE_CACHE_PURGE_URL;
      delete process.env.PAGE_CACHE_PURGE_TOKEN;
    }
    expect((await get('/movie/a-1')).headers.get('x-cache')).toBeNull();
  });

  it('stays within its memory budget, dropping the least recently used page first', async () => {
    const body = 'x'.repeat(1000);
    const { get, cache } = await serve({ '/movie/a-1': page(body), '/movie/b-2': page(body), '/movie/c-3': page(body) }, { maxBytes: 2500 });
    await get('/movie/a-1');
    await get('/movie/b-2');
    await get('/movie/a-1'); // /a is now the most recently used
    await get('/movie/c-3'); // over budget: /b goes
    expect(cache.stats().bytes).toBeLessThanOrEqual(2500);
    expect((await get('/movie/a-1')).headers.get('x-cache')).toBe('HIT');
    expect((await get('/movie/b-2')).headers.get('x-cache')).toBeNull();
  });

  it('answers a query string the page ignores from the page’s entry; the parameters it reads make their own', async () => {
    const { get, calls } = await serve({ '/': page('home'), '/search': page('results') });
    await get('/');
    for (const junk of ['/?x=random', '/?utm_source=fb&fbclid=abc', '/?']) {
      expect((await get(junk)).headers.get('x-cache'), junk).toBe('HIT');
    }
    expect(calls['/']).toBe(1);
    await get('/search?keyword=a');
    expect((await get('/search?ref=x&keyword=a')).headers.get('x-cache')).toBe('HIT');
    expect((await get('/search?keyword=b')).headers.get('x-cache')).toBeNull();
    expect(calls['/search']).toBe(2);
  });

  it('never keeps Next’s other files, media, API answers or files, even shareable ones asked for as HTML', async () => {
    const paths = ['/_next/data/build/index.json', '/_next/static/chunks/main.js', '/media/a/720p/seg-1.m4s', '/api/client/getHome', '/sitemap.xml', '/movie/a-1.txt'];
    const { get, calls, cache } = await serve(Object.fromEntries(paths.map((p) => [p, page('shareable', 'public, s-maxage=300')])));
    for (const p of paths) {
      await get(p);
      expect((await get(p)).headers.get('x-cache'), p).toBeNull();
      expect(calls[p], p).toBe(2);
    }
    expect(cache.stats().entries).toBe(0);
  });

  it("keeps the player's engine file (JavaScript, any Accept) and nothing else of its folder", async () => {
    const engine = '/episodes/player-assets/shaka-0123456789abcdef.dash.js';
    const js = (_req: IncomingMessage, res: ServerResponse) => {
      res.setHeader('content-type', 'text/javascript; charset=utf-8');
      res.setHeader('cache-control', 'public, max-age=31536000, s-maxage=31536000, immutable');
      res.end('var shaka = {};');
    };
    const { base, calls, cache } = await serve({ [engine]: js, '/episodes/player-assets/notes.txt': js, '/episodes/player-assets/a/b.js': js });
    const fetchJs = (p: string) => fetch(base + p, { headers: { accept: '*/*' } });
    await fetchJs(engine);
    const again = await fetchJs(engine);
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(await again.text()).toBe('var shaka = {};');
    expect(calls[engine]).toBe(1);
    for (const p of ['/episodes/player-assets/notes.txt', '/episodes/player-assets/a/b.js']) {
      await fetchJs(p);
      expect((await fetchJs(p)).headers.get('x-cache'), p).toBeNull();
    }
    expect(cache.stats().entries).toBe(1);
  });

  it('keeps Next’s content-hashed chunks and styles as Next sends them (public, immutable max-age), and nothing that says otherwise', async () => {
    const file = (type: string, cacheControl: string, body: string) => (_req: IncomingMessage, res: ServerResponse) => {
      res.setHeader('content-type', type);
      res.setHeader('cache-control', cacheControl);
      res.end(body);
    };
    const immutable = 'public, max-age=31536000, immutable';
    const routes = {
      '/_next/static/chunks/0wtjefxa0d2ks.js': file('application/javascript; charset=UTF-8', immutable, 'self.a=1'),
      '/_next/static/chunks/3tr8wc1vfm-l_.css': file('text/css; charset=UTF-8', immutable, 'a{}'),
      '/_next/static/chunks/revalidated.js': file('application/javascript; charset=UTF-8', 'public, max-age=0', 'x'),
      '/_next/static/chunks/private.js': file('application/javascript; charset=UTF-8', 'private, max-age=31536000, immutable', 'x'),
      '/_next/static/chunks/not-css.css': file('text/html; charset=utf-8', immutable, '<p>'),
    };
    const { base, calls, cache } = await serve(routes);
    const fetchFile = (p: string) => fetch(base + p, { headers: { accept: '*/*' } });
    for (const [p, kept] of [
      ['/_next/static/chunks/0wtjefxa0d2ks.js', true],
      ['/_next/static/chunks/3tr8wc1vfm-l_.css', true],
      ['/_next/static/chunks/revalidated.js', false],
      ['/_next/static/chunks/private.js', false],
      ['/_next/static/chunks/not-css.css', false],
    ] as const) {
      await fetchFile(p);
      const again = await fetchFile(p);
      expect(again.headers.get('x-cache'), p).toBe(kept ? 'HIT' : null);
      expect(calls[p], p).toBe(kept ? 1 : 2);
    }
    expect(await (await fetchFile('/_next/static/chunks/3tr8wc1vfm-l_.css')).text()).toBe('a{}');
    expect(cache.stats().entries).toBe(2);
  });

  it('keeps only HTML answers of a page', async () => {
    const { get, calls } = await serve({ '/about': page('{"a":1}', 's-maxage=60', { 'content-type': 'application/json' }) });
    await get('/about');
    expect((await get('/about')).headers.get('x-cache')).toBeNull();
    expect(calls['/about']).toBe(2);
  });

  it('checks the size while the body streams: past the entry limit it stops copying, passes the rest through and keeps nothing', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const piece = 'y'.repeat(1000);
    const { get, calls, cache } = await serve(
      {
        '/movie/big-1': async (_req, res) => {
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.setHeader('cache-control', 's-maxage=300');
          for (let i = 0; i < 5; i++) res.write(piece);
          await gate;
          res.end('</html>');
        },
      },
      { maxEntryBytes: 2500 },
    );
    const first = get('/movie/big-1');
    await new Promise((r) => setTimeout(r, 200));
    // Five pieces were written; no more than the entry limit is held for the cache.
    const buffered = cache.stats().buffered;
    release();
    expect(buffered).toBeLessThanOrEqual(2500);
    expect((await first).body).toBe(piece.repeat(5) + '</html>');
    expect(cache.stats().buffered).toBe(0);
    const second = await get('/movie/big-1');
    expect(second.headers.get('x-cache')).toBeNull();
    expect(second.body.length).toBe(5007);
    expect(calls['/movie/big-1']).toBe(2);
    expect(cache.stats().entries).toBe(0);
  });

  it('copies nothing of an answer it will not keep', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { get, cache } = await serve({
      '/about': async (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'private, no-store' });
        res.write('x'.repeat(4000));
        await gate;
        res.end();
      },
      '/artist': async (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 's-maxage=60', 'content-length': '4000' });
        res.write('x'.repeat(2000));
        await gate;
        res.end('x'.repeat(2000));
      },
    }, { maxEntryBytes: 3000 });
    const pending = [get('/about'), get('/artist')];
    await new Promise((r) => setTimeout(r, 200));
    const buffered = cache.stats().buffered;
    release();
    expect(buffered).toBe(0);
    expect((await Promise.all(pending)).map((a) => a.body.length)).toEqual([4000, 4000]);
  });
});
