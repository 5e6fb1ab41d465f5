import { builtinModules } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A production start (`npm run serve`: scripts/serve.ts in front of `next start`) must run after
 * `npm install --omit=dev`: every package that the server's own code imports, directly or through our modules, is a
 * dependency, not a devDependency. (Next's build output imports only what next.config.ts's bundling left external,
 * which are dependencies too: checked below.)
 */

const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; scripts: Record<string, string> };
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

function resolveLocal(from: string, spec: string): string | null {
  const base = spec.startsWith('@/') ? path.join(root, spec.slice(2)) : path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  }
  return null;
}

/** Bare package names imported at run time (type-only imports erased) by `entry` and the local modules it reaches. */
function runtimePackages(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const specs = [...source.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm), ...source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]);
    for (const spec of specs) {
      if (spec.startsWith('.') || spec.startsWith('@/')) {
        const local = resolveLocal(file, spec);
        if (local) visit(local);
      } else if (!builtins.has(spec)) {
        packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
      }
    }
  };
  visit(entry);
  return packages;
}

describe('a production start needs no devDependencies', () => {
  it('npm run serve loads only node and tsx, which is a dependency', () => {
    expect(pkg.scripts.serve).toMatch(/^node .*--import tsx scripts\/serve\.ts$/);
    expect(pkg.dependencies.tsx).toBeTruthy();
  });

  it('every package scripts/serve.ts reaches at run time is a dependency', () => {
    const used = runtimePackages(path.join(root, 'scripts/serve.ts'));
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((p) => !pkg.dependencies[p])).toEqual([]);
  });

  it('every package next.config.ts reaches at run time is a dependency (next start loads it)', () => {
    const used = runtimePackages(path.join(root, 'next.config.ts'));
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((p) => !pkg.dependencies[p])).toEqual([]);
  });

  it('packages the server bundle keeps external are dependencies', () => {
    const config = readFileSync(path.join(root, 'next.config.ts'), 'utf8');
    const external = /serverExternalPackages:\s*\[([^\]]*)\]/.exec(config)?.[1].match(/'([^']+)'/g)?.map((s) => s.slice(1, -1)) ?? [];
    expect(external.length).toBeGreaterThan(0);
    expect(external.filter((p) => !pkg.dependencies[p])).toEqual([]);
  });
});
