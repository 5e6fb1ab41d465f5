import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { freePort, httpOk, waitFor } from './proc';

/**
 * The pieces of the cluster test stage (scripts/cluster.ts) that its Playwright specs also need: finding PostgreSQL
 * and Redis, the Firebase Auth Emulator, and app instances started as a deployment starts them (`npm run serve`),
 * each in a process group of its own so that a spec can SIGKILL one instance whole. No `server-only` import here:
 * the specs load this file outside the react-server condition.
 */

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** What the stage hands to its specs (a JSON file named by CLUSTER_CONTEXT). */
export type ClusterContext = {
  /** The balancer's origin (nginx), the site's NEXT_PUBLIC_SITE_URL. */
  url: string;
  instances: InstanceInfo[];
  databaseUrl: string;
  redisUrl: string;
  /** http://127.0.0.1:<port> of the Auth Emulator the build names. */
  emulatorUrl: string;
  /** Environment an extra instance is started with (the specs' own instances, e.g. the split-storage proof). */
  instanceEnv: Record<string, string>;
  /** The media bucket's settings, so that a spec can read it with the AWS SDK as the app does. */
  s3: { endpoint: string; region: string; accessKeyId: string; secretAccessKey: string; mediaBucket: string; uploadBucket: string };
  webhookSecret: string;
  apiKey: string;
  admin: { email: string; password: string };
  logDir: string;
};

export type InstanceInfo = { name: string; port: number; url: string; pid: number; distDir: string; log: string };

export function readClusterContext(): ClusterContext {
  const file = process.env.CLUSTER_CONTEXT;
  if (!file) throw new Error('CLUSTER_CONTEXT is not set: run the cluster specs with `npm test -- cluster`');
  return JSON.parse(readFileSync(file, 'utf8')) as ClusterContext;
}

export function writeClusterContext(file: string, ctx: ClusterContext): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(ctx, null, 2));
}

/** True when something accepts TCP connections on host:port within a second. */
export function tcpAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/** Drops and creates `database` (the stage's own: nothing else uses it), answering its URL. */
export async function freshDatabase(adminUrl: string, database: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const name = client.escapeIdentifier(database);
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs a query on `url` and answers its rows (the specs read the jobs table this way). */
export async function query<T extends Record<string, unknown>>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A process group we started: stopped (or killed) whole, by its leader's id. */
export type Group = { pid: number; child: ChildProcess; stop(): Promise<void>; kill(): void };

/** Starts `cmd` as the leader of a new process group, its output appended to `logFile`. */
export function startGroup(cmd: string, args: string[], opts: { env: NodeJS.ProcessEnv; logFile: string; cwd?: string }): Group {
  mkdirSync(path.dirname(opts.logFile), { recursive: true });
  const out = createWriteStream(opts.logFile, { flags: 'a' });
  const child = spawn(cmd, args, { cwd: opts.cwd ?? ROOT, env: opts.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const pid = child.pid!;
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pid, sig);
    } catch {
      // the group is gone already
    }
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid,
    child,
    kill: () => signal('SIGKILL'),
    async stop() {
      signal('SIGTERM');
      const late = setTimeout(() => signal('SIGKILL'), 10_000);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 12_000))]);
      clearTimeout(late);
      // serve.ts stops `next start` on SIGTERM; whatever else is left in the group goes now.
      signal('SIGKILL');
    },
  };
}

/**
 * Process groups a run started, in a file, so that the next run can end them if this one was killed before it could
 * (SIGKILL, a closed terminal): the instances run in groups of their own and would outlive it.
 */
export function recordGroup(file: string, pid: number): void {
  const pids = readGroups(file);
  writeFileSync(file, JSON.stringify([...pids, pid]));
}

function readGroups(file: string): number[] {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as number[];
  } catch {
    return [];
  }
}

/** Kills the groups a previous run recorded that are still ours (their leader runs a file of this repository). */
export function killLeftovers(file: string): number {
  let killed = 0;
  for (const pid of readGroups(file)) {
    let cmdline = '';
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue; // gone
    }
    if (!cmdline.includes(ROOT)) continue; // the id was reused by someone else's process
    try {
      process.kill(-pid, 'SIGKILL');
      killed += 1;
    } catch {
      // gone meanwhile
    }
  }
  writeFileSync(file, '[]');
  return killed;
}

/** The process group a process belongs to (from /proc), or null when it is gone. */
export function processGroupOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name (in parentheses, which may hold spaces): state, ppid, pgrp.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[2]);
  } catch {
    return null;
  }
}

/** The Firebase Auth Emulator on `port` (hub and logging on free ports), as scripts/start.ts starts it. */
export async function startAuthEmulator(port: number, dir: string, onGroup?: (pid: number) => void): Promise<Group> {
  mkdirSync(dir, { recursive: true });
  const [hub, logging] = [await freePort(), await freePort()];
  const config = path.join(dir, 'firebase.json');
  writeFileSync(
    config,
    JSON.stringify({ emulators: { auth: { host: '127.0.0.1', port }, hub: { host: '127.0.0.1', port: hub }, logging: { host: '127.0.0.1', port: logging }, ui: { enabled: false }, singleProjectMode: true } }),
  );
  const firebase = path.join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
  const group = startGroup(process.execPath, [firebase, 'emulators:start', '--only', 'auth', '--project', 'demo-kilig', '--config', config, '--non-interactive'], {
    cwd: dir,
    env: { ...process.env, FIREBASE_CLI_EXPERIMENTS: '', CI: '1' },
    logFile: path.join(dir, 'firebase-emulator.log'),
  });
  onGroup?.(group.pid);
  // Over a minute on a loaded 2-core machine (scripts/start.ts).
  await waitFor(() => httpOk(`http://127.0.0.1:${port}/`), 180_000, 'the Firebase Auth Emulator');
  return group;
}

export type Instance = InstanceInfo & { group: Group };

/**
 * One app instance as a deployment runs it: scripts/serve.ts (`npm run serve -- --port N`, which starts `next start`
 * beside it) with its own environment. Resolves once /api/health answers 200.
 */
export async function startInstance(opts: { name: string; env: Record<string, string>; distDir: string; logDir: string; onGroup?: (pid: number) => void }): Promise<Instance> {
  const [port, innerPort] = [await freePort(), await freePort()];
  const log = path.join(opts.logDir, `${opts.name}.log`);
  const group = startGroup(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', path.join(ROOT, 'scripts', 'serve.ts'), '--port', String(port), '--inner-port', String(innerPort)],
    { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', ...opts.env, NEXT_DIST_DIR: opts.distDir }, logFile: log },
  );
  opts.onGroup?.(group.pid);
  const url = `http://127.0.0.1:${port}`;
  try {
    // waitFor swallows a check's errors: an instance that exits ends the wait through this race instead.
    const exited = new Promise<never>((_, reject) =>
      group.child.once('exit', (code) => reject(new Error(`instance ${opts.name} exited (${code}); see ${path.relative(ROOT, log)}`))),
    );
    exited.catch(() => undefined); // its later rejection, when the instance is stopped, is nobody's error
    await Promise.race([waitFor(() => httpOk(`${url}/api/health`), 180_000, `instance ${opts.name} (log: ${path.relative(ROOT, log)})`), exited]);
  } catch (err) {
    await group.stop();
    throw err;
  }
  return { name: opts.name, port, url, pid: group.pid, distDir: opts.distDir, log, group };
}
