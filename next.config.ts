import type { NextConfig } from 'next';
import { serverEnv } from './lib/env';

// Validate the whole environment at build and start: a bad value fails fast with a readable message.
const env = serverEnv();

const nextConfig: NextConfig = {
  reactStrictMode: true,
  distDir: env.NEXT_DIST_DIR,
  poweredByHeader: false,
  serverExternalPackages: ['pg', 'firebase-admin'],
  typedRoutes: false,
  images: { unoptimized: true },
  // Search results are the same for every viewer (per-viewer flags arrive after hydration): shared caches — the page
  // cache of scripts/serve.ts, a CDN — may keep a query's page for a minute, as long as the server's own memo.
  async headers() {
    return [
      { source: '/search', headers: [{ key: 'Cache-Control', value: 'public, s-maxage=60' }] },
      // The client router's own requests (RSC payloads, segment prefetches) keep their cache in the router. Stored in
      // Chromium's HTTP cache with ISR's stale-while-revalidate, a second visit's segment prefetches never complete
      // and hold the browser's connections (vercel/next.js#96801): the browser must not keep them.
      { source: '/:path*', has: [{ type: 'header', key: 'rsc' }], headers: [{ key: 'Cache-Control', value: 'private, no-store' }] },
    ];
  },
};

export default nextConfig;
