import 'server-only';
import { drizzle } from 'drizzle-orm/node-postgres';
import { createDb, type CreateDbOptions, type DbHandle } from './client';
import { migrate } from './migrate';
import * as schema from './schema';
import type { Db } from './types';

/**
 * Getting a database ready before the app uses it: its migrations, applied under a lock.
 * Run by `npm start`, `npm run db:migrate` / `db:seed`, the other scripts and the test fixtures; never by the app's
 * own connection (client.ts), so a production server bundle holds neither the migrator's work nor the seed.
 */

/** Any fixed number: identifies our migration lock among other advisory locks on the server. */
const MIGRATION_LOCK_KEY = 71_403_112_025;

/**
 * Applies pending migrations. Several app hosts or scripts may prepare one database at once: a session-level advisory
 * lock held on one dedicated connection serialises them (drizzle's migrator then runs on that same connection).
 */
export async function migrateUnderLock(handle: DbHandle): Promise<void> {
  const client = await handle.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client, { schema }) as unknown as Db);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** Connects and migrates; the caller closes it. */
export async function openMigratedDb(opts: CreateDbOptions): Promise<DbHandle> {
  const handle = await createDb(opts);
  try {
    await migrateUnderLock(handle);
    return handle;
  } catch (err) {
    await handle.close().catch(() => {});
    throw err;
  }
}
