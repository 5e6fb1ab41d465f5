import { expect, test } from '@playwright/test';
import { expectPlayback, findEpisodes } from './fixtures';

/**
 * The episode page starts its video before React hydrates (the page's own start, player/boot-script.ts). When hydration comes
 * late, nothing the inline start did may differ from the server's HTML: Shaka's default text displayer used to add
 * <track> elements to the <video> (the demo manifests carry subtitles), and React threw error #418. The app's chunks
 * are held back here so the inline start always wins the race, as it does on a slow phone.
 */

const VIDEO = '[data-testid="episode-video"]';

test('a late hydration finds the inline start\'s video as the server sent it: no hydration error, then it plays', async ({ page }) => {
  test.setTimeout(90_000);
  const [episode] = await findEpisodes(page, { premium: false });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.route('**/_next/static/chunks/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await route.continue();
  });
  await page.goto(episode.episodeHref, { waitUntil: 'commit' });
  await expectPlayback(page, VIDEO, 2);
  await page.waitForTimeout(1000);
  expect(errors.filter((e) => /#418|hydrat/i.test(e))).toEqual([]);
});

test('the video starts before the app: the response announces the engine and the start, and frames show while the app\'s chunks are held back', async ({ page }) => {
  test.setTimeout(90_000);
  const [episode] = await findEpisodes(page, { premium: false });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/chunks/**', async (route) => {
    await held;
    await route.continue();
  });
  const response = await page.goto(episode.episodeHref, { waitUntil: 'commit' });
  // proxy.ts: the browser asks for both before anything the HTML names.
  const link = response!.headers()['link'] ?? '';
  expect(link).toMatch(/<\/episodes\/player-assets\/shaka-[0-9a-f]{16}\.(dash|full)\.js>; rel=preload; as=script/);
  expect(link).toMatch(/<\/episodes\/player-assets\/boot-[0-9a-f]{16}\.js>; rel=preload; as=script/);
  const frames = () => page.evaluate((sel) => (document.querySelector(sel) as HTMLVideoElement | null)?.getVideoPlaybackQuality().totalVideoFrames ?? 0, VIDEO);
  await expect.poll(frames, { timeout: 30_000, message: 'frames before any app chunk ran' }).toBeGreaterThan(0);
  release();
  await expectPlayback(page, VIDEO, 2);
});
