import { routing } from './routing';

/**
 * How a URL reaches its language (i18n/routing.ts) without middleware: a Filipino page's URL already names its route
 * (`/fil/movie/x` is app/[locale]/movie/[slug] with locale 'fil'); an English page's URL is rewritten inside the server
 * to the 'en' route (`/movie/x` → `/en/movie/x`), and `/en/…` redirects to the spec's spelling. Config rewrites run
 * before the dynamic routes (every page is one, under [locale]) and after the files (public/, app/robots.ts,
 * app/sitemap.ts), and they stay inside the server whatever the hostname (a middleware rewrite is proxied over HTTP
 * when `next start -H 127.0.0.1`, vercel/next.js#94745, and loops). Nothing reads Accept-Language or a cookie.
 */

/** First segments that are not pages in a language: the API, Next's files, media, the studio (English only), the
 * sandbox gateway's page, the emulator's relay, the page cache's purge endpoint, and the languages themselves. */
export const NOT_LOCALIZED = ['api', '_next', '_kilig', 'media', 'studio', 'pay', 'auth-emulator', ...routing.locales];

const others = NOT_LOCALIZED.join('|');

export const LOCALE_REWRITES = [
  { source: '/', destination: `/${routing.defaultLocale}` },
  // The player's engine files (app/episodes/player-assets) live beside the episode pages' path.
  { source: `/:path((?!(?:${others})(?:/|$)|episodes/player-assets/).+)`, destination: `/${routing.defaultLocale}/:path` },
];

export const LOCALE_REDIRECTS = [
  { source: `/${routing.defaultLocale}`, destination: '/', permanent: true },
  { source: `/${routing.defaultLocale}/:path*`, destination: '/:path*', permanent: true },
];
