import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { PAGE_START_FILE, PAGE_START_GLOBAL } from './page-start-file';

/**
 * Bundles page-start.ts with the modules it imports (licence, configuration, manifest chain: the app's own) into one
 * small self-contained script, ES2020 (no helpers; Shaka's ES2021 builds need newer browsers anyway). Returns the
 * code; with `root`, also writes it to PAGE_START_FILE there (atomically: a server reading it never sees half a file).
 */
export function buildPageStart(root?: string): string {
  const projectRoot = root ?? process.cwd();
  const result = buildSync({
    entryPoints: [path.join(projectRoot, 'player', 'engine', 'page-start.ts')],
    tsconfig: path.join(projectRoot, 'tsconfig.json'),
    bundle: true,
    format: 'iife',
    globalName: PAGE_START_GLOBAL,
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  if (root) {
    const file = path.join(root, PAGE_START_FILE);
    mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  }
  return code;
}
