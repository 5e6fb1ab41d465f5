import { describe, expect, it, vi } from 'vitest';
import { OFFLINE_KEYS, PRECACHED_ICONS, serviceWorkerScript } from './service-worker';

/**
 * The worker's own text, run against a stand-in of a service worker's scope: Cache Storage in memory, a network that
 * answers or fails, and the install / activate / fetch events the browser would send.
 */

const ORIGIN = 'https://kilig.test';

class MemoryCache {
  entries = new Map<string, Response>();
  async match(request: Request | string) {
    const hit = this.entries.get(keyOf(request));
    return hit?.clone();
  }
  async put(request: Request | string, response: Response) {
    this.entries.set(keyOf(request), response);
  }
  async addAll(urls: string[]) {
    for (const url of urls) this.entries.set(keyOf(url), new Response('icon'));
  }
}
const keyOf = (request: Request | string) => new URL(typeof request === 'string' ? request : request.url, ORIGIN).href;

function boot(version = 'build-2') {
  const stores = new Map<string, MemoryCache>();
  const caches = {
    open: async (name: string) => stores.get(name) ?? stores.set(name, new MemoryCache()).get(name)!,
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  };
  const network = { online: true, calls: [] as string[] };
  const fetchFn = vi.fn(async (request: Request) => {
    network.calls.push(request.url);
    if (!network.online) throw new TypeError('Failed to fetch');
    return Object.defineProperty(new Response(`network ${new URL(request.url).pathname}`, { status: 200 }), 'type', { value: 'basic' });
  });
  const listeners = new Map<string, (event: unknown) => void>();
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn),
    skipWaiting: vi.fn(async () => {}),
    clients: { claim: vi.fn(async () => {}) },
    registration: { navigationPreload: { enable: vi.fn(async () => {}) } },
  };
  const script = serviceWorkerScript({ version, offline: { en: '<html lang="en">offline</html>', fil: '<html lang="fil">offline</html>' } });
  new Function('self', 'caches', 'fetch', script)(self, caches, fetchFn);

  /** Sends an event with waitUntil/respondWith and resolves once the worker's work is done. */
  async function dispatch(type: string, extra: object = {}) {
    const waits: Promise<unknown>[] = [];
    let responded: Promise<Response> | undefined;
    const event = { ...extra, waitUntil: (p: Promise<unknown>) => waits.push(p), respondWith: (p: Promise<Response>) => (responded = p) };
    listeners.get(type)!(event);
    await Promise.all(waits);
    return responded ? await responded : undefined;
  }
  const request = (path: string, { mode, ...init }: Omit<RequestInit, 'mode'> & { mode?: string } = {}) => {
    const req = new Request(new URL(path, ORIGIN), init);
    // Node's Request cannot be built with mode 'navigate'.
    if (mode) Object.defineProperty(req, 'mode', { value: mode });
    return req;
  };
  const get = (path: string, init: Omit<RequestInit, 'mode'> & { mode?: string } = {}) => dispatch('fetch', { request: request(path, init), preloadResponse: Promise.resolve(undefined) });
  const cachedUrls = () => [...stores.values()].flatMap((c) => [...c.entries.keys()].map((k) => new URL(k).pathname));
  return { self, stores, caches, network, fetchFn, dispatch, get, cachedUrls };
}

