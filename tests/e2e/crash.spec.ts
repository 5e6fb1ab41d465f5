import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { freePort } from '../../scripts/lib/proc';
import { API_KEY, asViewer, createViewer, type Viewer } from './auth-helpers';

/**
 * Durability: the app's server, started as `npm start` starts it (its own embedded PostgreSQL, the built app behind
 * the page cache), takes parallel My List writes; everything is killed with SIGKILL mid-load (app, page cache and
 * database alike, as a power cut or the OOM killer would); after a restart on the same data folder every write that
 * was acknowledged is there, and the database opened by ordinary crash recovery, not a repair.
 *
 * The in-process PGlite of before lost 15 to 29 of 30 acknowledged states this way (fsync off, no real sync).
 */

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(root, '.data', 'e2e-crash');
const serverLog = path.join(dataDir, 'postgres.log');
const USERS = 3;
const TITLES = 10;

type Server = { child: ChildProcess; base: string; output: () => string };

async function startServer(port: number, fresh: boolean): Promise<Server> {
  const args = ['--conditions=react-server', '--import', 'tsx', 'scripts/start.ts', '--no-build', '--port', String(port), '--data-dir', dataDir];
  if (fresh) args.push('--fresh');
  // Its own process group, so that one signal reaches the app, the page cache and the database together. The Auth
  // Emulator of the e2e server (9099) is reused, not ours to kill.
  const child = spawn(process.execPath, args, { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DATABASE_URL: '' } });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${out.slice(-3000)}`);
    if (await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false)) break;
    if (Date.now() > deadline) throw new Error(`the server did not become ready:\n${out.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, base, output: () => out };
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function killGroup(server: Server, signal: NodeJS.Signals): Promise<void> {
  const pgPid = Number(readFileSync(path.join(dataDir, 'postgres', 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[0]);
  try {
    process.kill(-server.child.pid!, signal);
  } catch {
    // already gone
  }
  const deadline = Date.now() + 30_000;
  while ((server.child.exitCode === null && server.child.signalCode === null) || pidAlive(pgPid)) {
    if (Date.now() > deadline) throw new Error('the server group did not stop');
    await new Promise((r) => setTimeout(r, 100));
  }
}

type Pair = { viewer: Viewer; titleId: string; acked: boolean | null; inFlight: boolean; writes: number };

test.describe.configure({ timeout: 300_000 });

test('every acknowledged write survives a SIGKILL of the app and its database under parallel load', async () => {
  rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort();
  let server: Server | undefined = await startServer(port, true);
  let api: APIRequestContext | undefined = await playwrightRequest.newContext({ baseURL: server.base });
  try {
    const collection = await api.get('/api/client/movieSeries/fetchMediaCollection?limit=20', { headers: { key: API_KEY } });
    expect(collection.ok()).toBe(true);
    const titleIds = ((await collection.json()) as { videos: { _id: string }[] }).videos.map((t) => t._id).slice(0, TITLES);
    expect(titleIds).toHaveLength(TITLES);
    const viewers: Viewer[] = [];
    for (let i = 0; i < USERS; i++) viewers.push(await createViewer(api, `Crash Tester ${i + 1}`));

    // One chain of toggles per (viewer, title), all chains at once: each pair's last answered state is what the server
    // acknowledged; a toggle still in flight at the kill may or may not have committed.
    const pairs: Pair[] = viewers.flatMap((viewer) => titleIds.map((titleId) => ({ viewer, titleId, acked: null, inFlight: false, writes: 0 })));
    let stop = false;
    const chain = async (pair: Pair) => {
      while (!stop) {
        pair.inFlight = true;
        const res = await fetch(`${server!.base}/api/client/userVideoList/videoAddedToMyListByUser?movieSeriesId=${pair.titleId}`, {
          method: 'POST',
          headers: asViewer(pair.viewer),
        }).catch(() => null);
        if (!res) return; // the server is gone: this toggle's fate is unknown
        const body = (await res.json().catch(() => null)) as { data?: { isAddedToList?: boolean } } | null;
        if (res.status !== 200 || typeof body?.data?.isAddedToList !== 'boolean') {
          if (stop) return;
          throw new Error(`toggle answered ${res.status}: ${JSON.stringify(body)}`);
        }
        pair.acked = body.data.isAddedToList;
        pair.writes += 1;
        pair.inFlight = false;
      }
    };
    const chains = pairs.map(chain);
    // Let every pair take several acknowledged writes, then cut the power while requests are in flight.
    const deadline = Date.now() + 20_000;
    while (pairs.some((p) => p.writes < 3) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(Math.min(...pairs.map((p) => p.writes))).toBeGreaterThanOrEqual(3);
    const logBefore = existsSync(serverLog) ? readFileSync(serverLog, 'utf8').length : 0;
    // No new toggles from here; those in flight stay in flight, and whatever breaks off mid-answer has an unknown fate.
    stop = true;
    await killGroup(server, 'SIGKILL');
    await Promise.allSettled(chains);
    const inFlightAtKill = pairs.filter((p) => p.inFlight).length;
    console.info(`crash: ${pairs.reduce((n, p) => n + p.writes, 0)} acknowledged toggles, ${inFlightAtKill} in flight at the kill`);
    await api.dispose();

    server = await startServer(port, false);
    api = await playwrightRequest.newContext({ baseURL: server.base });

    const wrong: string[] = [];
    for (const viewer of viewers) {
      const res = await api.get(`/api/client/userVideoList/getAllVideosAddedToMyListByUser?userId=${viewer.user._id}`, { headers: asViewer(viewer) });
      if (!res.ok()) {
        // The user's own row (an acknowledged sign-in) is gone, or the server cannot read it.
        wrong.push(`${viewer.email}: My List answered ${res.status()} ${(await res.text()).slice(0, 120)}`);
        continue;
      }
      const listed = new Set(((await res.json()) as { data: { movieSeries: { _id: string } }[] }).data.map((e) => e.movieSeries._id));
      for (const pair of pairs.filter((p) => p.viewer === viewer)) {
        const now = listed.has(pair.titleId);
        // A toggle in flight at the kill may have committed (then the state flipped once more) or not.
        const allowed = pair.inFlight ? [pair.acked, !pair.acked] : [pair.acked];
        if (!allowed.includes(now)) wrong.push(`${viewer.email} ${pair.titleId}: acknowledged ${pair.acked}, found ${now}`);
      }
    }
    expect(wrong, `acknowledged writes lost (${pairs.length} pairs of ${USERS} viewers)`).toEqual([]);

    // The database came back by PostgreSQL's ordinary crash recovery (WAL replay), with nothing to repair.
    const recovery = readFileSync(serverLog, 'utf8').slice(logBefore);
    expect(recovery).toContain('database system was interrupted');
    expect(recovery).toContain('database system is ready to accept connections');
    expect(recovery).not.toMatch(/PANIC|corrupt|could not locate a valid checkpoint/i);
  } finally {
    await api?.dispose();
    if (server && server.child.exitCode === null && server.child.signalCode === null) await killGroup(server, 'SIGINT').catch(() => {});
  }
});
