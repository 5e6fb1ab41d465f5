/** Every in-app URL is built here (spec §2 route table); no component assembles a path by hand. */

/** "Mga Lihim ng Gabi" → "Mga-Lihim-ng-Gabi": spaces become dashes, URL-unsafe characters are encoded. */
export function dashed(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((part) => encodeURIComponent(part))
    .join('-');
}

/** The id is the text after the last dash (ids never contain dashes). */
export function idFromSlug(slug: string): string {
  const decoded = safeDecode(slug);
  const i = decoded.lastIndexOf('-');
  return i === -1 ? decoded : decoded.slice(i + 1);
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export type TitleRef = { _id: string; name: string };

export const homeHref = () => '/';
/** Builds `path?k=v…`, leaving out empty values and page 1. */
function withQuery(path: string, params: Record<string, string | number | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '' || (k === 'page' && Number(v) <= 1)) continue;
    q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export type GenreFilters = { genre?: string | null; tag?: string | null; page?: number };
/** Genre browse; filters live in the query: `genre` (a genre slug), `tag` (a tag label), `page`. */
export const genresHref = (filters: GenreFilters = {}) =>
  withQuery('/movie-genres/All-movies', { genre: filters.genre, tag: filters.tag, page: filters.page });
export const seriesHref = (page?: number) => withQuery('/series', { page });
export const artistHref = () => '/artist';
/** `returnTo`: a site path (e.g. the locked episode) that the return page offers after paying. */
export const subscriptionHref = (returnTo?: string) => withQuery('/subscription', { returnTo });
export const aboutHref = () => '/about';
export const dashboardHref = () => '/dashboard';
export const walletHref = () => '/wallet';
/** One receipt as a page of its own, to print or save as PDF (issue 22); the viewer's own only, loaded on the client. */
export const receiptHref = (paymentId: string) => `/wallet/receipts/${encodeURIComponent(paymentId)}`;
/** The studio (issue 13): editors and admins only; the server checks the role on every call. */
export const studioHref = (section?: 'titles' | 'banners' | 'insights' | 'prices' | 'users' | 'audit' | 'payments') => (section ? `/studio/${section}` : '/studio');
export const studioTitleHref = (titleId: string | 'new') => `/studio/titles/${titleId}`;
/** One payment of the studio's Payments page: its history and the actions on a flagged one. */
export const studioPaymentHref = (paymentId: string) => `/studio/payments/${paymentId}`;
/** A title's insights (or all titles' without an id) for the date range in `query` (from=…&to=…). */
export const studioInsightsHref = (query: string, titleId?: string) => `/studio/insights${titleId ? `/${titleId}` : ''}${query ? `?${query}` : ''}`;
export const fandomHref = () => '/fandom';
/** The policies as pages of their own (for linking); the footer and the sign-up form open the same texts as modals. */
export const termsHref = () => '/terms';
export const privacyHref = () => '/privacy';
/** How to add the site to a phone's Home Screen as an app (issue 22); the store buttons' target until the apps exist. */
export const installHref = () => '/install';
export const libraryHref = (tab?: 'history') => (tab ? `/dashboard/library?tab=${tab}` : '/dashboard/library');
export const searchHref = (keyword: string) => `/search?keyword=${encodeURIComponent(keyword.trim())}`;
export const tagHref = (tag: string) => `/tag/${encodeURIComponent(tag)}`;
export const movieHref = (t: TitleRef) => `/movie/${dashed(t.name)}-${t._id}`;
export const fullEpisodesHref = (t: TitleRef) => `/full-episodes/${dashed(t.name)}-${t._id}`;
/** episodeNumber 0 is the trailer. */
export const episodeHref = (t: TitleRef, episodeNumber: number) =>
  `/episodes/episode-${episodeNumber}-${dashed(t.name)}-${t._id}`;

/** Parses "episode-{n}-{name-dashed}-{id}". */
export function parseEpisodeSlug(slug: string): { episodeNumber: number | null; id: string } {
  const decoded = safeDecode(slug);
  const m = /^episode-(\d*)-(.*)$/.exec(decoded);
  const id = idFromSlug(decoded);
  if (!m) return { episodeNumber: null, id };
  return { episodeNumber: m[1] === '' ? null : Number(m[1]), id };
}

/** The title an episode address names ("episode-{n}-{name-dashed}-{id}"), for a way back to it; null when it names none. */
export function titleRefFromEpisodeSlug(slug: string): TitleRef | null {
  const m = /^episode-\d*-(.+)-([^-]+)$/.exec(safeDecode(slug));
  return m ? { _id: m[2], name: m[1] } : null;
}

/** Our return page after a payment gateway's checkout (it polls check-payment for `requestId`). */
export const paymentReturnHref = (requestId: string) => `/payment/return?requestId=${encodeURIComponent(requestId)}`;
/** The sandbox gateway's hosted checkout page (app/pay/[checkoutId]); */
export const sandboxCheckoutHref = (checkoutId: string) => `/pay/${encodeURIComponent(checkoutId)}`;

/** Parses against a stand-in origin when the caller has none: only whether the value stays on it matters. */
const PARSE_ORIGIN = 'https://kilig.invalid';

/**
 * The one check of a `returnTo` (a page to offer after paying), on the server and in the browser: the value is parsed
 * with `new URL` against our origin, as the browser would follow it, and accepted only when it stays there. Answers
 * the normalised path (`/episodes/…?…#…`), or null. A prefix test is not enough: the URL parser drops tabs and
 * newlines and reads `\` as `/`, so `/\t/evil.example` and `/\evil.example` are `//evil.example`, another site.
 */
export function safeReturnPath(value: unknown, origin: string = PARSE_ORIGIN): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 2000) return null;
  let url: URL;
  let base: URL;
  try {
    base = new URL(origin);
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `/.//evil.example` resolves to the path `//evil.example`, which a link would read as another host.
  return /^\/(?![/\\])/.test(path) ? path : null;
}

/**
 * An absolute http(s) URL on `origin`, or null: for redirects that must not leave the site (never `javascript:`,
 * `data:` or another host).
 */
export function sameOriginUrl(value: unknown, origin: string): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === new URL(origin).origin ? url.toString() : null;
  } catch {
    return null;
  }
}
