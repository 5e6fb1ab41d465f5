import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { adminToken, apiHeaders, cluster, ingestJobOf, instanceOfPid, json, makeClip, otherThan, pidOfWorker } from './cluster-helpers';

/**
 * An instance dies in the middle of an ingest (SIGKILL to its whole process group: no cleanup, no goodbye) and the
 * other instance finishes the job once its lock expires (60 s): the episode reaches Ready, and the job's row shows a
 * second attempt. Last of the specs: the cluster has one instance left afterwards.
 */

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

test('SIGKILL to the instance packaging an episode: the other instance finishes the ingest', async ({ request }) => {
  test.setTimeout(420_000);
  const token = await adminToken(request);
  const headers = apiHeaders(token);
  const title = await json<{ data: { id: string } }>(
    await request.post(`${cluster.url}/api/admin/titles`, { headers, data: { name: `Cluster Kill ${Date.now().toString(36)}`, type: 'series', releaseYear: 2026 } }),
  );
  const episode = await json<{ data: { id: string } }>(
    await request.post(`${cluster.url}/api/admin/titles/${title.data.id}/episodes`, { headers, data: { episodeNumber: 1, title: 'Patay-Sindi' } }),
  );
  const videoId = episode.data.id;

  // A 20 s clip (a longer ingest to catch), uploaded with tus through the balancer in one PATCH.
  const clip = readFileSync(makeClip(20, 4));
  const created = await request.post(`${cluster.url}/api/admin/uploads`, {
    headers: {
      ...headers,
      'tus-resumable': '1.0.0',
      'upload-length': String(clip.length),
      'upload-metadata': `episodeId ${b64(videoId)},filename ${b64('kill.mp4')},filetype ${b64('video/mp4')}`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const location = new URL(created.headers().location, cluster.url);
  const patched = await request.patch(location.toString(), {
    headers: { ...headers, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    data: clip,
  });
  expect(patched.status(), await patched.text()).toBe(204);
  const uploadId = location.pathname.split('/').pop()!;
  await json(await request.post(`${cluster.url}/api/admin/episodes/${videoId}/media`, { headers, data: { uploadId } }));

  // The worker that claimed the job, once the packaging is under way (its progress has moved).
  const claim: { holder: { lockedBy: string; attempts: number } | null } = { holder: null };
  await expect
    .poll(async () => {
      const job = await ingestJobOf(videoId);
      const media = await json<{ data: { ingest: { state: string; percent: number } | null } }>(await request.get(`${cluster.url}/api/admin/episodes/${videoId}/media`, { headers }));
      if (job?.state === 'running' && job.locked_by && (media.data.ingest?.percent ?? 0) > 0) claim.holder = { lockedBy: job.locked_by, attempts: job.attempts };
      return claim.holder !== null;
    }, { timeout: 180_000, intervals: [250], message: 'the ingest is running with some progress' })
    .toBe(true);
  const { lockedBy, attempts } = claim.holder!;
  const victim = instanceOfPid(pidOfWorker(lockedBy));
  expect(victim, `the worker ${lockedBy} is one of the instances`).not.toBeNull();
  const survivor = otherThan(victim!);

  process.kill(-victim!.pid, 'SIGKILL');
  const killedAt = Date.now();
  console.log(`[cluster] SIGKILL to instance ${victim!.name} (process group ${victim!.pid}) while it held the ingest (${lockedBy}, attempt ${attempts})`);
  await expect.poll(async () => (await fetch(`${victim!.url}/api/health`).then((r) => r.status).catch(() => 0)), { timeout: 10_000 }).toBe(0);

  // The survivor, asked directly, reports Ready once its worker has claimed the expired job and packaged it.
  await expect
    .poll(async () => {
      const media = await json<{ data: { mediaStatus: string } }>(await request.get(`${survivor.url}/api/admin/episodes/${videoId}/media`, { headers }));
      return media.data.mediaStatus;
    }, { timeout: 240_000, intervals: [1000], message: `instance ${survivor.name} finishes the ingest` })
    .toBe('ready');
  console.log(`[cluster] instance ${survivor.name} finished the ingest ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`);
  // The worker marks its job done right after the handler has set the episode ready: the row may still say 'running'
  // for a moment when 'ready' is first seen.
  await expect.poll(async () => (await ingestJobOf(videoId))?.state, { timeout: 30_000, message: 'the ingest job is marked done' }).toBe('done');
  const job = await ingestJobOf(videoId);
  expect(job?.attempts, 'claimed again after the dead instance’s lock expired').toBeGreaterThan(attempts);
});
