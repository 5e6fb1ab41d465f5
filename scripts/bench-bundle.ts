/**
 * `npm run bench:bundle`: the First Load JS of each page from a production build's own manifests, no server needed
 * (Next 16 no longer prints sizes in its route table). First Load JS = the root main files (Next's runtime and React)
 * plus every entry chunk of the route's segments (layouts, page, error and not-found boundaries): exactly the
 * `<script src>` the page's HTML carries (bench:pages counts those from a running server), without the `nomodule`
 * polyfills. Each file gzipped at level 6, as servers send it. Chunks loaded on demand (dialogs, the player's engine,
 * lazily injected store slices) are not part of it.
 *
 *   npx tsx scripts/bench-bundle.ts                       the build in .next (NEXT_DIST_DIR)
 *   npx tsx scripts/bench-bundle.ts --dist A --dist B     two builds side by side (before / after), with the change
 *
 * Options: --route R (only this route, e.g. /episodes/[slug]; may repeat), --chunks (each chunk's size per route).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const { values: opts } = parseArgs({
  options: {
    dist: { type: 'string', multiple: true },
    route: { type: 'string', multiple: true },
    chunks: { type: 'boolean', default: false },
  },
});

/** The pages issue 12 scores first, then the rest in path order. */
const FIRST = ['/', '/movie/[slug]', '/search', '/episodes/[slug]'];

type Build = { dist: string; routes: Map<string, string[]> };

/** Route → its first-load files, read from each page's client reference manifest and the root main files. */
function readBuild(dist: string): Build {
  const rootMain = (JSON.parse(readFileSync(path.join(dist, 'build-manifest.json'), 'utf8')) as { rootMainFiles: string[] }).rootMainFiles;
  const routes = new Map<string, string[]>();
  const appDir = path.join(dist, 'server', 'app');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name === 'page_client-reference-manifest.js') {
        const sandbox: { self: Record<string, unknown>; globalThis?: unknown } = { self: {} };
        sandbox.globalThis = sandbox.self;
        runInNewContext(readFileSync(p, 'utf8'), sandbox);
        const manifests = (sandbox.self.__RSC_MANIFEST ?? {}) as Record<string, { entryJSFiles: Record<string, string[]> }>;
        for (const [key, manifest] of Object.entries(manifests)) {
          const route = key.replace(/\/page$/, '') || '/';
          if (route.startsWith('/_')) continue;
          const files = new Set(rootMain);
          for (const list of Object.values(manifest.entryJSFiles)) for (const f of list) files.add(f);
          routes.set(route, [...files]);
        }
      }
    }
  };
  walk(appDir);
  return { dist, routes };
}

const gzipCache = new Map<string, number>();
function gzipBytes(dist: string, file: string): number {
  const p = path.join(dist, file);
  let n = gzipCache.get(p);
  if (n === undefined) {
    n = gzipSync(readFileSync(p), { level: 6 }).length;
    gzipCache.set(p, n);
  }
  return n;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function main() {
  const dists = (opts.dist?.length ? opts.dist : [process.env.NEXT_DIST_DIR ?? '.next']).map((d) => path.resolve(root, d));
  for (const d of dists) if (!existsSync(path.join(d, 'build-manifest.json'))) throw new Error(`no production build in ${d}`);
  const builds = dists.map(readBuild);
  const all = new Set(builds.flatMap((b) => [...b.routes.keys()]));
  const wanted = opts.route?.length ? opts.route : [...FIRST.filter((r) => all.has(r)), ...[...all].filter((r) => !FIRST.includes(r)).sort()];

  console.log(`First Load JS (gzip)   ${builds.map((b) => path.relative(root, b.dist) || b.dist).join('  →  ')}`);
  for (const route of wanted) {
    const sizes = builds.map((b) => {
      const files = b.routes.get(route);
      return files ? files.reduce((sum, f) => sum + gzipBytes(b.dist, f), 0) : null;
    });
    const cells = sizes.map((s) => (s === null ? '—' : kb(s)).padStart(10));
    const [first, last] = [sizes[0], sizes.at(-1)];
    const change = builds.length > 1 && first !== null && last !== null && last !== undefined ? `   ${last - first > 0 ? '+' : ''}${kb(last - first)}` : '';
    console.log(`${route.padEnd(36)}${cells.join('')}${change}`);
    if (opts.chunks) {
      for (const b of builds) {
        for (const f of b.routes.get(route) ?? []) console.log(`    ${kb(gzipBytes(b.dist, f)).padStart(9)}  ${path.relative(root, path.join(b.dist, f))}`);
      }
    }
  }
}

main();
