import { expect, test } from '@playwright/test';
import { expectPlayback, findEpisodes } from './fixtures';

/**
 * The episode page starts its video before React hydrates (the inline start, player/engine/page-start.ts). When
 * hydration comes late, nothing the inline start did may differ from the server's HTML: Shaka's default text displayer
 * used to add <track> elements to the <video> (the demo manifests carry subtitles), and React threw error #418. The
 * app's chunks are held back here so the inline start always wins the race, as it does on a slow phone.
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

/**
 * The app's JavaScript waits for the inline start's first frame (player/hydration-gate.ts): measured, it took the main
 * thread from Shaka for ~160 ms of a cold start. Records, in the page's clock, the first presented frame and the
 * moment React has hydrated (its fiber on <body>), and whether the gate was open at DOMContentLoaded.
 */
const RECORD_HYDRATION = `(() => {
  const w = window;
  w.__rec = { frame: null, hydrated: null, openAtDcl: null };
  const poll = () => {
    if (w.__rec.hydrated === null && document.body && Object.keys(document.body).some((k) => k.startsWith('__reactFiber'))) w.__rec.hydrated = performance.now();
    const v = document.querySelector('${VIDEO}');
    if (v && w.__rec.frame === null && v.getVideoPlaybackQuality().totalVideoFrames > 0) w.__rec.frame = performance.now();
    if (w.__rec.hydrated === null || w.__rec.frame === null) setTimeout(poll, 5);
  };
  poll();
  document.addEventListener('DOMContentLoaded', () => setTimeout(() => { w.__rec.openAtDcl = w.__kiligHold ? w.__kiligHold.isOpen() : null; }, 0));
})();`;
type Rec = { frame: number | null; hydrated: number | null; openAtDcl: boolean | null };
const rec = (page: import('@playwright/test').Page) => page.evaluate(() => (window as unknown as { __rec: Rec }).__rec);

test('the app hydrates only after the inline start has shown its first frame', async ({ page }) => {
  test.setTimeout(90_000);
  const [episode] = await findEpisodes(page, { premium: false });
  await page.addInitScript({ content: RECORD_HYDRATION });
  // The first media segments come 1.2 s late: without the gate the app (its chunks arrive at once) hydrates first.
  await page.route(/\/media\/[^/]+\/chunk-[^/]*-0*1\.m4s$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await route.continue();
  });
  await page.goto(episode.episodeHref, { waitUntil: 'commit' });
  await expect.poll(async () => (await rec(page)).hydrated, { timeout: 30_000, message: 'the page hydrates' }).not.toBeNull();
  const { frame, hydrated, openAtDcl } = await rec(page);
  expect(openAtDcl, 'the inline start holds the gate past DOMContentLoaded').toBe(false);
  expect(frame, 'the first frame came before hydration').not.toBeNull();
  expect(hydrated!).toBeGreaterThanOrEqual(frame!);
  await expectPlayback(page, VIDEO, 2);
});

test('a page without the inline start (a locked episode) opens the gate at DOMContentLoaded', async ({ page }) => {
  const [episode] = await findEpisodes(page, { premium: true });
  await page.addInitScript({ content: RECORD_HYDRATION });
  await page.goto(episode.episodeHref);
  await expect.poll(async () => (await rec(page)).openAtDcl, { timeout: 10_000 }).toBe(true);
  await expect.poll(async () => (await rec(page)).hydrated, { timeout: 30_000, message: 'the page hydrates' }).not.toBeNull();
});

test('an episode the inline start plays before hydration is in the watch history while it plays', async ({ page }) => {
  const [episode] = await findEpisodes(page, { premium: false });
  const titleId = /-([0-9a-f]{24})$/.exec(episode.episodeHref)![1];
  await page.goto(episode.episodeHref);
  await expectPlayback(page, VIDEO, 1);
  // No pause, no leaving: the history hook heard no 'playing' (it came before hydration), yet records the episode.
  await expect
    .poll(() => page.evaluate(() => window.localStorage.getItem('watchHistory') ?? ''), { timeout: 15_000, message: 'the watch history names the title' })
    .toContain(titleId);
});
