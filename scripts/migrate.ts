/**
 * `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the PGlite database in PGLITE_DIR.
 * (The app also migrates on first use; this is for deployments that migrate before starting instances.)
 * Do not run it against a PGlite folder a running app has open: PGlite is single-process.
 */
import path from 'node:path';
import { serverEnv } from '../lib/env';
import { createDb } from '../lib/server/db/client';

async function main() {
  const env = serverEnv();
  const t0 = Date.now();
  const { close, driver } = await createDb({ url: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
  await close();
  const where = driver === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.resolve(env.PGLITE_DIR)}`;
  console.log(`[db:migrate] ${where} is up to date (${Date.now() - t0} ms)`);
}

main().catch((err) => {
  console.error('[db:migrate] failed:', err);
  process.exit(1);
});
