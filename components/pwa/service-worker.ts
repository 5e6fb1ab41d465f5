/**
 * The service worker of the installable app (issue 22), served as `/sw.js` by app/sw.js/route.ts with this build's
 * id and the offline page in both languages written in.
 *
 * What it keeps (Cache Storage, one cache pair per build, older builds' caches deleted on activation):
 *   - the app shell: the offline page, answered for a page the network cannot bring (`/fil…` gets the Filipino one);
 *   - static assets, cache-first: Next's content-hashed files (`/_next/static/**`: chunks, CSS, fonts) and our icons.
 * What it never touches: anything but GET, other origins (media CDN, licence servers, Google), `/api/**`, `/media/**`
 * (manifests, segments, posters), DRM keys and licences, the page cache's and the emulator's paths. Pages themselves
 * are never stored: they go to the network (with navigation preload, so the worker's start-up does not delay them)
 * and only a network failure shows the offline page. Where Chromium offers static routing (`addRoutes`), media and API
 * requests skip the worker entirely, so the player's segments never wait on it.
 *
 * The worker is a string (not a bundled module): the route answers it as is, and the unit test runs the same text
 * against a fake worker scope.
 */

export type OfflineDocuments = { en: string; fil: string };

/** Cache names all start with this; the worker deletes every other build's. */
export const CACHE_PREFIX = 'kilig-';

/** The shell cache's keys for the offline page (not URLs the server answers: only the worker serves them). */
export const OFFLINE_KEYS = { en: '/offline.html', fil: '/fil/offline.html' } as const;

/** Icons cached at install: the manifest's and the favicon. */
export const PRECACHED_ICONS = ['/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-192.png', '/icons/maskable-512.png'];

export function serviceWorkerScript(opts: { version: string; offline: OfflineDocuments }): string {
  const config = { version: opts.version, prefix: CACHE_PREFIX, offline: opts.offline, offlineKeys: OFFLINE_KEYS, icons: PRECACHED_ICONS };
  return `/* ${opts.version.replace(/\*\//g, '')} */\n'use strict';\nconst CONFIG = ${JSON.stringify(config)};\n${WORKER}`;
}

/** The worker's code; CONFIG is defined above it. Plain JavaScript, no template literals (this is one). */
const WORKER = String.raw`
const STATIC_CACHE = CONFIG.prefix + 'static-' + CONFIG.version;
const SHELL_CACHE = CONFIG.prefix + 'shell-' + CONFIG.version;

/** Paths the worker never stores or answers, whatever else matches. */
const NEVER = /^\/(api|media|_kilig|auth-emulator|pay)(\/|$)|\/(drm|licen[cs]e|hls-key|keys?)(\/|$)/i;

/** Same-origin paths kept cache-first: Next's hashed files (chunks, CSS, fonts) and the icons. */
function isStaticAsset(path) {
  if (NEVER.test(path) || path.indexOf('..') !== -1) return false;
  return path.indexOf('/_next/static/') === 0 || path.indexOf('/icons/') === 0 || path === '/favicon.svg';
}

/** The offline page's language: the Filipino pages live under /fil. */
function offlineLocale(path) {
  return path === '/fil' || path.indexOf('/fil/') === 0 ? 'fil' : 'en';
}

function offlineResponse(locale) {
  return new Response(CONFIG.offline[locale], {
    status: 503,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    },
  });
}

self.addEventListener('install', function (event) {
  // Media and API requests bypass the worker where the browser can route them itself (Chromium's static routing).
  if (typeof event.addRoutes === 'function') {
    try {
      event.addRoutes([
        { condition: { urlPattern: '/media/*' }, source: 'network' },
        { condition: { urlPattern: '/api/*' }, source: 'network' },
      ]).catch(function () {});
    } catch (e) {
      // Older routing syntax: the fetch handler below ignores these paths anyway.
    }
  }
  event.waitUntil(
    Promise.all([
      caches.open(SHELL_CACHE).then(function (cache) {
        return Promise.all(['en', 'fil'].map(function (locale) {
          return cache.put(CONFIG.offlineKeys[locale], offlineResponse(locale));
        }));
      }),
      caches.open(STATIC_CACHE).then(function (cache) {
        return cache.addAll(CONFIG.icons).catch(function () {});
      }),
    ]).then(function () {
      return self.skipWaiting();
    })
  );
});

self.addEventListener('activate', function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf(CONFIG.prefix) === 0 && name !== STATIC_CACHE && name !== SHELL_CACHE;
      }).map(function (name) {
        return caches.delete(name);
      }));
    }).then(function () {
      if (self.registration.navigationPreload) return self.registration.navigationPreload.enable().catch(function () {});
    }).then(function () {
      return self.clients.claim();
    })
  );
});

function page(event, path) {
  return Promise.resolve(event.preloadResponse).then(function (preloaded) {
    return preloaded || fetch(event.request);
  }).catch(function () {
    const locale = offlineLocale(path);
    return caches.open(SHELL_CACHE).then(function (cache) {
      return cache.match(CONFIG.offlineKeys[locale]);
    }).then(function (kept) {
      return kept || offlineResponse(locale);
    });
  });
}

function staticAsset(request) {
  return caches.open(STATIC_CACHE).then(function (cache) {
    return cache.match(request).then(function (kept) {
      if (kept) return kept;
      return fetch(request).then(function (response) {
        if (response.ok && response.type === 'basic' && !request.headers.has('range')) cache.put(request, response.clone()).catch(function () {});
        return response;
      });
    });
  });
}

self.addEventListener('fetch', function (event) {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(event, url.pathname));
    return;
  }
  if (isStaticAsset(url.pathname)) event.respondWith(staticAsset(request));
});
`;
