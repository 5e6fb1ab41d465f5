import { NextResponse, type NextRequest } from 'next/server';
import { serverEnv } from '@/lib/env';
import { sameOriginUrl } from '@/lib/routes';
import { errorResponse } from '@/lib/server/http/handler';
import { AppError } from '@/lib/server/http/app-error';
import { requestOrigin } from '@/lib/server/payments/origin';

export const dynamic = 'force-dynamic';

/**
 * Emulator mode only: the Firebase Auth Emulator's own account chooser, served from our origin. The SDK's stock
 * popup needs Google's gapi script from the internet to carry the result back; served from here, the chooser hands
 * its result to our same-origin relay frame instead (see lib/identity/emulator-google.ts). 404 in production.
 */
export async function GET(req: NextRequest) {
  const host = serverEnv().FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) return NextResponse.json({ status: false, message: 'Not found', code: 'E_NOT_FOUND' }, { status: 404 });
  const upstream = new URL(`http://${host}/emulator/auth/handler`);
  for (const name of ['apiKey', 'appName', 'authType', 'providerId', 'eventId', 'redirectUrl', 'v']) {
    const value = req.nextUrl.searchParams.get(name);
    if (value !== null) upstream.searchParams.set(name, value.slice(0, 200));
  }
  // The chooser navigates to redirectUrl with the account's token in it: only a page of this site may receive it, never
  // `javascript:` (script on our origin) or another host (a token-stealing link that starts here).
  const redirectUrl = upstream.searchParams.get('redirectUrl');
  if (redirectUrl !== null && !sameOriginUrl(redirectUrl, requestOrigin(req))) {
    return errorResponse(new AppError('E_BAD_REQUEST', 'redirectUrl must be an http(s) address on this site.'));
  }
  const res = await fetch(upstream, { cache: 'no-store', signal: AbortSignal.timeout(5000) }).catch(() => null);
  if (!res?.ok) return NextResponse.json({ status: false, message: 'The sign-in emulator is not running.', code: 'E_INTERNAL' }, { status: 502 });
  const html = (await res.text())
    .replace(/<link[^>]+href="https:\/\/(unpkg\.com|fonts\.googleapis\.com)[^"]*"[^>]*>/g, '')
    .replace(/<script src="https:\/\/unpkg\.com[^"]*"><\/script>/g, '')
    .replace('<title>', '<link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>');
  return new NextResponse(html, {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex' },
  });
}
