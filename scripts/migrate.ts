/**
 * `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded server's database in .data
 * (started for the command, or shared with a running `npm start`). The app itself only connects: a deployment runs
 * this before starting (or rolling) its instances; `npm start` does it on its own.
 */
import { openMigratedDb } from '../lib/server/db/prepare';
import { withDatabaseUrl } from './lib/embedded-postgres';

async function main() {
  const t0 = Date.now();
  await withDatabaseUrl(async (url, where) => {
    const { close } = await openMigratedDb({ url });
    await close();
    console.log(`[db:migrate] ${where} is up to date (${Date.now() - t0} ms)`);
  });
}

main().catch((err) => {
  console.error('[db:migrate] failed:', err);
  process.exit(1);
});
