import { expect, test } from '@playwright/test';
import { expectPlayback, findEpisodes } from './fixtures';

/**
 * The episode page starts its video before React hydrates (the inline start, player/boot.ts). When hydration comes
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
