import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { publicEnv, serverEnv } from './lib/env';
import { buildPageStart } from './player/engine/page-start-build';
import { buildCacheHandler } from './lib/server/next-cache/bundle';
import { LOCALE_REDIRECTS, LOCALE_REWRITES } from './i18n/rewrites';

// Validate the whole environment at build and start: a bad value fails fast with a readable message.
const env = serverEnv();

// The episode page's inline player start, bundled from the player's own modules (player/engine/page-start.ts) each
// time this file is read (every `next build`, `next dev` and server start): never older than its sources.
buildPageStart(process.cwd());

// With REDIS_URL, Next's ISR and data cache is shared by every instance through Redis (lib/server/next-cache/, decision
// 0012): a page revalidated on one instance is re-rendered on the others at their next request. Without it, Next's own
// file-system cache, as before. Read at every start, so it follows the REDIS_URL the instance runs with.
const cacheHandler = env.REDIS_URL ? buildCacheHandler(process.cwd()) : undefined;

/** The origin of an absolute http(s) URL; null for a site path ('/media') or an empty value, which 'self' covers. */
function originOf(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

const list = (...sources: (string | null | false | undefined)[]) => [...new Set(sources.filter((s): s is string => Boolean(s)))].join(' ');

/**
 * The Content-Security-Policy of every response, built from the configured origins (evaluated by `next build`, like the
 * NEXT_PUBLIC_ values the browser code is built with).
 *
 * Why 'unsafe-inline' scripts and no nonce: pages are prerendered (ISR) and served from a shared page cache
 * (scripts/serve.ts, a CDN), so one HTML document goes to every visitor; a per-request nonce would make every page
 * dynamic. Hashes do not fit either: Next writes each page's RSC payload as inline `self.__next_f.push(…)` scripts
 * whose text differs per page and per build. 'strict-dynamic' is left out on purpose: without a nonce or hash on
 * Next's own `<script src>` tags it would block them (it disables 'self' and host lists). So this policy does not stop
 * an injected inline script; what it does: scripts come only from this origin (and Google's identity scripts), data
 * can only be sent to the origins below (no exfiltration elsewhere), no plugins, no <base> hijack, forms post only
 * here, and no other site may frame us (clickjacking).
 */
function contentSecurityPolicy(): string {
  const pub = publicEnv;
  const dev = serverEnv().NODE_ENV === 'development';
  const https = pub.NEXT_PUBLIC_SITE_URL.startsWith('https:');
  const emulator = originOf(pub.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL);
  const media = originOf(pub.NEXT_PUBLIC_MEDIA_BASE_URL); // a CDN in production, this origin's /media locally
  const licences = [pub.NEXT_PUBLIC_DRM_WIDEVINE_URL, pub.NEXT_PUBLIC_DRM_PLAYREADY_URL, pub.NEXT_PUBLIC_DRM_FAIRPLAY_URL].map(originOf);
  const oneTap = Boolean(pub.NEXT_PUBLIC_GOOGLE_CLIENT_ID); // Google Identity Services, loaded only with a client id
  // Firebase Auth: every call goes to the emulator when one is configured, otherwise to Google's endpoints; the
  // popup/redirect resolver frames the auth domain (the emulator in emulator mode) through gapi from apis.google.com.
  const firebaseCalls = emulator ? [emulator] : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
  const authFrame = emulator ?? originOf(`https://${pub.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN}`);

  const directives: Record<string, string> = {
    'default-src': "'self'",
    // 'unsafe-eval' only for `next dev` (React's dev build evaluates code); never in a build.
    'script-src': list("'self'", "'unsafe-inline'", dev && "'unsafe-eval'", 'https://apis.google.com', oneTap && 'https://accounts.google.com/gsi/client'),
    // React `style` attributes and the toaster's runtime <style> need inline styles.
    'style-src': list("'self'", "'unsafe-inline'", oneTap && 'https://accounts.google.com/gsi/style'),
    // Google account photos are shown as avatars.
    'img-src': list("'self'", 'data:', 'blob:', media, 'https://*.googleusercontent.com'),
    'font-src': list("'self'", 'data:'),
    // Shaka plays through MediaSource (blob: URLs); Safari's native HLS loads the media origin directly; Shaka's
    // subtitle <track> elements start with a `data:,WEBVTT` placeholder.
    'media-src': list("'self'", 'blob:', 'data:', media),
    // Shaka fetches manifests, segments and licences (a prefetched licence reaches it as a data: URI, which sends
    // nothing anywhere); Firebase Auth and one-tap call their APIs.
    'connect-src': list("'self'", 'data:', media, ...licences, ...firebaseCalls, oneTap && 'https://accounts.google.com/gsi/'),
    // 'self': the emulator's sign-in relay frame (lib/identity/emulator-google.ts).
    'frame-src': list("'self'", authFrame, oneTap && 'https://accounts.google.com/gsi/'),
    'worker-src': list("'self'", 'blob:'),
    'manifest-src': "'self'",
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
    'frame-ancestors': "'none'",
  };
  const policy = Object.entries(directives).map(([name, value]) => `${name} ${value}`);
  if (https) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

/**
 * Headers for every response. HSTS only when the public site is https: `next start` sets NODE_ENV=production for the
 * local http demo too, and HSTS sent from http://localhost would pin localhost to https in the visitor's browser.
 */
function securityHeaders(): { key: string; value: string }[] {
  const headers = [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy() },
    // The CSP's frame-ancestors, for browsers that only know the older header.
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    {
      // Only features Chromium knows: an unknown one ('bluetooth', 'interest-cohort') is logged on every page.
      key: 'Permissions-Policy',
      value: [
        'camera=()',
        'microphone=()',
        'geolocation=()',
        'payment=()',
        'usb=()',
        'serial=()',
        'hid=()',
        'midi=()',
        'magnetometer=()',
        'gyroscope=()',
        'accelerometer=()',
        'display-capture=()',
        'idle-detection=()',
        'browsing-topics=()',
        'encrypted-media=(self)',
        'autoplay=(self)',
        'fullscreen=(self)',
        'picture-in-picture=(self)',
      ].join(', '),
    },
  ];
  if (publicEnv.NEXT_PUBLIC_SITE_URL.startsWith('https:')) {
    headers.push({ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' });
  }
  return headers;
}

/**
 * URL spellings served by another route folder. The spec spells the coin plan calls two ways
 * (`POST api/client/coinPlan/process{Gateway}Payment`, `GET api/client/coinplan/fetchCoinplanByUser`); two folders
 * that differ only by case cannot be checked out on macOS or Windows, so all three live in app/api/client/coinplan/
 * and the camel-case spelling is rewritten there (same handler, same `processPayment` param, query string kept).
 * Only the spec's `process…Payment` paths are rewritten, so `coinPlan/fetchCoinplanByUser` stays a 404 as before.
 * Next matches rewrite sources case-insensitively, so the rule also matches the lower-case spelling, onto itself.
 */
export const ROUTE_REWRITES: { source: string; destination: string }[] = [
  { source: '/api/client/coinPlan/:processPayment(process[A-Za-z]+Payment)', destination: '/api/client/coinplan/:processPayment' },
];

const nextConfig: NextConfig = {
  reactStrictMode: true,
  distDir: env.NEXT_DIST_DIR,
  ...(cacheHandler ? { cacheHandler } : {}),
  poweredByHeader: false,
  serverExternalPackages: ['pg', 'firebase-admin', 'sharp', '@tus/server', '@tus/file-store'],
  typedRoutes: false,
  images: { unoptimized: true },
  async rewrites() {
    // Both after the files and before the dynamic routes (every page is one, under app/[locale]).
    return { beforeFiles: [], afterFiles: [...ROUTE_REWRITES, ...LOCALE_REWRITES], fallback: [] };
  },
  async redirects() {
    return LOCALE_REDIRECTS;
  },
  // Search results are the same for every viewer (per-viewer flags arrive after hydration): shared caches — the page
  // cache of scripts/serve.ts, a CDN — may keep a query's page for a minute, as long as the server's own memo.
  async headers() {
    const security = securityHeaders();
    const csp = security.find((h) => h.key === 'Content-Security-Policy')!.value;
    return [
      { source: '/:path*', headers: security },
      // The emulator's sign-in relay (emulator mode only; 404 otherwise) is framed by our own pages. Later entries
      // override earlier ones for the same header.
      {
        source: '/auth-emulator/relay',
        headers: [
          { key: 'Content-Security-Policy', value: csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'") },
          { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
        ],
      },
      { source: '/search', headers: [{ key: 'Cache-Control', value: 'public, s-maxage=60' }] },
      // The client router's own requests (RSC payloads, segment prefetches) keep their cache in the router. Stored in
      // Chromium's HTTP cache with ISR's stale-while-revalidate, a second visit's segment prefetches never complete
      // and hold the browser's connections (vercel/next.js#96801): the browser must not keep them.
      { source: '/:path*', has: [{ type: 'header', key: 'rsc' }], headers: [{ key: 'Cache-Control', value: 'private, no-store' }] },
    ];
  },
};

// next-intl finds each request's locale and messages in i18n/request.ts. Every messages/<locale>/<namespace>.json is
// compiled at build time (icu-minify, through next-intl's catalog loader), and messages are formatted by use-intl's
// format-only, which takes the compiled form: the browser gets no ICU parser (intl-messageformat, 9.1 kB gzip of every
// page's first load). The plugin points `use-intl/format-message` at format-only; i18n/format-message.ts wraps it to
// write whole numbers without Intl, so the alias is set again after the plugin's. messages/precompiled.test.ts checks
// that every message says the same both ways.
const config = createNextIntlPlugin({
  requestConfig: './i18n/request.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: ['en', 'fil'], precompile: true } },
})(nextConfig);
config.turbopack = { ...config.turbopack, resolveAlias: { ...config.turbopack?.resolveAlias, 'use-intl/format-message': './i18n/format-message.ts' } };
export default config;
