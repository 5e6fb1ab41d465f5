import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serverEnv } from '@/lib/env';

let cached: string | undefined;

/**
 * The id of the running build (`<dist dir>/BUILD_ID`, written by `next build`; 'development' under `next dev`), for
 * what must change with every deployment: the service worker's cache names. 'unbuilt' where there is no build (tests).
 */
export function buildId(): string {
  if (cached !== undefined) return cached;
  try {
    cached = readFileSync(path.join(process.cwd(), serverEnv().NEXT_DIST_DIR, 'BUILD_ID'), 'utf8').trim() || 'unbuilt';
  } catch {
    cached = 'unbuilt';
  }
  return cached;
}
