import fs from 'node:fs';
import path from 'node:path';
import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match';
import { describe, expect, it } from 'vitest';
import { ROUTE_REWRITES } from '@/next.config';

/**
 * Route folders that differ only by case cannot be checked out on macOS or Windows (issue 21 item 5): the spec's two
 * spellings of the coin plan calls are one folder (app/api/client/coinplan/) and a rewrite in next.config.ts. That the
 * running server answers both spellings from the same handler is tests/e2e/coins.spec.ts.
 */

const APP = path.join(import.meta.dirname, '..', 'app');

function allPaths(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? [full, ...allPaths(full)] : [full];
  });
}

/** The route.ts an URL path reaches under app/: a static folder first, then a `[param]` folder (as Next matches). */
function routeFileOf(urlPath: string): string | null {
  let dir = APP;
  for (const segment of urlPath.split('/').filter(Boolean)) {
    const names = fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    const next = names.find((n) => n === segment) ?? names.find((n) => /^\[[^.\]]+\]$/.test(n));
    if (!next) return null;
    dir = path.join(dir, next);
  }
  const file = path.join(dir, 'route.ts');
  return fs.existsSync(file) ? path.relative(APP, file) : null;
}

/** The path a request reaches after next.config.ts's rewrites, matched the way Next does (case-insensitive). */
function rewritten(urlPath: string): string {
  for (const rule of ROUTE_REWRITES) {
    const params = getPathMatch(rule.source, { strict: true, removeUnnamedParams: true, sensitive: false })(urlPath);
    if (params) return rule.destination.replace(/:(\w+)/g, (_, name: string) => String(params[name]));
  }
  return urlPath;
}

describe('route spellings', () => {
  it('no two files or folders under app/ differ only by case', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const p of allPaths(APP)) {
      const rel = path.relative(APP, p);
      const other = seen.get(rel.toLowerCase());
      if (other && other !== rel) clashes.push(`${other} ↔ ${rel}`);
      seen.set(rel.toLowerCase(), rel);
    }
    expect(clashes).toEqual([]);
  });

  it.each([
    ['/api/client/coinPlan/processSandboxPayment', 'api/client/coinplan/[processPayment]/route.ts'],
    ['/api/client/coinplan/fetchCoinplanByUser', 'api/client/coinplan/fetchCoinplanByUser/route.ts'],
    ['/api/client/coinplan/recordCoinPlanHistory', 'api/client/coinplan/recordCoinPlanHistory/route.ts'],
  ])('the spec\'s %s reaches app/%s', (urlPath, file) => {
    expect(routeFileOf(rewritten(urlPath))).toBe(file);
  });

  it('the rewrite keeps the gateway segment and leaves other coinPlan paths alone', () => {
    expect(rewritten('/api/client/coinPlan/processSandboxPayment')).toBe('/api/client/coinplan/processSandboxPayment');
    expect(rewritten('/api/client/coinPlan/processPaymongoPayment')).toBe('/api/client/coinplan/processPaymongoPayment');
    expect(routeFileOf(rewritten('/api/client/coinPlan/fetchCoinplanByUser'))).toBeNull();
  });
});
