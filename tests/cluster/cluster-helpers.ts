import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { processGroupOf, query, readClusterContext, ROOT, type ClusterContext, type InstanceInfo } from '../../scripts/lib/cluster-stack';

/** Helpers of the cluster specs: the running cluster (scripts/cluster.ts), its instances, the admin, clips. */

export { query };

export const cluster: ClusterContext = readClusterContext();
export const API_KEY = cluster.apiKey;
export const VIDEO = '[data-testid="episode-video"]';

/** The instance that answered through nginx (its X-Upstream header, `127.0.0.1:<port>`), or null. */
export function upstreamOf(headers: Record<string, string>): InstanceInfo | null {
  const port = Number(/:(\d+)\s*$/.exec(headers['x-upstream'] ?? '')?.[1]);
  return cluster.instances.find((i) => i.port === port) ?? null;
}

export function otherThan(instance: InstanceInfo): InstanceInfo {
  return cluster.instances.find((i) => i.name !== instance.name)!;
}

/** The instance whose process group holds `pid` (a worker's pid from jobs.locked_by), or null. */
export function instanceOfPid(pid: number): InstanceInfo | null {
  const group = processGroupOf(pid);
  return cluster.instances.find((i) => i.pid === group) ?? null;
}

/** The pid in a worker id (`host:pid:random:lane`, lib/server/jobs/worker.ts). */
export const pidOfWorker = (lockedBy: string) => Number(lockedBy.split(':')[1]);

export const apiHeaders = (token: string) => ({ key: API_KEY, authorization: `Bearer ${token}` });

/** The demo admin's API token: the emulator's password sign-in, then the product login through the balancer. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const signIn = await request.post(`${cluster.emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    data: { email: cluster.admin.email, password: cluster.admin.password, returnSecureToken: true },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const { idToken, localId } = (await signIn.json()) as { idToken: string; localId: string };
  const login = await request.post(`${cluster.url}/api/client/user/authenticateOrRegister`, {
    headers: { key: API_KEY, authorization: `Bearer ${idToken}` },
    data: { loginType: 5, identity: localId, email: cluster.admin.email, name: 'Kilig Studio', image: null },
  });
  expect(login.ok(), await login.text()).toBe(true);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

export async function json<T>(res: APIResponse): Promise<T> {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * A clip made by ffmpeg for this run: 720×1280 with sound, `seconds` long, at a constant `mbps` (filler data keeps the
 * rate up), so that its size is known: the studio sends 8 MiB a PATCH, and the upload spec wants several.
 */
export function makeClip(seconds: number, mbps: number): string {
  // Under the stage's data folder, which the next run empties.
  const dir = path.join(ROOT, '.data', 'cluster', 'clips');
  mkdirSync(dir, { recursive: true });
  const file = path.join(mkdtempSync(path.join(dir, 'clip-')), 'clip.mp4');
  execFileSync('ffmpeg', [
    '-nostdin', '-y', '-loglevel', 'error',
    '-f', 'lavfi', '-i', `testsrc2=s=720x1280:r=30:d=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p',
    '-b:v', `${mbps}M`, '-minrate', `${mbps}M`, '-maxrate', `${mbps}M`, '-bufsize', `${mbps}M`, '-x264-params', 'nal-hrd=cbr',
    '-c:a', 'aac', '-shortest', file,
  ]);
  return file;
}

/** The media.ingest job of an episode's latest ingest: its state, attempts, and the worker that holds it. */
export async function ingestJobOf(videoId: string): Promise<{ id: string; state: string; attempts: number; locked_by: string | null } | null> {
  const rows = await query<{ id: string; state: string; attempts: number; locked_by: string | null }>(
    cluster.databaseUrl,
    `select j.id, j.state, j.attempts, j.locked_by from jobs j join media_ingests m on m.id = j.payload->>'ingestId'
     where j.type = 'media.ingest' and m.video_id = $1 order by j.created_at desc limit 1`,
    [videoId],
  );
  return rows[0] ?? null;
}

/**
 * A sandbox webhook's signature, as docs/payments.md 'Webhooks' specifies it (`t=<unix s>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>">`): the gateway's side of the contract, written out here because the app's own signer is
 * server-only code.
 */
export function signSandboxWebhook(body: string, secret = cluster.webhookSecret, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}
