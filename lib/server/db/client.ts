import 'server-only';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNode } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { serverEnv } from '@/lib/env';
import { log } from '@/lib/server/log';
import { migrate } from './migrate';
import * as schema from './schema';

export { migrate } from './migrate';

export type Schema = typeof schema;
/** A Drizzle database over either driver (PGlite or node-postgres); `db.query.*` knows the schema. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A Drizzle transaction over either driver. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either a database or a transaction, for domain functions that can run inside a caller's transaction. */
export type DbOrTx = Db | Tx;

export type DbHandle = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** The PGlite instance (e.g. to dumpDataDir() a test template); null on PostgreSQL. */
  pglite: PGlite | null;
  close(): Promise<void>;
};

export type CreateDbOptions = {
  /** PostgreSQL connection string. When set, pgliteDir is ignored. */
  url?: string;
  /** PGlite data directory (created if missing), or 'memory://' for an in-memory database. Default: PGLITE_DIR. */
  pgliteDir?: string;
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
  /** Extra PGlite options, e.g. `loadDataDir` to start from a dumped template (tests). */
  pglite?: Omit<PGliteOptions, 'dataDir'>;
};

/** Any fixed number: identifies our migration lock among other advisory locks on the server. */
const MIGRATION_LOCK_KEY = 71_403_112_025;

/**
 * Opens a database for tests and scripts (getDb() is the app's shared instance). Migrated unless `migrate: false`.
 * The caller closes it.
 */
export async function createDb(opts: CreateDbOptions = {}): Promise<DbHandle> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url });
    // An idle connection that the server ends (a restart, a failover, an administrator's terminate) emits 'error' on
    // the pool; unheard, that error would crash the process. The pool replaces the connection on the next query.
    pool.on('error', (err) => log.warn('idle PostgreSQL connection lost', { err: err.message }));
    const close = () => pool.end();
    try {
      if (opts.migrate !== false) {
        // Several app instances may start at once against one database: serialise migrations with a session-level
        // advisory lock held on one dedicated connection (drizzle's migrator then runs on that same connection).
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          try {
            await migrate(drizzleNode(client, { schema }) as unknown as Db);
          } finally {
            await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
          }
        } finally {
          client.release();
        }
      }
      return { db: drizzleNode(pool, { schema }) as unknown as Db, driver: 'postgres', pglite: null, close };
    } catch (err) {
      await close().catch(() => {});
      throw err;
    }
  }

  const dir = opts.pgliteDir ?? serverEnv().PGLITE_DIR;
  const inMemory = dir.startsWith('memory://');
  const dataDir = inMemory ? dir : path.resolve(/*turbopackIgnore: true*/ process.cwd(), dir);
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  // The search migration needs these two extensions; PostgreSQL servers ship them as contrib modules.
  const client = await PGlite.create({ ...opts.pglite, dataDir, extensions: { unaccent, pg_trgm, ...opts.pglite?.extensions } });
  const close = async () => {
    if (!client.closed) await client.close();
  };
  try {
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    if (opts.migrate !== false) await migrate(db);
    return { db, driver: 'pglite', pglite: client, close };
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
}

/** True when no title exists yet (the demo seed has not run). */
export async function isCatalogueEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: schema.movieSeries.id }).from(schema.movieSeries).limit(1);
  return rows.length === 0;
}

type Cache = { handle?: Promise<DbHandle> };
// On globalThis so `next dev` hot reloads reuse the open database instead of opening PGlite's folder twice.
const cache: Cache = ((globalThis as { __kiligDb?: Cache }).__kiligDb ??= {});

async function open(): Promise<DbHandle> {
  const env = serverEnv();
  const t0 = Date.now();
  const handle = await createDb({ url: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
  log.info('database ready', { driver: handle.driver, ms: Date.now() - t0 });
  if (env.DB_AUTO_SEED && (await isCatalogueEmpty(handle.db))) {
    const { seed } = await import('./seed');
    const sourceDir = path.resolve(/*turbopackIgnore: true*/ process.cwd(), env.MEDIA_SOURCE_DIR);
    const withMedia = existsSync(path.join(sourceDir, 'clips.json'));
    if (!withMedia) log.warn('demo media not found; seeding the catalogue without media', { sourceDir });
    const summary = await seed(handle.db, {
      media: withMedia ? { sourceDir, outDir: path.resolve(/*turbopackIgnore: true*/ process.cwd(), env.MEDIA_DIR) } : false,
    });
    log.info('demo catalogue seeded', { ...summary, ms: Date.now() - t0 });
  }
  return handle;
}

/**
 * The app's database: opened, migrated (and seeded when DB_AUTO_SEED and empty) on first use, then shared.
 * Concurrent first calls share one promise; a failed open is forgotten so the next call retries.
 */
export function getDb(): Promise<Db> {
  cache.handle ??= open().catch((err: unknown) => {
    cache.handle = undefined;
    throw err;
  });
  return cache.handle.then((h) => h.db);
}

/** Tests: makes `getDb()` answer this database (each test file owns a fresh one). */
export function setDbForTests(handle: Promise<DbHandle>): void {
  cache.handle = handle;
}

/** Closes the shared database (scripts, graceful shutdown). The next getDb() opens it again. */
export async function closeDb(): Promise<void> {
  const pending = cache.handle;
  cache.handle = undefined;
  if (pending) await (await pending.catch(() => null))?.close();
}
