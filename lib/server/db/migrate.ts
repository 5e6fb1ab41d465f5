import 'server-only';
import path from 'node:path';
import { migrate as drizzleMigrate } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Db } from './types';

/**
 * Resolved from the working directory, not import.meta: Next bundles server code, so the module's own location is not
 * the source folder at run time. Every entry point (next start/dev, tsx scripts, vitest) runs from the repo root.
 */
export function migrationsFolder(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), 'lib/server/db/migrations');
}

/**
 * Applies pending migrations (drizzle's migrator: one transaction, journal in drizzle.__drizzle_migrations).
 * Both drivers' migrators are the same code (`dialect.migrate(files, session)`), so one import serves both.
 * Concurrent starts against one PostgreSQL database are serialised by createDb() with an advisory lock.
 */
export async function migrate(db: Db): Promise<void> {
  await drizzleMigrate(db as unknown as NodePgDatabase<Record<string, unknown>>, { migrationsFolder: migrationsFolder() });
}
