import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { splitLocale } from '../../../i18n/paths';

/**
 * A shared-cache layer in front of the Next.js request handler, the way a CDN or an nginx micro-cache would sit in
 * front of it: a page whose response says a shared cache may keep it (`Cache-Control: s-maxage=N`, what Next sends
 * for ISR pages) is answered from memory for N seconds; when it expires, one request renders it again while the
 * others for the same page wait for that answer. Nothing else is stored: only the site's pages (PAGES) are candidates;
 * responses that are not HTML, are private, `no-store` or set a cookie, and requests with credentials, a Range or
 * Next's client-router headers always go to Next.
 *
 * Every page of this site renders the same HTML for every viewer (who the viewer is comes from the Bearer token
 * after hydration), which is what makes its ISR pages shareable at all.
 */

/**
 * Caches in this process, on globalThis (the app's code bundled by Next is a separate module instance). The server
 * of scripts/serve.ts runs its cache in front of a `next start` child, so the app reaches that one over loopback: the
 * server passes PAGE_CACHE_PURGE_URL and a random PAGE_CACHE_PURGE_TOKEN to the child's environment.
 */
type Registry = { __kiligPageCaches?: Set<{ purge(path: string): void }> };
const registry = () => ((globalThis as Registry).__kiligPageCaches ??= new Set());
export const PURGE_PATH = '/_kilig/page-cache/purge';

/**
 * Drops every cached copy of the page at `path` (any query string, any encoding) from the page caches of this
 * process and of the server in front of it. Resolves when they are gone, so the answer to a write never races a
 * reload of the page it changed.
 */
export async function purgeCachedPage(path: string): Promise<void> {
  for (const cache of registry()) cache.purge(path);
  const url = process.env.PAGE_CACHE_PURGE_URL;
  const token = process.env.PAGE_CACHE_PURGE_TOKEN;
  if (!url || !token) return;
  try {
    await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ path }),
      signal: AbortSignal.timeout(2000),
    });
  } catch {
    // The server in front is gone or busy: its copy expires with its s-maxage.
  }
}

/**
 * The purge endpoint of the server in front of Next: a loopback POST with the token and `{path}`. Answers and
 * returns true when `req` was one; false for every other request.
 */
