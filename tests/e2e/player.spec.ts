import { expect, test, type Page } from '@playwright/test';
import { expectPlayback, findEpisodes, seekTo, titleEpisodes, titleHrefs, titleWithTwoFreeEpisodes, videoSnapshot } from './fixtures';

/** Desktop player (the project's 1440×900 viewport): layout, keys, skips, previous/next, subtitles, trailer, errors. */

const VIDEO = '[data-testid="episode-video"]';

async function waitPlaying(page: Page) {
  await expect(page.locator(VIDEO)).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
  await expect.poll(async () => (await videoSnapshot(page)).frames, { timeout: 30_000 }).toBeGreaterThan(0);
}

async function pauseWithK(page: Page) {
  await page.keyboard.press('k');
  await expect.poll(async () => (await videoSnapshot(page)).paused).toBe(true);
}

/** Presses a key and waits for the clock to settle near `expected` (the video is paused, so it does not drift). */
async function pressAndExpectTime(page: Page, key: string, expected: number) {
  await page.keyboard.press(key);
  await expect
    .poll(async () => {
      const s = await videoSnapshot(page);
      return !s.seeking && Math.abs(s.currentTime - expected) < 0.6;
    }, { timeout: 10_000, message: `${key} should move the clock to ${expected} s` })
    .toBe(true);
}

test('a free episode plays in the desktop layout: decoded frames, custom control bar, volume 0–1 in steps of 0.1', async ({ page }) => {
  const [episode] = await findEpisodes(page, { premium: false });
  await page.goto(episode.episodeHref);
  await expect(page.getByTestId('episode-player')).toHaveAttribute('data-layout', 'desktop');
  await expectPlayback(page, VIDEO);

  await page.getByTestId('episode-player').hover();
  const bar = page.getByTestId('control-bar');
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('slider', { name: 'Volume' })).toHaveAttribute('min', '0');
  await expect(bar.getByRole('slider', { name: 'Volume' })).toHaveAttribute('max', '1');
  await expect(bar.getByRole('slider', { name: 'Volume' })).toHaveAttribute('step', '0.1');
  await bar.getByRole('slider', { name: 'Volume' }).fill('0.3');
  await expect.poll(() => page.locator(VIDEO).evaluate((v: HTMLVideoElement) => v.volume)).toBeCloseTo(0.3);
  await expect(page.getByRole('button', { name: 'Back 10 seconds' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Forward 10 seconds' })).toBeVisible();
  // Not a locked page: the video's own media, and no lock.
  await expect(page.getByTestId('episode-locked')).toHaveCount(0);
});

test('keys: j/← back and l/→ forward by 10 s, back jumps to 0 near the start, forward is ignored near the end, k toggles', async ({ page }) => {
  const [episode] = await findEpisodes(page, { premium: false });
  await page.goto(episode.episodeHref);
  await waitPlaying(page);
  await pauseWithK(page);
  await page.keyboard.press('k');
  await expect.poll(async () => (await videoSnapshot(page)).paused).toBe(false);
  await pauseWithK(page);
  await expect(page.getByTestId('player-announcer')).toContainText('Paused');

  await seekTo(page, 15);
  await pressAndExpectTime(page, 'j', 5);
  await pressAndExpectTime(page, 'l', 15);
  await pressAndExpectTime(page, 'ArrowLeft', 5);
  await pressAndExpectTime(page, 'ArrowRight', 15);
  await expect(page.getByTestId('player-announcer')).toContainText('Forward 10 seconds');

  // Within 3 s of the start, back jumps to the start.
  await seekTo(page, 2);
  await pressAndExpectTime(page, 'j', 0);

  // Within 2 s of the end, forward is ignored.
  const { duration } = await videoSnapshot(page);
  await seekTo(page, duration - 1.5);
  await page.keyboard.press('l');
  await page.waitForTimeout(500);
  expect(Math.abs((await videoSnapshot(page)).currentTime - (duration - 1.5))).toBeLessThan(0.3);
});

test('the controls work from the keyboard alone and announce what happens', async ({ page }) => {
  const [episode] = await findEpisodes(page, { premium: false });
  await page.goto(episode.episodeHref);
  await waitPlaying(page);
  const playToggle = page.getByTestId('play-toggle');
  await playToggle.focus();
  await expect(playToggle).toHaveAccessibleName('Pause');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await videoSnapshot(page)).paused).toBe(true);
  await expect(playToggle).toHaveAccessibleName('Play');
  await expect(page.getByTestId('player-announcer')).toContainText('Paused');
  // The focused bar stays visible; the skip buttons are reachable with Tab.
  await expect(page.getByTestId('control-bar')).toHaveCSS('opacity', '1');
  await page.getByRole('button', { name: 'Forward 10 seconds' }).focus();
  const before = (await videoSnapshot(page)).currentTime;
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await videoSnapshot(page)).currentTime).toBeGreaterThan(before + 9);
});

