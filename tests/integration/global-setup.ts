import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Starts a real Firebase Auth Emulator for the integration tests (on its own ports, so it never meets the one
 * `npm start` runs), unless FIREBASE_AUTH_EMULATOR_HOST already points at one that answers.
 */
export default async function setup() {
  const existing = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (existing && (await fetch(`http://${existing}/`).then((r) => r.ok).catch(() => false))) return;

  const port = 9299 + (process.env.TEST_DB_DRIVER === 'postgres' ? 10 : 0);
  const dir = mkdtempSync(path.join(tmpdir(), 'kilig-emulator-'));
  writeFileSync(
    path.join(dir, 'firebase.json'),
    JSON.stringify({ emulators: { auth: { host: '127.0.0.1', port }, hub: { host: '127.0.0.1', port: port + 2 }, logging: { host: '127.0.0.1', port: port + 3 }, ui: { enabled: false }, singleProjectMode: true } }),
  );
  const firebase = path.resolve('node_modules/firebase-tools/lib/bin/firebase.js');
  const child: ChildProcess = spawn(process.execPath, [firebase, 'emulators:start', '--only', 'auth', '--project', 'demo-kilig', '--config', path.join(dir, 'firebase.json'), '--non-interactive'], {
    cwd: dir,
    stdio: 'ignore',
    detached: true,
  });
  const host = `127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!(await fetch(`http://${host}/`).then((r) => r.ok).catch(() => false))) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('the Firebase Auth Emulator did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  process.env.FIREBASE_PROJECT_ID = 'demo-kilig';

  return () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already stopped
    }
  };
}
