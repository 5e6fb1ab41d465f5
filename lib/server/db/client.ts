import 'server-only';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { serverEnv } from '@/lib/env';
import { AppError } from '@/lib/server/http/app-error';
import { log } from '@/lib/server/log';
import * as schema from './schema';
import type { Db } from './types';

export type { Db, DbOrTx, Schema, Tx } from './types';

export type DbHandle = {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
};

export type PoolSettings = {
  /** Most connections this process holds. */
  max: number;
  /** How long to wait for a connection (new or from the pool) before failing. */
  connectTimeoutMs: number;
  /** Server-side limit on one statement, and the client-side limit on waiting for any answer. */
  statementTimeoutMs: number;
  /** An unused connection is closed after this long. */
  idleTimeoutMs: number;
};

export type CreateDbOptions = {
  /** PostgreSQL connection string. */
  url: string;
  /** Pool settings; default: the DB_POOL_* / DB_*_TIMEOUT_MS settings of lib/env.ts. */
  pool?: Partial<PoolSettings>;
};

function poolSettings(overrides: Partial<PoolSettings> = {}): PoolSettings {
  const env = serverEnv();
  return {
    max: env.DB_POOL_MAX,
    connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    idleTimeoutMs: env.DB_IDLE_TIMEOUT_MS,
    ...overrides,
  };
}

/**
 * A pool with every wait bounded: a database that stops answering makes requests fail within the timeouts (the route
 * wrapper answers 503) instead of hanging them all. statement_timeout stops a slow statement on the server;
 * query_timeout stops waiting for a server that does not answer at all (a dead host, a black-holed port).
 */
export function createPool(url: string, overrides: Partial<PoolSettings> = {}): pg.Pool {
  const s = poolSettings(overrides);
  const pool = new pg.Pool({
    connectionString: url,
    max: s.max,
    connectionTimeoutMillis: s.connectTimeoutMs,
    idleTimeoutMillis: s.idleTimeoutMs,
    statement_timeout: s.statementTimeoutMs,
    // A little longer than the server's own limit, so a slow statement fails with PostgreSQL's clear error first.
    query_timeout: s.statementTimeoutMs + 1000,
    keepAlive: true,
  });
  // An idle connection that the server ends (a restart, a failover, an administrator's terminate) emits 'error' on
  // the pool; unheard, that error would crash the process. The pool replaces the connection on the next query.
  pool.on('error', (err) => log.warn('idle PostgreSQL connection lost', { err: err.message }));
  return pool;
}

/**
 * Connects to a database: a pool and drizzle over it, nothing more (the schema is the migrations' business:
 * lib/server/db/prepare.ts, run by the scripts and tests before the app opens it). getDb() is the app's shared one.
 */
export async function createDb(opts: CreateDbOptions): Promise<DbHandle> {
  const pool = createPool(opts.url, opts.pool);
  return { db: drizzle(pool, { schema }), pool, close: () => pool.end() };
}

type Cache = { handle?: Promise<DbHandle> };
// On globalThis so `next dev` hot reloads reuse the open pool instead of opening another one.
const cache: Cache = ((globalThis as { __kiligDb?: Cache }).__kiligDb ??= {});

async function open(): Promise<DbHandle> {
  const env = serverEnv();
  if (!env.DATABASE_URL) {
    // `npm start` starts the embedded PostgreSQL server and sets DATABASE_URL for the app; a bare `next start` has none.
    throw new AppError('E_UNAVAILABLE', 'The database is not configured (DATABASE_URL is not set).');
  }
  const handle = await createDb({ url: env.DATABASE_URL });
  log.info('database connected');
  return handle;
}

/**
 * The app's database: connected on first use, then shared. It is migrated before the app starts (`npm start`, or
 * `npm run db:migrate` in a deployment), so production's server code carries neither the migrator nor the demo seed.
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

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE', '57014', '57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_MESSAGES = /timeout exceeded when trying to connect|Query read timeout|Connection terminated|connection timeout/i;

/**
 * True when an error means the database did not answer in time or is unreachable (as opposed to a bug or bad data):
 * the caller answers 503 'try again' instead of a 500. Drizzle wraps driver errors, so the cause chain is searched.
 * PostgreSQL codes: 57014 statement timeout, 57P0x shutting down / crashed, 53300 too many connections, 08xxx
 * connection failures.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof AppError) return e.code === 'E_UNAVAILABLE';
    const code = String((e as { code?: unknown }).code ?? '');
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return true;
    if (e instanceof Error && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}
