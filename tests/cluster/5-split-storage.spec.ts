import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { expect, test } from '@playwright/test';
import { ROOT, startInstance, type Instance } from '../../scripts/lib/cluster-stack';
import { expectPlayback, findEpisodes, signInBrowser, signUpViewer } from '../e2e/fixtures';
import { cluster, VIDEO } from './cluster-helpers';

/**
 * The proof that the stage can fail: the same build, but two instances whose storage is each one's own folder
 * (STORAGE_DRIVER=local, MEDIA_DIR per instance), as a deployment that forgot the bucket would run. Instance "disk-a"
 * holds the packaged media (a copy of the bucket), "disk-b" an empty folder. The episode that plays on disk-a does not
 * play on disk-b: the cross-instance play that tests/cluster/1-upload-play.spec.ts expects to work fails here.
 */

/** Copies every object of the media bucket into `dir` (key = relative path), with the AWS SDK. */
async function copyMediaBucket(dir: string): Promise<number> {
  const s3 = new S3Client({
    endpoint: cluster.s3.endpoint,
    region: cluster.s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: cluster.s3.accessKeyId, secretAccessKey: cluster.s3.secretAccessKey },
  });
  let count = 0;
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: cluster.s3.mediaBucket, ContinuationToken: token }));
    for (const object of page.Contents ?? []) {
      const got = await s3.send(new GetObjectCommand({ Bucket: cluster.s3.mediaBucket, Key: object.Key! }));
      const file = path.join(dir, ...object.Key!.split('/'));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, await got.Body!.transformToByteArray());
      count += 1;
    }
    token = page.NextContinuationToken;
  } while (token);
  s3.destroy();
  return count;
}

test('instances with a disk each instead of the bucket: the episode plays on the one that has the files, not on the other', async ({ browser, request }) => {
  test.setTimeout(360_000);
  const scratch = mkdtempSync(path.join(ROOT, '.data', 'cluster', 'split-'));
  const mediaA = path.join(scratch, 'a', 'media');
  mkdirSync(mediaA, { recursive: true });
  mkdirSync(path.join(scratch, 'b', 'media'), { recursive: true });
  const copied = await copyMediaBucket(mediaA);
  expect(copied, 'the seed packaged media into the bucket').toBeGreaterThan(0);

  const instances: Instance[] = [];
  try {
    for (const [name, distDir] of [['disk-a', cluster.instances[0].distDir], ['disk-b', cluster.instances[1].distDir]] as const) {
      const dir = path.join(scratch, name.slice(-1));
      instances.push(
        await startInstance({
          name,
          distDir,
          logDir: cluster.logDir,
          // JOBS_WORKER off: these two only serve; the cluster's own instances keep working the queue.
          env: { ...cluster.instanceEnv, STORAGE_DRIVER: 'local', MEDIA_DIR: path.join(dir, 'media'), UPLOAD_DIR: path.join(dir, 'uploads'), JOBS_WORKER: 'false' },
        }),
      );
    }
    const [withFiles, empty] = instances;

    const finder = await browser.newContext({ baseURL: withFiles.url });
    const [episode] = await findEpisodes(await finder.newPage(), { premium: false });
    await finder.close();
    expect(episode, 'a free seeded episode').toBeTruthy();
    const viewer = await signUpViewer(request);

    const play = async (instance: Instance) => {
      const context = await browser.newContext({ baseURL: instance.url });
      const page = await context.newPage();
      await signInBrowser(page, viewer);
      const manifests: number[] = [];
      page.on('response', (res) => {
        if (res.url().endsWith('.mpd')) manifests.push(res.status());
      });
      await page.goto(episode.episodeHref);
      return { page, context, manifests };
    };

    // The instance with the files plays it (so the failure below is the storage's, not the episode's)…
    const a = await play(withFiles);
    await expectPlayback(a.page, VIDEO, 2);
    await a.context.close();

    // …the other one cannot: its folder has no package.
    const b = await play(empty);
    await expect.poll(() => b.manifests.length, { timeout: 30_000, message: 'the player asked for the manifest' }).toBeGreaterThan(0);
    expect(b.manifests.every((s) => s === 404), `manifest answers on ${empty.name}: ${b.manifests.join(', ')}`).toBe(true);
    await b.page.waitForTimeout(5_000);
    const frames = await b.page.locator(VIDEO).evaluate((v: HTMLVideoElement) => ({ t: v.currentTime, frames: v.getVideoPlaybackQuality().totalVideoFrames }));
    expect(frames, 'nothing played on the instance without the files').toEqual({ t: 0, frames: 0 });
    await b.context.close();
  } finally {
    await Promise.all(instances.map((i) => i.group.stop()));
  }
});