export function handlePurgeRequest(req: IncomingMessage, res: ServerResponse, token: string, purge: (path: string) => void): boolean {
  if (req.url !== PURGE_PATH) return false;
  const loopback = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(req.socket.remoteAddress ?? '');
  if (req.method !== 'POST' || !loopback || req.headers.authorization !== `Bearer ${token}`) {
    res.writeHead(404).end();
    return true;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (c: Buffer) => {
    size += c.length;
    if (size <= 4096) chunks.push(c);
  });
  req.on('end', () => {
    try {
      const { path } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { path?: unknown };
      if (typeof path !== 'string' || !path.startsWith('/')) throw new Error('no path');
      purge(path);
      res.writeHead(204).end();
    } catch {
      res.writeHead(400).end();
    }
  });
  return true;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

export type PageCacheOptions = {
  /** Total body bytes kept; the least recently used pages go first. */
  maxBytes?: number;
  /** A single body larger than this is never kept. */
  maxEntryBytes?: number;
  now?: () => number;
};

type Entry = {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  storedAt: number;
  freshUntil: number;
};

/** Request headers after which a response is specific to the requester or to Next's client router. */
const BYPASS_REQUEST_HEADERS = ['authorization', 'cookie', 'rsc', 'next-action', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'range'];
/** The longest a request waits for another request's render of the same page before asking Next itself. */
const COALESCE_WAIT_MS = 2000;
/** Headers a cached copy must not repeat. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'age', 'x-cache']);

/**
 * Seconds a shared cache may keep a response, from its Cache-Control (`s-maxage`); null: not at all. For a
 * content-hashed file (`immutableFile`), a public, immutable `max-age` counts too: what Next sends for its own.
 */
export function sharedCacheLifetime(cacheControl: string | undefined, immutableFile = false): number | null {
  if (!cacheControl) return null;
  const directives = new Map<string, string | true>();
  for (const part of cacheControl.toLowerCase().split(',')) {
    const [name, value] = part.trim().split('=');
    if (name) directives.set(name, value === undefined ? true : value.replace(/"/g, ''));
  }
  if (directives.has('private') || directives.has('no-store') || directives.has('no-cache')) return null;
  const seconds = (name: string) => {
    const v = directives.get(name);
    const n = typeof v === 'string' ? Number.parseInt(v, 10) : NaN;
    return Number.isFinite(n) && n > 0 ? n : 0;
  };
  const fresh = seconds('s-maxage') || (immutableFile && directives.has('public') && directives.has('immutable') ? seconds('max-age') : 0);
  return fresh === 0 ? null : fresh;
}

/**
 * The site's pages (each page.tsx under app/[locale]/, in every language: '/fil/series' is '/series'; their hrefs are built in lib/routes.ts) and the query parameters each
 * one reads. Only these paths are cached: Next's files (`/_next/*`), media, the API, route handlers and anything else
 * go to Next, which serves them with their own caching. A parameter a page does not read is left out of the key, so
 * `/?x=random` is the `/` entry and random query strings cannot push real pages out. page-cache.test.ts checks this
 * list against app/: a new page is not cached until it is added here.
 */
const PAGES: readonly { path: RegExp; params: readonly string[] }[] = [
  { path: /^\/$/, params: [] },
  { path: /^\/search$/, params: ['keyword'] },
  { path: /^\/series$/, params: ['page'] },
  { path: /^\/movie-genres\/All-movies$/, params: ['genre', 'page', 'tag'] },
  { path: /^\/dashboard\/library$/, params: ['tab'] },
  // The gateway's return page: personal and never shared-cacheable, so a candidate that Next's headers turn away.
  { path: /^\/payment\/return$/, params: ['requestId'] },
  // An episode's page is one HTML for every address: `continue` is read in the browser (components/episode/EpisodeView.tsx).
  { path: /^\/(episodes|movie|full-episodes|tag)\/[^/]+$/, params: [] },
  { path: /^\/(about|artist|dashboard|fandom|install|movie-genres|privacy|series|subscription|terms|wallet)$/, params: [] },
];

/** A last segment like `main.js` or `seg-1.m4s` is a file. A title's slug ends in `-<id>`, so `Mr.-Right-12` is not. */
const FILE_EXTENSION = /\.[A-Za-z0-9]+$/;

/** `path?query` with only the page's own parameters, first value of each, sorted by name; null: not a page. */
export function pageUrl(url: string): string | null {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (FILE_EXTENSION.test(path)) return null;
  const [, specPath] = splitLocale(path); // '/fil/movie/x' is the Filipino spelling of the page '/movie/x'
  const page = PAGES.find((p) => p.path.test(specPath));
  if (!page) return null;
  if (q === -1 || page.params.length === 0) return path;
  const given = new URLSearchParams(url.slice(q + 1));
  const kept = new URLSearchParams();
  for (const name of [...page.params].sort()) {
    const value = given.get(name); // the first value, as the pages read it (lib/search-params.ts)
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Files kept besides pages: the app's code, content-hashed and immutable: Next's chunks and styles (`/_next/static/`)
 * and the player's engine (app/episodes/player-assets). Next compresses each again on every request (a chunk took ~7 ms
 * of server CPU; a cold episode page asks for fifteen at once, and its licence and first segments wait behind them);
 * kept as sent (gzip), they leave memory at once, as a CDN in front of a deployment serves them.
 */
const IMMUTABLE_FILES: readonly { path: RegExp; type: RegExp }[] = [
  { path: /^\/episodes\/player-assets\/[\w.-]+\.js$/, type: /^text\/javascript\b/i },
  { path: /^\/_next\/static\/[\w./-]+\.js$/, type: /^(application|text)\/javascript\b/i },
  { path: /^\/_next\/static\/[\w./-]+\.css$/, type: /^text\/css\b/i },
];
const immutableFile = (path: string) => IMMUTABLE_FILES.find((f) => f.path.test(path) && !path.includes('..')) ?? null;

/**
 * The cache key, or null when the request must go to Next: the page's URL and which encoding the client takes. Only
 * requests for a page (see PAGES) that the browser asks as HTML are candidates, and the app's immutable files.
 */
export function cacheKey(req: IncomingMessage): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  if (BYPASS_REQUEST_HEADERS.some((h) => req.headers[h] !== undefined)) return null;
  if (!req.url?.startsWith('/')) return null;
  const file = immutableFile(req.url.split('?')[0]) ? req.url.split('?')[0] : null;
  if (!file && !String(req.headers.accept ?? '').includes('text/html')) return null;
  const url = file ?? pageUrl(req.url);
  if (url === null) return null;
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bgzip\b/.test(accepts) ? 'gzip' : 'identity';
  return `${encoding} ${url}`;
}

export function createPageCache(opts: PageCacheOptions = {}) {
  const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
  const maxEntryBytes = opts.maxEntryBytes ?? 2 * 1024 * 1024;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>(); // insertion order = recency (re-inserted on use)
  const filling = new Map<string, Promise<unknown>>();
  let bytes = 0;
  const counts = { hits: 0, misses: 0, bypass: 0 };

  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    bytes -= e.body.length;
    entries.delete(key);
  };

  const store = (key: string, entry: Entry) => {
    drop(key);
    if (entry.body.length > maxEntryBytes) return;
    entries.set(key, entry);
    bytes += entry.body.length;
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  };

  const serve = (req: IncomingMessage, res: ServerResponse, entry: Entry) => {
    const etag = entry.headers.etag;
    if (etag && req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag, 'cache-control': entry.headers['cache-control'] ?? '', vary: entry.headers.vary ?? '', 'x-cache': 'HIT' });
      res.end();
      return;
    }
    res.writeHead(entry.status, {
      ...entry.headers,
      age: String(Math.max(0, Math.floor((now() - entry.storedAt) / 1000))),
      'x-cache': 'HIT',
    });
    res.end(req.method === 'HEAD' ? undefined : entry.body);
  };

  /** Bytes copied from renders still in flight (stats().buffered). */
  let buffered = 0;

  /**
   * Seconds the answer with this head may be kept, or null: a 200 HTML page (an immutable file: of its own type) for a
   * GET, in the encoding the key stands for (the body is kept as sent: gzip or none), setting no cookie, no larger than
   * an entry may be, and shareable.
   */
  const lifetimeOf = (key: string, req: IncomingMessage, status: number, h: OutgoingHttpHeaders): number | null => {
    const encoding = String(h['content-encoding'] ?? 'identity');
    const encodingFits = encoding === 'identity' || (encoding === 'gzip' && key.startsWith('gzip '));
    const declared = Number(h['content-length'] ?? 0);
    const type = String(h['content-type'] ?? '');
    const file = immutableFile(key.slice(key.indexOf(' ') + 1));
    const typeFits = (file?.type ?? /^text\/html\b/i).test(type);
    if (status !== 200 || req.method !== 'GET' || !typeFits || !encodingFits || h['set-cookie'] !== undefined || declared > maxEntryBytes) return null;
    return sharedCacheLifetime(String(h['cache-control'] ?? ''), file !== null);
  };

  /**
   * Runs Next for this request while copying what it sends, and keeps the copy if the response allows it. Whether it
   * may is known from the head, so an answer that will not be kept is never copied; a body that outgrows an entry
   * while it streams stops being copied there and passes through untouched.
   */
  const fill = async (key: string, req: IncomingMessage, res: ServerResponse, next: Handler) => {
    const chunks: Buffer[] = [];
    let size = 0;
    /** The response head once sent, and how long the copy may be kept: null once it may not be (nothing is copied). */
    const head: { headers: OutgoingHttpHeaders | null; lifetime: number | null } = { headers: null, lifetime: null };
    const release = () => {
      buffered -= size;
      size = 0;
      chunks.length = 0;
    };
    const writeHead = res.writeHead;
    const write = res.write;
    const end = res.end;
    const snapshot = (status: number, extra?: unknown) => {
      if (head.headers) return;
      const h: OutgoingHttpHeaders = { ...res.getHeaders() };
      if (extra && typeof extra === 'object' && !Array.isArray(extra)) {
        for (const [name, value] of Object.entries(extra as OutgoingHttpHeaders)) h[name.toLowerCase()] = value;
      }
      head.headers = h;
      head.lifetime = lifetimeOf(key, req, status, h);
    };
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (head.lifetime === null || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      let copy: Buffer;
      if (typeof chunk === 'string') copy = Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
      else if (chunk instanceof Uint8Array) copy = Buffer.from(chunk); // a copy: a stream may reuse its buffer
      else return;
      if (size + copy.length > maxEntryBytes) {
        head.lifetime = null;
        release();
        return;
      }
      chunks.push(copy);
      size += copy.length;
      buffered += copy.length;
    };
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      snapshot(typeof args[0] === 'number' ? args[0] : this.statusCode, args.find((a, i) => i > 0 && typeof a === 'object'));
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse['writeHead'];
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      snapshot(this.statusCode);
      keep(chunk, rest[0]);
      return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse['write'];
    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      snapshot(this.statusCode);
      keep(chunk, rest[0]);
      return (end as (...a: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as ServerResponse['end'];

    const finished = new Promise<boolean>((resolve) => {
      res.once('finish', () => resolve(true));
      res.once('close', () => resolve(res.writableFinished));
    });
    try {
      await next(req, res);
      const complete = await finished;
      const { headers: h, lifetime: keepFor } = head;
      if (!complete || !h || keepFor === null || res.statusCode !== 200) {
        drop(key);
        return;
      }
      const kept: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(h)) if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
      const body = Buffer.concat(chunks);
      kept['content-length'] = String(body.length);
      const t = now();
      store(key, { status: 200, headers: kept, body, storedAt: t, freshUntil: t + keepFor * 1000 });
    } finally {
      release();
    }
  };

  const api = {
    async handle(req: IncomingMessage, res: ServerResponse, next: Handler): Promise<void> {
      const key = cacheKey(req);
      if (key === null) {
        counts.bypass += 1;
        return next(req, res);
      }
      const cached = () => {
        const entry = entries.get(key);
        if (!entry || now() >= entry.freshUntil) return null;
        entries.delete(key); // most recently used goes last
        entries.set(key, entry);
        return entry;
      };
      let entry = cached();
      if (!entry && filling.has(key)) {
        // The same page is being rendered for another request: wait for it rather than render it twice, but not for
        // long: a slow render must not hold up everyone else's.
        await Promise.race([filling.get(key), new Promise((r) => setTimeout(r, COALESCE_WAIT_MS))]);
        entry = cached();
      }
      if (entry) {
        counts.hits += 1;
        return serve(req, res, entry);
      }
      counts.misses += 1;
      if (filling.has(key)) return next(req, res);
      const job = fill(key, req, res, next);
      const settled = job.catch(() => undefined);
      filling.set(key, settled);
      try {
        await job;
      } finally {
        filling.delete(key);
      }
    },
    /** Drops the page at `path` (a decoded or an encoded path), whatever its query string and encoding. */
    purge(path: string) {
      for (const key of [...entries.keys()]) {
        const url = key.slice(key.indexOf(' ') + 1);
        const keyPath = url.split('?')[0];
        let decoded = keyPath;
        try {
          decoded = decodeURIComponent(keyPath);
        } catch {
          // keep it as it is
        }
        if (keyPath === path || decoded === path) drop(key);
      }
    },
    stats: () => ({ ...counts, entries: entries.size, bytes, buffered }),
    /** Stops this cache answering purges (a server that closes). */
    close: () => registry().delete(api),
  };
  registry().add(api);
  return api;
}
