import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { routing } from './i18n/routing';

const intl = createMiddleware(routing);

/** A last segment like `robots.txt` or `icon-192.png` is a file; a title's slug (`Mr.-Right-12`) is not. */
const FILE = /\/[^/]*\.[A-Za-z0-9]+$/;

/**
 * The site's languages (i18n/routing.ts): `/movie/x` is rendered as app/[locale] with 'en', `/fil/movie/x` with
 * 'fil', `/en/movie/x` redirects to `/movie/x`. No detection, no cookie: the same URL is the same page for everyone.
 */
export default function proxy(request: NextRequest) {
  if (FILE.test(request.nextUrl.pathname)) return NextResponse.next();
  return intl(request);
}

export const config = {
  // Not the API, Next's files, media, the studio (English only), the sandbox gateway's pages, the emulator relay, the
  // player's engine files or the page cache's purge endpoint.
  matcher: '/((?!api/|api$|_next/|_kilig/|media/|studio/|studio$|pay/|auth-emulator/|episodes/player-assets/).*)',
};
