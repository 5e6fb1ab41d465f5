import { readFileSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error: madge ships no type declarations (scripts/check-cycles.mjs uses it too)
import madge from 'madge';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The site's browser code never reaches lib/env.ts: it validates with zod, and zod in a page's bundle costs ~110 kB and
 * probes `Function('')`, which our CSP (no 'unsafe-eval') reports as a violation on every page load (Lighthouse best
 * practices: 'inspector-issues'; it happened when the episode page's share imported lib/seo.ts, which read lib/env.ts).
 * Client code reads lib/public-env.ts. The studio's own screens may validate with zod schemas from lib/contracts.
 */
describe('client code and lib/env.ts', () => {
  it('no client module outside the studio imports lib/env.ts, directly or through other modules', async () => {
    const graph: Record<string, string[]> = (
      await madge(['app', 'components', 'player', 'store', 'lib'].map((d) => path.join(root, d)), {
        baseDir: root,
        fileExtensions: ['ts', 'tsx'],
        tsConfig: path.join(root, 'tsconfig.json'),
        detectiveOptions: { ts: { skipTypeImports: true }, tsx: { skipTypeImports: true } },
      })
    ).obj();
    const isClient = (file: string) => /\.tsx?$/.test(file) && !file.includes('studio') && !file.includes('.test.') && /^\s*['"]use client['"]/.test(readFileSync(path.join(root, file), 'utf8'));
    const offenders: string[] = [];
    for (const start of Object.keys(graph).filter(isClient)) {
      const seen = new Map<string, string>([[start, '']]);
      const queue = [start];
      while (queue.length) {
        const file = queue.shift()!;
        if (file === 'lib/env.ts') {
          const chain = [file];
          for (let f = seen.get(file)!; f; f = seen.get(f)!) chain.unshift(f);
          offenders.push(chain.join(' → '));
          break;
        }
        for (const next of graph[file] ?? []) {
          if (seen.has(next)) continue;
          seen.set(next, file);
          queue.push(next);
        }
      }
    }
    expect(offenders).toEqual([]);
  }, 60_000);
});
