/**
 * `npm start`: the whole site on its embedded defaults at http://localhost:3000 — the Firebase Auth Emulator and a
 * PostgreSQL server from npm (both started alongside and stopped with it; the database is migrated and seeded with the
 * demo catalogue and its encrypted media), and the production build of the app (built first when missing or older
 * than the sources). With DATABASE_URL set, that PostgreSQL is used and no server is started.
 *
 * Options: --dev (next dev instead of a build), --port N, --data-dir DIR (database + media + logs, default .data),
 * --fresh (delete the data dir first, and the pages the build's server rendered from the old one), --no-build (use the
 * existing build), --auth-port N (emulator, default 9099; reused when one already answers there), --build-only
 * (prepare the database, build, stop: the test suite's build).
 */
import { createWriteStream, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDemoAdmin } from './lib/demo-admin';
import { EMBEDDED_DATABASE, ensureDatabase, startEmbeddedPostgres, type EmbeddedServer } from './lib/embedded-postgres';
import { httpOk, startChild, stopChild, waitFor } from './lib/proc';
import type { ChildProcess } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const { values: opts } = parseArgs({
  options: {
    dev: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    port: { type: 'string', default: process.env.PORT ?? '3000' },
    'data-dir': { type: 'string', default: '.data' },
    'auth-port': { type: 'string' },
    'build-only': { type: 'boolean', default: false },
  },
});

const port = Number(opts.port);
const dataDir = path.resolve(root, opts['data-dir']!);
// One emulator port for every start: the browser SDK's emulator URL is fixed at build time. A running emulator is reused.
const authPort = Number(opts['auth-port'] ?? 9099);
const children: ChildProcess[] = [];
let database: EmbeddedServer | undefined;

function log(message: string) {
  console.log(`[start] ${message}`);
}

let stopping: Promise<never> | undefined;
/**
 * Stops the app and the emulator, then the database (after its clients), then exits. Only the first call does it:
 * the children's own exit handlers call this again while it runs, and must not exit before the database is down.
 */
function shutdown(code: number): Promise<never> {
  stopping ??= (async () => {
    await Promise.all(children.map((child) => new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      stopChild(child);
      setTimeout(resolve, 10_000).unref();
    })));
    await database?.stop().catch((err: unknown) => log(`stopping PostgreSQL failed: ${String(err)}`));
    process.exit(code);
  })();
  return stopping;
}
process.on('SIGINT', () => void shutdown(130));
process.on('SIGTERM', () => void shutdown(143));

const distDir = path.join(root, process.env.NEXT_DIST_DIR ?? '.next');

/** True when a build exists and nothing it was built from is newer. */
function buildIsFresh(): boolean {
  const buildId = path.join(distDir, 'BUILD_ID');
  if (!existsSync(buildId)) return false;
  const builtAt = statSync(buildId).mtimeMs;
  const newer = (dir: string): boolean => {
    if (!existsSync(dir)) return false;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory() ? newer(p) : statSync(p).mtimeMs > builtAt) return true;
    }
    return false;
  };
  const files = ['next.config.ts', 'package.json', 'postcss.config.mjs'].map((f) => path.join(root, f));
  return !files.some((f) => existsSync(f) && statSync(f).mtimeMs > builtAt) &&
    !['app', 'components', 'lib', 'store', 'player', 'styles', 'public'].some((d) => newer(path.join(root, d)));
}

