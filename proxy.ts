import { NextResponse, type NextRequest } from 'next/server';
import { bootUrl, engineUrls } from '@/lib/server/playback/engine';
import { shakaFlavourFor } from '@/player/device';

/**
 * Episode pages announce the player's engine and its boot file (player/boot-script.ts) in the response's Link header:
 * the browser asks for them as soon as the headers arrive, ahead of the app's chunks that the HTML lists first, so
 * the player starts in parallel with the app. The page itself loads both as async scripts (a locked episode too: an
 * unlock plays at once), so neither preload goes unused. Page navigations only: not the RSC requests of client-side
 * navigations, which load the scripts themselves.
 */
export function proxy(request: NextRequest) {
  const response = NextResponse.next();
  if (request.method !== 'GET' || request.headers.has('rsc')) return response;
  const engine = engineUrls()[shakaFlavourFor(request.headers.get('user-agent') ?? '', 0, false)];
  response.headers.set('link', [engine, bootUrl()].map((href) => `<${href}>; rel=preload; as=script; fetchpriority=high`).join(', '));
  return response;
}

export const config = {
  // An episode page (/episodes/<slug>), not the engine files under /episodes/player-assets/.
  matcher: '/episodes/:slug((?!player-assets$)[^/]+)',
};
