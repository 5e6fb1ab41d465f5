import type { NextConfig } from 'next';
import { serverEnv } from './lib/env';

// Validate the whole environment at build and start: a bad value fails fast with a readable message.
const env = serverEnv();

const nextConfig: NextConfig = {
  reactStrictMode: true,
  distDir: env.NEXT_DIST_DIR,
  poweredByHeader: false,
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'firebase-admin'],
  typedRoutes: false,
  images: { unoptimized: true },
};

export default nextConfig;