async function startAuthEmulator(): Promise<void> {
  const url = `http://127.0.0.1:${authPort}/`;
  if (await httpOk(url).catch(() => false)) {
    log(`Firebase Auth Emulator already answering on ${authPort}; using it`);
    return;
  }
  const config = path.join(dataDir, 'firebase.json');
  // Hub and logging ports follow the auth port so a second instance (e2e next to a running demo) never collides.
  const emulators = {
    auth: { host: '127.0.0.1', port: authPort },
    hub: { host: '127.0.0.1', port: authPort + 2 },
    logging: { host: '127.0.0.1', port: authPort + 3 },
    ui: { enabled: false },
    singleProjectMode: true,
  };
  writeFileSync(config, JSON.stringify({ emulators }, null, 2));
  const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-kilig';
  log(`starting the Firebase Auth Emulator on ${authPort} (log: ${path.relative(root, dataDir)}/firebase-emulator.log)`);
  const firebase = path.join(root, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
  const child = startChild(process.execPath, [firebase, 'emulators:start', '--only', 'auth', '--project', projectId, '--config', config, '--non-interactive'], {
    cwd: dataDir,
    logFile: path.join(dataDir, 'firebase-emulator.log'),
    env: { ...process.env, FIREBASE_CLI_EXPERIMENTS: '', CI: '1' },
  });
  children.push(child);
  child.once('exit', (code) => {
    log(`the Firebase Auth Emulator stopped (exit ${code})`);
    void shutdown(code ?? 1);
  });
  // About 9 s on a quiet machine; over a minute on a loaded 2-core one (seen at load 16).
  await waitFor(() => httpOk(url), 180_000, 'the Firebase Auth Emulator');
  log('Firebase Auth Emulator ready');
}

/** The studio's demo account (scripts/lib/demo-admin.ts), printed so that whoever started the demo can sign in at /studio. */
async function printDemoAdmin(): Promise<void> {
  const admin = await createDemoAdmin(`http://127.0.0.1:${authPort}`, process.env.DATABASE_URL!);
  log(`studio: http://localhost:${port}/studio  (demo admin: ${admin.email} / ${admin.password})`);
}

/** The embedded PostgreSQL server (unless DATABASE_URL names one), migrated and seeded; DATABASE_URL then names it. */
async function prepareDatabase(): Promise<void> {
  const t0 = Date.now();
  let where = 'PostgreSQL at DATABASE_URL';
  if (!process.env.DATABASE_URL) {
    const folder = path.join(dataDir, 'postgres');
    const serverLog = path.join(dataDir, 'postgres.log');
    const out = createWriteStream(serverLog, { flags: 'a' });
    database = await startEmbeddedPostgres(folder, { log: (line) => out.write(`${line}\n`) });
    await ensureDatabase(database.adminUrl, EMBEDDED_DATABASE);
    process.env.DATABASE_URL = database.urlFor(EMBEDDED_DATABASE);
    where = `embedded PostgreSQL ${database.shared ? 'already running' : 'started'} on ${new URL(database.adminUrl).port} ` +
      `(data: ${path.relative(root, folder)}, log: ${path.relative(root, serverLog)})`;
  }
  const { openMigratedDb } = await import('../lib/server/db/prepare');
  const { seed } = await import('../lib/server/db/seed');
  const { serverEnv } = await import('../lib/env');
  const env = serverEnv();
  const { db, close } = await openMigratedDb({ url: process.env.DATABASE_URL! });
  try {
    // DB_AUTO_SEED (on but in production): the demo catalogue, its media encrypted with fresh keys.
    const summary = env.DB_AUTO_SEED ? await seed(db, { media: { sourceDir: path.resolve(root, env.MEDIA_SOURCE_DIR) } }) : null;
    log(`database ready: ${where}, in ${Date.now() - t0} ms ${summary ? JSON.stringify(summary) : ''}`);
  } finally {
    await close();
  }
}

async function main() {
  if (opts.fresh) {
    rmSync(dataDir, { recursive: true, force: true });
    // Next keeps the ISR pages it rendered at run time in the build folder (its file-system cache): pages naming the
    // old database's titles and media, which a fresh database does not have.
    rmSync(path.join(distDir, 'server', 'route-cache'), { recursive: true, force: true });
  }
  mkdirSync(dataDir, { recursive: true });

  // The app, the seed and the emulator all read these; explicit environment values win.
  process.env.NEXT_TELEMETRY_DISABLED = '1';
  process.env.MEDIA_DIR ??= path.join(dataDir, 'media');
  process.env.UPLOAD_DIR ??= path.join(dataDir, 'uploads');
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `127.0.0.1:${authPort}`;
  process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL ??= `http://127.0.0.1:${authPort}`;
  // The sandbox's webhooks go to this app on its own port (NEXT_PUBLIC_SITE_URL, their default, names port 3000).
  process.env.SANDBOX_WEBHOOK_URL ||= `http://127.0.0.1:${port}/api/payments/webhook/sandbox`;

  await Promise.all([opts['build-only'] ? Promise.resolve() : startAuthEmulator(), prepareDatabase()]);
  if (!opts['build-only']) await printDemoAdmin();

  const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  if (opts['build-only'] || (!opts.dev && !opts['no-build'] && !buildIsFresh())) {
    log('building the app (next build) …');
    const build = startChild(process.execPath, [nextBin, 'build'], { cwd: root });
    const code = await new Promise<number | null>((resolve) => build.once('exit', resolve));
    if (code !== 0) {
      log('the build failed');
      await shutdown(1);
    }
  }
  if (opts['build-only']) {
    log('built');
    await shutdown(0);
  }

  // Production: scripts/serve.ts, Next's own handler behind the shared page cache. Development: next dev.
  const args = opts.dev ? [nextBin, 'dev', '-p', String(port)] : ['--conditions=react-server', '--import', 'tsx', path.join(root, 'scripts', 'serve.ts'), '--port', String(port)];
  const next = startChild(process.execPath, args, { cwd: root });
  children.push(next);
  next.once('exit', (code) => {
    log(`the app stopped (exit ${code})`);
    void shutdown(code ?? 1);
  });
  await waitFor(() => httpOk(`http://127.0.0.1:${port}/api/health`), 120_000, 'the app');
  log(`ready: http://localhost:${port}  (Ctrl+C stops the app, the database and the emulator)`);
}

main().catch((err) => {
  console.error(err);
  void shutdown(1);
});
