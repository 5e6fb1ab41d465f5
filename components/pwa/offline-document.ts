import type { Locale } from '@/i18n/routing';
import { publicEnv } from '@/lib/public-env';
import { en, fil } from '@/messages';
import type { OfflineDocuments } from './service-worker';

/** The offline page's words (messages/<locale>/pwa.json, `offline`). */
export type OfflineMessages = { title: string; body: string; retry: string; home: string };

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The logo tile of components/layout/Logo.tsx, inline: the page may have nothing else to load. */
const MARK =
  '<svg width="56" height="56" viewBox="0 0 32 32" aria-hidden="true"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff5fa0"/><stop offset=".55" stop-color="#d41c68"/><stop offset="1" stop-color="#7a1050"/></linearGradient></defs><rect width="32" height="32" rx="9" fill="url(#g)"/><path d="M16 24.5s-7.2-4.3-8.6-8.7C6.4 12.7 8.2 9.5 11.3 9.5c1.9 0 3.4 1.1 4.7 3 1.3-1.9 2.8-3 4.7-3 3.1 0 4.9 3.2 3.9 6.3-1.4 4.4-8.6 8.7-8.6 8.7Z" fill="#fff" opacity=".95"/><path d="M23.5 5.2c.2 1.5.8 2.3 2.3 2.7-1.5.4-2.1 1.2-2.3 2.7-.2-1.5-.8-2.3-2.3-2.7 1.5-.4 2.1-1.2 2.3-2.7Z" fill="#fbe7b0"/></svg>';

/**
 * The app shell the service worker shows when a page cannot be fetched: one self-contained document (inline style,
 * the mark inline, no fonts or scripts to fetch), in the site's colours, that reloads by itself once the connection
 * is back. 'Try again' is a plain link to the same address, so it works without the script too.
 */
export function offlineDocument(locale: Locale, t: OfflineMessages, brand: string): string {
  const home = locale === 'fil' ? '/fil' : '/';
  return `<!doctype html>
<html lang="${locale}" class="dark">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#07060a">
<meta name="robots" content="noindex">
<title>${escape(t.title)} | ${escape(brand)}</title>
<style>
:root{color-scheme:dark}
*{box-sizing:border-box}
body{margin:0;min-height:100dvh;display:flex;align-items:center;justify-content:center;padding:24px;background:#07060a;color:#f6f2f8;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif}
main{max-width:26rem;text-align:center}
h1{margin:20px 0 8px;font-family:ui-serif,"Iowan Old Style","Palatino Linotype",Palatino,Georgia,serif;font-style:italic;font-size:1.75rem}
p{margin:0 0 24px;color:#b9afc2;line-height:1.5}
a{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:0 20px;margin:4px;border-radius:999px;font-weight:600;text-decoration:none}
.primary{background:#d41c68;color:#fff}
.secondary{border:1px solid rgba(255,255,255,.2);color:#f6f2f8}
a:focus-visible{outline:2px solid #ff97c0;outline-offset:2px}
</style>
</head>
<body>
<main data-testid="offline-page">
${MARK}
<h1>${escape(t.title)}</h1>
<p>${escape(t.body)}</p>
<a class="primary" href="">${escape(t.retry)}</a>
<a class="secondary" href="${home}">${escape(t.home)}</a>
</main>
<script>addEventListener('online',function(){location.reload()})</script>
</body>
</html>
`;
}

/** The offline page in both languages, from messages/<locale>/pwa.json. */
export function offlineDocuments(): OfflineDocuments {
  const brand = publicEnv.NEXT_PUBLIC_BRAND_NAME;
  return { en: offlineDocument('en', en.pwa.offline, brand), fil: offlineDocument('fil', fil.pwa.offline, brand) };
}
