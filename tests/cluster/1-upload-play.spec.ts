import { expect, test, type Page } from '@playwright/test';
import type { InstanceInfo } from '../../scripts/lib/cluster-stack';
import { expectPlayback, signInBrowser, signUpViewer } from '../e2e/fixtures';
import { cluster, ingestJobOf, instanceOfPid, makeClip, otherThan, pidOfWorker, upstreamOf, VIDEO } from './cluster-helpers';

/**
 * Issue 23's first cluster check, with a browser as the admin and as the viewer: the demo admin, through nginx, creates
 * a series and uploads a clip in the studio (tus, 8 MiB a PATCH: nginx sends the PATCHes to both instances), the ingest
 * runs on whichever instance's worker claims it, and a viewer talking to the OTHER instance directly plays the episode,
 * encrypted. Nothing on disk is shared between the instances: the upload and the package live in the S3 server.
 */

const BRAND = process.env.NEXT_PUBLIC_BRAND_NAME ?? 'Kilig';

async function logInAsAdmin(page: Page) {
  await page.goto('/studio');
  await page.waitForFunction(() => window.localStorage.getItem('isAnonymous') === 'true', undefined, { timeout: 30_000 });
  await page.getByTestId('site-header').getByRole('button', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: `Log in to ${BRAND}` });
  await login.getByLabel('Email').fill(cluster.admin.email);
  await login.getByLabel('Password').fill(cluster.admin.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('navigation', { name: 'Studio' })).toBeVisible({ timeout: 30_000 });
}

test('an upload through the balancer lands on both instances, is ingested by either, and plays on the other one', async ({ browser, page, request }) => {
  test.setTimeout(420_000);
  // 6 s at 40 Mbit/s ≈ 30 MB: four PATCHes of 8 MiB.
  const clip = makeClip(6, 40);
  const name = `Cluster Upload ${Date.now().toString(36)}`;

  // Which instance answered each tus PATCH (nginx's X-Upstream).
  const patches: string[] = [];
  page.on('response', (res) => {
    if (res.request().method() === 'PATCH' && res.url().includes('/api/admin/uploads/')) {
      patches.push(upstreamOf(res.headers())?.name ?? `unknown (${res.headers()['x-upstream'] ?? 'no X-Upstream'})`);
    }
  });

  await logInAsAdmin(page);
  await page.getByRole('link', { name: 'New title' }).click();
  await page.waitForURL(/\/studio\/titles\/new$/);
  const details = page.getByRole('form', { name: 'Title details' });
  await details.getByLabel('Name').fill(name);
  await details.getByLabel('Type').selectOption({ label: 'Series' });
  await details.getByLabel('Description').fill('A series uploaded through the load balancer by the cluster test.');
  await details.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/studio\/titles\/[0-9a-f]{24}$/, { timeout: 30_000 });

  const addEpisode = page.getByRole('form', { name: 'Add an episode' });
  await addEpisode.getByLabel('Episode title').fill('Dalawang Makina');
  await addEpisode.getByRole('button', { name: 'Add episode' }).click();
  const edit = page.getByRole('button', { name: /^Edit Episode 1/ });
  await expect(edit).toBeVisible({ timeout: 30_000 });
  await edit.click();

  const media = page.locator('section[data-video-id]');
  const videoId = (await media.getAttribute('data-video-id'))!;
  await media.getByLabel('Video file').setInputFiles(clip);
  await media.getByRole('button', { name: 'Upload video' }).click();

  // While it is packaged: the worker that holds the job (jobs.locked_by names its pid), mapped to its instance.
  const seen: { by: InstanceInfo | null } = { by: null };
  await expect
    .poll(async () => {
      const job = await ingestJobOf(videoId);
      if (job?.locked_by) seen.by ??= instanceOfPid(pidOfWorker(job.locked_by));
      return seen.by !== null || job?.state === 'done';
    }, { timeout: 180_000, intervals: [250] })
    .toBe(true);
  const ingestedBy = seen.by;
  await expect(media.getByText('Ready', { exact: true })).toBeVisible({ timeout: 240_000 });

  console.log(`[cluster] tus PATCHes answered by: ${patches.join(', ')}; ingest worker: ${ingestedBy?.name ?? 'not seen'}`);
  expect(patches.length, 'the clip is sent in several PATCHes').toBeGreaterThanOrEqual(3);
  expect(new Set(patches), 'both instances took chunks of the one upload').toEqual(new Set(cluster.instances.map((i) => i.name)));
  // The job is marked done after the media switch the page shows as 'Ready', once the upload, the scratch folder and
  // the caches are cleared: a moment later, longer on a loaded machine.
  await expect.poll(async () => (await ingestJobOf(videoId))?.state, { timeout: 60_000, intervals: [250] }).toBe('done');

  await page.getByRole('region', { name: 'Publishing of the title' }).getByRole('button', { name: 'Publish now' }).click();
  const onSite = page.getByRole('link', { name: 'View on the site' });
  await expect(onSite).toBeVisible({ timeout: 30_000 });
  const titlePath = new URL((await onSite.getAttribute('href'))!, cluster.url).pathname;

  // The viewer is served by the instance that did not package the episode (either, when the claim was not seen).
  const targets = ingestedBy ? [otherThan(ingestedBy)] : cluster.instances;
  for (const instance of targets) {
    const context = await browser.newContext({ baseURL: instance.url });
    const viewerPage = await context.newPage();
    await signInBrowser(viewerPage, await signUpViewer(request));
    const manifests: number[] = [];
    viewerPage.on('response', (res) => {
      if (res.url().endsWith('.mpd')) manifests.push(res.status());
    });
    await viewerPage.goto(titlePath);
    await viewerPage.locator('a[href*="/episodes/episode-1-"]').first().click();
    await viewerPage.waitForURL(/\/episodes\/episode-1-/);
    await expectPlayback(viewerPage, VIDEO, 2);
    expect(new URL(viewerPage.url()).origin, `played on instance ${instance.name} directly`).toBe(instance.url);
    expect(manifests, 'the manifest came from this instance (out of the bucket)').toContain(200);
    await context.close();
  }
});