describe('service worker', () => {
  it('install keeps the offline page in both languages and the icons, in caches named after the build', async () => {
    const sw = boot('abc123');
    await sw.dispatch('install');
    expect([...sw.stores.keys()].sort()).toEqual(['kilig-shell-abc123', 'kilig-static-abc123']);
    const shell = sw.stores.get('kilig-shell-abc123')!;
    expect(await (await shell.match(OFFLINE_KEYS.en))!.text()).toContain('lang="en"');
    expect(await (await shell.match(OFFLINE_KEYS.fil))!.text()).toContain('lang="fil"');
    expect(sw.cachedUrls()).toEqual(expect.arrayContaining(PRECACHED_ICONS));
    expect(sw.self.skipWaiting).toHaveBeenCalled();
  });

  it('activate deletes other builds\' caches (and only ours), turns on navigation preload and takes the open pages', async () => {
    const sw = boot('build-2');
    for (const name of ['kilig-static-build-1', 'kilig-shell-build-1', 'someone-else']) await sw.caches.open(name);
    await sw.dispatch('install');
    await sw.dispatch('activate');
    expect([...sw.stores.keys()].sort()).toEqual(['kilig-shell-build-2', 'kilig-static-build-2', 'someone-else']);
    expect(sw.self.registration.navigationPreload.enable).toHaveBeenCalled();
    expect(sw.self.clients.claim).toHaveBeenCalled();
  });

  it('keeps Next\'s hashed files cache-first: the second request never reaches the network', async () => {
    const sw = boot();
    await sw.dispatch('install');
    const first = await sw.get('/_next/static/chunks/app-3f2a.js');
    expect(await first!.text()).toBe('network /_next/static/chunks/app-3f2a.js');
    const second = await sw.get('/_next/static/chunks/app-3f2a.js');
    expect(await second!.text()).toBe('network /_next/static/chunks/app-3f2a.js');
    expect(sw.network.calls.filter((u) => u.endsWith('app-3f2a.js'))).toHaveLength(1);
    sw.network.online = false;
    expect(await (await sw.get('/_next/static/chunks/app-3f2a.js'))!.text()).toContain('app-3f2a.js');
  });

  it('never answers or stores media, API calls, keys and licences, other origins or writes', async () => {
    const sw = boot();
    await sw.dispatch('install');
    const before = sw.cachedUrls().length;
    for (const path of [
      '/media/abc/manifest.mpd',
      '/media/abc/720p/chunk-stream0-00001.m4s',
      '/media/abc/master.m3u8',
      '/media/images/0123456789abcdef/poster.webp',
      '/api/client/getHome',
      '/api/drm/clearkey',
      '/api/drm/hls-key/0123456789abcdef01234567',
      '/_kilig/page-cache/purge',
      'https://cdn.example.com/_next/static/chunks/x.js',
      'https://licence.example.com/widevine',
    ]) {
      expect(await sw.get(path), path).toBeUndefined();
      expect(await sw.get(path, { mode: 'navigate' }), `${path} (navigation)`).toBeUndefined();
    }
    expect(await sw.get('/_next/static/chunks/x.js', { method: 'POST', body: 'x' })).toBeUndefined();
    expect(sw.cachedUrls()).toHaveLength(before);
    expect(sw.cachedUrls().filter((p) => /^\/(media|api)\/|key|licen/.test(p))).toEqual([]);
  });

  it('pages come from the network and are never stored; offline, the offline page in the page\'s language', async () => {
    const sw = boot();
    await sw.dispatch('install');
    const online = await sw.get('/movie/Mga-Lihim-12', { mode: 'navigate' });
    expect(await online!.text()).toBe('network /movie/Mga-Lihim-12');
    expect(sw.cachedUrls()).not.toContain('/movie/Mga-Lihim-12');

    sw.network.online = false;
    const english = await sw.get('/dashboard', { mode: 'navigate' });
    expect(english!.status).toBe(503);
    expect(await english!.text()).toContain('lang="en"');
    expect(await (await sw.get('/fil/movie/Mga-Lihim-12', { mode: 'navigate' }))!.text()).toContain('lang="fil"');
    expect(await (await sw.get('/fil', { mode: 'navigate' }))!.text()).toContain('lang="fil"');
    expect(await (await sw.get('/filipino-dramas', { mode: 'navigate' }))!.text()).toContain('lang="en"');
  });

  it('uses the navigation preload answer when the browser has one', async () => {
    const sw = boot();
    await sw.dispatch('install');
    const preloaded = new Response('preloaded');
    const answer = await sw.dispatch('fetch', { request: Object.defineProperty(new Request(`${ORIGIN}/`), 'mode', { value: 'navigate' }), preloadResponse: Promise.resolve(preloaded) });
    expect(await answer!.text()).toBe('preloaded');
    expect(sw.network.calls).not.toContain(`${ORIGIN}/`);
  });
});
