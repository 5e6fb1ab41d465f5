import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every repo path a comment or a document names exists (docs/architecture.md: the design lives in the repo, and a
 * pointer to a moved or deleted file is worse than none). Paths are read where they start with one of our top-level
 * folders and end in a source or document extension; route folders like `[slug]` and `(group)` count as path parts.
 */
const root = path.resolve(__dirname, '..');
/** Tests that name made-up files on purpose, as probes. */
const PROBES = new Set(['scripts/check-boundaries.test.ts', 'scripts/file-references.test.ts']);
const SEGMENT = String.raw`(?:[\w.-]+|\[[\w.]+\]|\([\w-]+\))`;
const PATH = new RegExp(String.raw`(?<![\w@/.-])((?:app|components|lib|store|player|scripts|tests|docs|styles|public|media|deploy)(?:/${SEGMENT})+\.(?:tsx?|mjs|md|css|sql|sh|conf))`, 'g');

export function missingReferences(files: string[], exists: (p: string) => boolean, read: (f: string) => string): string[] {
  const missing: string[] = [];
  for (const file of files) {
    read(file)
      .split('\n')
      .forEach((line, i) => {
        if (/^\s*(import|export) .* from '/.test(line)) return; // the compiler checks imports
        for (const m of line.matchAll(PATH)) {
          const ref = m[1];
          const candidates = [ref, ...(file.startsWith('docs/') ? [path.normalize(path.join(path.dirname(file), ref))] : [])];
          if (!candidates.some(exists)) missing.push(`${file}:${i + 1}: ${ref}`);
        }
      });
  }
  return missing;
}

describe('file references in comments and docs', () => {
  it('finds a reference to a file that is gone, and passes one that exists', () => {
    const files = { 'lib/a.ts': '// see player/gone.ts and lib/a.ts\n', 'docs/x.md': 'In [0001](decisions/0001.md) and `app/movie/[slug]/page.tsx`.\n' };
    const present = new Set(['lib/a.ts', 'docs/decisions/0001.md', 'app/movie/[slug]/page.tsx']);
    expect(missingReferences(Object.keys(files), (p) => present.has(p), (f) => files[f as keyof typeof files])).toEqual(['lib/a.ts:1: player/gone.ts']);
  });

  it('every path named in the repo exists', () => {
    const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '--', '*.ts', '*.tsx', '*.mjs', '*.md', '*.css', '.env.example'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((f) => f && !PROBES.has(f) && existsSync(path.join(root, f)));
    expect(missingReferences(tracked, (p) => existsSync(path.join(root, p)), (f) => readFileSync(path.join(root, f), 'utf8'))).toEqual([]);
  });
});
