import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';

/**
 * Where next.config.ts points `cacheHandler`, under the project root in the folder of generated files that git and the
 * linter ignore. Not inside the dist dir: `next build` empties that after reading the config.
 */
export const CACHE_HANDLER_FILE = path.join('.next-generated', 'next-cache-handler.mjs');

/**
 * Bundles redis-cache-handler.ts and our modules it imports into one ES module that Node can load by itself: Next
 * loads `cacheHandler` with a plain import() in `next start`, outside its bundles and without a TypeScript loader.
 * Packages stay imports (resolved from the project's node_modules, the same `next` and `redis` the server uses);
 * `server-only` is left out, as Next's server bundles resolve it. Run from next.config.ts each time it is read, like
 * the player's page start: never older than its sources. Written atomically, since builds and servers read it.
 */
export function buildCacheHandler(root: string): string {
  const file = path.join(root, CACHE_HANDLER_FILE);
  const result = buildSync({
    entryPoints: [path.join(root, 'lib', 'server', 'next-cache', 'redis-cache-handler.ts')],
    tsconfig: path.join(root, 'tsconfig.json'),
    bundle: true,
    packages: 'external',
    alias: { 'server-only': './lib/server/next-cache/no-op.ts' },
    absWorkingDir: root,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, result.outputFiles[0].text);
  renameSync(partial, file);
  return file;
}
