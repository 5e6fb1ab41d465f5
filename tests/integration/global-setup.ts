import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findPostgres, startEmbeddedPostgres } from '@/scripts/lib/embedded-postgres';
import { freePort } from '@/scripts/lib/proc';
import { ensureTemplates, TEST_PG_ENV } from '../fixtures/db';

/**
 * Once per integration run: a PostgreSQL server with this code's template databases, and a real Firebase Auth
 * Emulator. The server is TEST_DATABASE_URL, else one answering on 127.0.0.1:5432, else (or with
 * TEST_DATABASE_URL=embedded) the embedded server from npm, data in .data/test-postgres, started here and stopped at
 * the end.
 */
export default async function setup() {
  const stops: (() => Promise<void> | void)[] = [];
  try {
    const [database, emulator] = await Promise.all([startDatabase(), startEmulator()]);
    stops.push(database.stop, emulator);
    const t0 = Date.now();
    const templates = await ensureTemplates(database.adminUrl);
    process.env[TEST_PG_ENV.admin] = database.adminUrl;
    process.env[TEST_PG_ENV.migrated] = templates.migrated;
    process.env[TEST_PG_ENV.seeded] = templates.seeded;
    console.info(`[integration] PostgreSQL: ${database.what}; templates ready in ${Date.now() - t0} ms`);
  } catch (err) {
    for (const stop of stops.reverse()) await stop();
    throw err;
  }
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}

async function startDatabase(): Promise<{ adminUrl: string; what: string; stop: () => Promise<void> }> {
  // TEST_DATABASE_URL=embedded skips the search: the embedded server even where another one answers.
  const found = await findPostgres();
  if (found) return { adminUrl: found, what: `${new URL(found).host} (found)`, stop: async () => {} };
  const server = await startEmbeddedPostgres(path.resolve('.data/test-postgres'));
  return { adminUrl: server.adminUrl, what: `embedded on port ${new URL(server.adminUrl).port}`, stop: server.stop };
}

/** A real Firebase Auth Emulator on its own ports (never the one `npm start` runs), unless one is already configured. */
async function startEmulator(): Promise<() => void> {
  const existing = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (existing && (await fetch(`http://${existing}/`).then((r) => r.ok).catch(() => false))) return () => {};

  // Free ports, so that two runs (or a run next to `npm start`) never meet.
  const [port, hub, logging] = [await freePort(), await freePort(), await freePort()];
  const dir = mkdtempSync(path.join(tmpdir(), 'kilig-emulator-'));
  writeFileSync(
    path.join(dir, 'firebase.json'),
    JSON.stringify({ emulators: { auth: { host: '127.0.0.1', port }, hub: { host: '127.0.0.1', port: hub }, logging: { host: '127.0.0.1', port: logging }, ui: { enabled: false }, singleProjectMode: true } }),
  );
  const firebase = path.resolve('node_modules/firebase-tools/lib/bin/firebase.js');
  const child: ChildProcess = spawn(process.execPath, [firebase, 'emulators:start', '--only', 'auth', '--project', 'demo-kilig', '--config', path.join(dir, 'firebase.json'), '--non-interactive'], {
    cwd: dir,
    stdio: 'ignore',
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already stopped
    }
  };
  const host = `127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!(await fetch(`http://${host}/`).then((r) => r.ok).catch(() => false))) {
    if (Date.now() > deadline || child.exitCode !== null) {
      stop();
      throw new Error('the Firebase Auth Emulator did not start');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  process.env.FIREBASE_PROJECT_ID = 'demo-kilig';
  return stop;
}
