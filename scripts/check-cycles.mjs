#!/usr/bin/env node
// The import-cycle check of `npm test` (stage 'cycles'): every import between our modules, type-only ones included,
// must form no cycle. A cycle hides behind lazy imports until a refactor turns it into an undefined at start-up.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

export const SOURCE_DIRS = ['app', 'components', 'lib', 'store', 'player'];

/** The cycles among the modules under `dirs` (relative to `root`), each a list of files. */
export async function findCycles(root, dirs = SOURCE_DIRS) {
  const result = await madge(
    dirs.map((d) => path.join(root, d)),
    { baseDir: root, fileExtensions: ['ts', 'tsx'], tsConfig: path.join(root, 'tsconfig.json'), detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } } },
  );
  return result.circular();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const cycles = await findCycles(root);
  for (const cycle of cycles) console.error(`cycle: ${[...cycle, cycle[0]].join(' → ')}`);
  console.log(cycles.length === 0 ? 'No import cycles.' : `${cycles.length} import cycle(s).`);
  process.exit(cycles.length === 0 ? 0 : 1);
}