test('next and previous replace the URL and switch in place; previous is disabled on episode 1, next on the last episode', async ({ page }) => {
  const { tiles } = await titleWithTwoFreeEpisodes(page);
  const first = tiles.find((t) => t.episodeNumber === 1)!;
  const last = tiles.at(-1)!;
  await page.goto(first.href);
  await waitPlaying(page);
  const historyLength = await page.evaluate(() => history.length);

  await expect(page.getByRole('button', { name: 'Previous episode' })).toBeDisabled();
  const next = page.getByRole('button', { name: 'Next episode' });
  await expect(next).toBeEnabled();
  await next.click();
  await expect(page).toHaveURL(/\/episodes\/episode-2-/);
  await expect(page.getByTestId('episode-page')).toHaveAttribute('data-episode', '2');
  // Replaced, not pushed, and played by the same player.
  expect(await page.evaluate(() => history.length)).toBe(historyLength);
  await expect.poll(async () => (await videoSnapshot(page)).currentTime, { timeout: 20_000 }).toBeGreaterThan(0.5);
  expect((await videoSnapshot(page)).frames).toBeGreaterThan(0);
  const heading = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await expect(page.getByTestId('player-announcer')).toContainText(`Playing ${heading.trim()}`.slice(0, 8));
  await expect(page.getByTestId('player-announcer')).toContainText(heading.trim());

  await page.getByRole('button', { name: 'Previous episode' }).click();
  await expect(page).toHaveURL(/\/episodes\/episode-1-/);
  await expect(page.getByTestId('episode-page')).toHaveAttribute('data-episode', '1');
  await expect(page.getByRole('button', { name: 'Previous episode' })).toBeDisabled();

  // The URL is a real page: reloading it renders the same episode.
  await page.goto(tiles.find((t) => t.episodeNumber === 2)!.href);
  await expect(page.getByTestId('episode-page')).toHaveAttribute('data-episode', '2');

  await page.goto(last.href);
  await expect(page.getByRole('button', { name: 'Next episode' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Previous episode' })).toBeEnabled();
});

test('subtitles: on by default, offered only when the manifest has text tracks, and the toggle hides and shows them', async ({ page }) => {
  const free = await findEpisodes(page, { premium: false }, 8);
  let withSubs: string | null = null;
  let withoutSubs: string | null = null;
  for (const e of free) {
    await page.goto(e.episodeHref);
    await waitPlaying(page);
    await page.waitForTimeout(1300); // the text-track check runs 1 s after load
    const has = (await page.getByTestId('subtitles-toggle').count()) > 0;
    if (has) withSubs ??= e.episodeHref;
    else withoutSubs ??= e.episodeHref;
    if (withSubs && withoutSubs) break;
  }
  expect(withSubs, 'a free demo episode has English subtitles').toBeTruthy();
  expect(withoutSubs, 'a free demo episode has none').toBeTruthy();

  // Shaka draws the cues in the player's text layer (its container leaves the layer while they are hidden).
  const showing = () => page.getByTestId('subtitle-layer').evaluate((layer) => (layer.querySelector('.shaka-text-container')?.textContent ?? '').trim().length > 0);
  await page.goto(withSubs!);
  await waitPlaying(page);
  const toggle = page.getByTestId('subtitles-toggle');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(showing, { timeout: 10_000 }).toBe(true);
  await page.getByTestId('episode-player').hover();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(showing).toBe(false);
  await expect(page.getByTestId('player-announcer')).toContainText('Subtitles off');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(showing, { timeout: 10_000 }).toBe(true);
});

test('the trailer plays in the trailer layout: native controls, poster, at most 400 px wide, no side buttons', async ({ page }) => {
  let trailerHref: string | undefined;
  for (const t of await titleHrefs(page)) {
    trailerHref = (await titleEpisodes(page, t)).find((e) => e.episodeNumber === 0)?.href;
    if (trailerHref) break;
  }
  expect(trailerHref, 'a demo title has a trailer').toBeTruthy();
  await page.goto(trailerHref!);
  await expect(page.getByTestId('episode-player')).toHaveAttribute('data-layout', 'trailer');
  const video = page.locator(VIDEO);
  await expect(video).toHaveAttribute('poster', /poster\.jpg$/);
  await expectPlayback(page, VIDEO);
  await expect(video).toHaveAttribute('controls', '');
  const box = await page.getByTestId('trailer-layout').boundingBox();
  expect(box!.width).toBeLessThanOrEqual(400);
  await expect(page.getByTestId('control-bar')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Next episode' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trailer');
});

test("a broken manifest shows 'Video Playback Error' with the desktop text, and Retry reloads the page", async ({ page }) => {
  const [episode] = await findEpisodes(page, { premium: false });
  await page.route('**/manifest.mpd', (route) => route.fulfill({ status: 200, contentType: 'application/dash+xml', body: '<MPD broken' }));
  await page.goto(episode.episodeHref);
  const panel = page.getByTestId('playback-error');
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expect(panel).toContainText('Video Playback Error');
  await expect(panel).toContainText('An error occurred while playing video. Please try refreshing the page.');

  await page.unroute('**/manifest.mpd');
  await page.evaluate(() => ((window as unknown as { __beforeRetry: boolean }).__beforeRetry = true));
  await Promise.all([page.waitForEvent('load'), panel.getByRole('button', { name: 'Retry' }).click()]);
  expect(await page.evaluate(() => (window as unknown as { __beforeRetry?: boolean }).__beforeRetry)).toBeUndefined();
  await expectPlayback(page, VIDEO);
});

test('episode-open errors: an unknown episode answers 404 with its message, a missing number says the information is incomplete', async ({ page }) => {
  const [episode] = await findEpisodes(page, { premium: false });
  const unknown = episode.episodeHref.replace(/\/episode-\d+-/, '/episode-999-');
  let res = await page.goto(unknown);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('alert').filter({ hasText: 'Episode not found. Please try again.' })).toBeVisible();
  res = await page.goto(episode.episodeHref.replace(/\/episode-\d+-/, '/episode--'));
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('alert').filter({ hasText: 'Episode information is incomplete. Please try again.' })).toBeVisible();
});
