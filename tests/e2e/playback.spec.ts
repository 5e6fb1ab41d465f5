import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectPlayback, findEpisodes } from './fixtures';

const shakaJs = readFileSync(path.join(process.cwd(), 'node_modules/shaka-player/dist/shaka-player.compiled.js'), 'utf8');

test('a free demo episode plays its encrypted DASH through Shaka with keys from the license endpoint', async ({ page }) => {
  const [episode] = await findEpisodes(page, { premium: false });
  expect(episode, 'the demo catalogue has a free episode').toBeTruthy();

  const licenses: number[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/drm/clearkey/') && res.request().method() === 'POST') licenses.push(res.status());
  });
  const manifest = page.waitForResponse((res) => res.url().endsWith('/manifest.mpd'));
  await page.goto(episode.episodeHref);
  const mpd = await (await manifest).text();
  expect(mpd).toContain('cenc:default_KID');

  await page.locator('[data-testid="episode-video"]').evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    void v.play().catch(() => undefined);
  });
  await expectPlayback(page, '[data-testid="episode-video"]');
  expect(licenses).toContain(200);
});

test('the same stream with a wrong key fails to decode: a severity-2 error and no frames', async ({ page, baseURL }) => {
  const [episode] = await findEpisodes(page, { premium: false });
  const manifestResponse = page.waitForResponse((res) => res.url().endsWith('/manifest.mpd'));
  await page.goto(episode.episodeHref);
  const manifestUrl = (await manifestResponse).url();
  const mpd = await (await manifestResponse).text();
  const kid = /cenc:default_KID="([0-9a-fA-F-]{36})"/.exec(mpd)?.[1]?.replaceAll('-', '').toLowerCase();
  expect(kid).toMatch(/^[0-9a-f]{32}$/);

  // A bare Shaka page on the app's origin (test scaffolding, not app code): real manifest and segments, wrong key.
  await page.route(`${baseURL}/__e2e/shaka.html`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><video id="v" muted playsinline></video><script src="/__e2e/shaka.js"></script>' }),
  );
  await page.route(`${baseURL}/__e2e/shaka.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: shakaJs }));
  await page.goto('/__e2e/shaka.html');

  const outcome = await page.evaluate(
    async ({ manifestUrl, kid }) => {
      const shaka = (window as unknown as { shaka: any }).shaka; // eslint-disable-line @typescript-eslint/no-explicit-any
      shaka.polyfill.installAll();
      const video = document.getElementById('v') as HTMLVideoElement;
      const player = new shaka.Player();
      await player.attach(video);
      player.configure({ drm: { clearKeys: { [kid]: '00112233445566778899aabbccddeeff' } } });
      const errors: { severity: number; code: number }[] = [];
      player.addEventListener('error', (e: { detail: { severity: number; code: number } }) => errors.push({ severity: e.detail.severity, code: e.detail.code }));
      try {
        await player.load(manifestUrl);
        void video.play().catch(() => undefined);
      } catch (e) {
        const err = e as { severity: number; code: number };
        errors.push({ severity: err.severity, code: err.code });
      }
      const deadline = Date.now() + 15_000;
      while (errors.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      return { errors, frames: video.getVideoPlaybackQuality().totalVideoFrames };
    },
    { manifestUrl, kid: kid! },
  );
  expect(outcome.errors.length, 'a wrong key must end in a player error').toBeGreaterThan(0);
  expect(outcome.errors.some((e) => e.severity === 2)).toBe(true);
  expect(outcome.frames).toBe(0);
});

test('a premium episode is locked: no manifest in the page, and its keys are refused', async ({ page, request }) => {
  const [episode] = await findEpisodes(page, { premium: true });
  expect(episode, 'the demo catalogue has a premium episode').toBeTruthy();
  const manifestRequests: string[] = [];
  page.on('request', (req) => {
    if (/\.(mpd|m3u8)$/.test(req.url())) manifestRequests.push(req.url());
  });
  const res = await page.goto(episode.episodeHref);
  const html = await res!.text();
  await expect(page.getByTestId('episode-locked')).toContainText('Episode Locked - This episode requires a subscription to watch');
  await expect(page.getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute('href', `/subscription?returnTo=${encodeURIComponent(new URL(episode.episodeHref, 'http://x').pathname)}`);
  expect(html).not.toMatch(/manifest\.mpd|master\.m3u8/);
  expect(manifestRequests.filter((u) => !u.includes('episode-0'))).toEqual([]);

  // A direct license request for the locked episode's video is refused before any key is looked at.
  const videoId = await page.getByTestId('episode-locked').getAttribute('data-video-id');
  expect(videoId).toMatch(/^[0-9a-f]{24}$/);
  const license = await request.post(`/api/drm/clearkey/${videoId}`, { data: { kids: ['AAAAAAAAAAAAAAAAAAAAAA'], type: 'temporary' } });
  expect(license.status()).toBe(403);
  expect(await license.json()).toMatchObject({ status: false, code: 'E_LOCKED' });
});
