import { expect, test, type Page } from '@playwright/test';
import { seekTo, titleEpisodes, titleHrefs, titleWithTwoFreeEpisodes, videoSnapshot, type EpisodeTile } from './fixtures';

/** Binge flow (issue 12): the end card's countdown to the next episode, its unlock offer, and swipes on touch screens. */

const VIDEO = '[data-testid="episode-video"]';

async function waitPlaying(page: Page) {
  await expect(page.locator(VIDEO)).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
  await expect.poll(async () => (await videoSnapshot(page)).frames, { timeout: 30_000 }).toBeGreaterThan(0);
}

/** Plays the last second of the episode on screen (the demo clips are short, but not that short). */
async function playToTheEnd(page: Page) {
  const { duration } = await videoSnapshot(page);
  expect(duration).toBeGreaterThan(2);
  // Paused while seeking, so a slow machine cannot play past the target before the seek is seen to have landed.
  await page.locator(VIDEO).evaluate((v: HTMLVideoElement) => v.pause());
  await seekTo(page, duration - 1);
  await page.locator(VIDEO).evaluate((v: HTMLVideoElement) => void v.play().catch(() => undefined));
  await expect.poll(async () => page.locator(VIDEO).evaluate((v: HTMLVideoElement) => v.ended), { timeout: 15_000 }).toBe(true);
}

/** A title whose episode k is free and k + 1 is locked for a guest (premium). */
async function freeThenLocked(page: Page): Promise<{ free: EpisodeTile; locked: EpisodeTile }> {
  for (const href of await titleHrefs(page)) {
    const tiles = (await titleEpisodes(page, href)).filter((t) => t.episodeNumber > 0);
    for (const t of tiles) {
      const next = tiles.find((x) => x.episodeNumber === t.episodeNumber + 1);
      if (!t.premium && next?.premium) return { free: t, locked: next };
    }
  }
  throw new Error('no title with a free episode followed by a premium one');
}

test('an episode that ends shows the end card, counts down 5 s and starts the next episode in place', async ({ page }) => {
  const { tiles } = await titleWithTwoFreeEpisodes(page);
  await page.goto(tiles.find((t) => t.episodeNumber === 1)!.href);
  await waitPlaying(page);
  const historyLength = await page.evaluate(() => history.length);

  await playToTheEnd(page);
  const card = page.getByTestId('end-card');
  await expect(card).toBeVisible();
  const shownAt = Date.now();
  await expect(card).toHaveAttribute('data-kind', 'countdown');
  await expect(card).toContainText('Up next');
  await expect(card).toContainText('Episode 2');
  // Screen readers: a polite live region says what happens and how to stop it; focus is on 'Play now'.
  await expect(page.getByTestId('end-card-status')).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByTestId('end-card-status')).toContainText('starts in 5 seconds');
  await expect(card.getByRole('button', { name: 'Play now' })).toBeFocused();
  await expect(card.getByRole('button', { name: 'Cancel' })).toBeVisible();

  await expect(page).toHaveURL(/\/episodes\/episode-2-/, { timeout: 15_000 });
  expect(Date.now() - shownAt, 'the countdown runs about 5 s').toBeGreaterThan(3500);
  await expect(page.getByTestId('episode-page')).toHaveAttribute('data-episode', '2');
  await expect(card).toHaveCount(0);
  // Replaced, not pushed, and played by the same player from the preload.
  expect(await page.evaluate(() => history.length)).toBe(historyLength);
  await expect.poll(async () => (await videoSnapshot(page)).currentTime, { timeout: 20_000 }).toBeGreaterThan(0.5);
  expect((await videoSnapshot(page)).frames).toBeGreaterThan(0);
});

test('Next on a desktop plays the next episode from the second <video> that decoded it ahead, and the controls follow it', async ({ page }) => {
  const { tiles } = await titleWithTwoFreeEpisodes(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(tiles.find((t) => t.episodeNumber === 1)!.href);
  await waitPlaying(page);
  // Episode 2 waits on the standby element: hidden from people and screen readers, loaded, paused on a frame near its start.
  const standby = page.getByTestId('episode-video-standby');
  await expect(standby).toHaveAttribute('aria-hidden', 'true');
  await expect(standby).toHaveCSS('opacity', '0');
  await expect
    .poll(() => standby.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.paused && v.currentTime < 0.6), { timeout: 30_000 })
    .toBe(true);
  await standby.evaluate((v: HTMLVideoElement) => Object.assign(v, { decodedAhead: true }));

  await page.getByRole('button', { name: 'Next episode' }).click();
  await expect(page).toHaveURL(/\/episodes\/episode-2-/);
  await expect(page.getByTestId('episode-page')).toHaveAttribute('data-episode', '2');
  const video = page.locator(VIDEO);
  expect(await video.evaluate((v) => (v as unknown as { decodedAhead?: boolean }).decodedAhead === true), 'the element that decoded episode 2 plays it').toBe(true);
  await expect(video).toHaveCSS('opacity', '1');
  await expect(video).toHaveAttribute('data-phase', 'ready');
  await expect.poll(async () => (await videoSnapshot(page)).currentTime, { timeout: 20_000 }).toBeGreaterThan(0.5);
  // The element left is the standby now (hidden), and the keyboard acts on the new one.
  await expect(page.getByTestId('episode-video-standby')).toHaveCSS('opacity', '0');
  await page.keyboard.press('k');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
});

test('the end card by keyboard: Escape (or Cancel) stays on the episode, Play now starts the next at once', async ({ page }) => {
  const { tiles } = await titleWithTwoFreeEpisodes(page);
  await page.goto(tiles.find((t) => t.episodeNumber === 1)!.href);
  await waitPlaying(page);
  await playToTheEnd(page);
  const card = page.getByTestId('end-card');
  await expect(card.getByRole('button', { name: 'Play now' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(card).toHaveCount(0);
  await expect(page.getByTestId('player-announcer')).toContainText('Autoplay cancelled');
  await page.waitForTimeout(6000);
  await expect(page).toHaveURL(/\/episodes\/episode-1-/);

  // Seeking back and ending again brings the card back; Tab to Cancel, Shift+Tab to Play now, Enter plays.
  await playToTheEnd(page);
  await expect(card).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/episodes\/episode-2-/, { timeout: 3000 });
  await expect.poll(async () => (await videoSnapshot(page)).frames, { timeout: 20_000 }).toBeGreaterThan(0);
});

test('a locked next episode: the end card is the unlock offer, and nothing plays on by itself', async ({ page }) => {
  const { free, locked } = await freeThenLocked(page);
  await page.goto(free.href);
  await waitPlaying(page);
  await playToTheEnd(page);
  const card = page.getByTestId('end-card');
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('data-kind', 'locked');
  await expect(card).toContainText(`Episode ${locked.episodeNumber}`);
  await expect(page.getByTestId('end-card-status')).toContainText('Episode Locked - This episode requires a subscription to watch');
  await expect(card.getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute('href', `/subscription?returnTo=${encodeURIComponent(locked.href)}`);
  await expect(card.getByRole('button', { name: /^Unlock for \d+ coins/ })).toBeVisible();
  await page.waitForTimeout(6000);
  await expect(page).toHaveURL(new RegExp(`/episodes/episode-${free.episodeNumber}-`));
  await card.getByRole('button', { name: 'Close' }).click();
  await expect(card).toHaveCount(0);
});

test.describe('touch screen, 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  /** A real touch drag (CDP touch events, as a finger sends them) over the video, from 70 % to 30 % of its height or back. */
  async function swipe(page: Page, direction: 'up' | 'down') {
    const box = (await page.getByTestId('episode-stage').boundingBox())!;
    const x = box.x + box.width / 2;
    const [from, to] = direction === 'up' ? [0.7, 0.3] : [0.3, 0.7];
    const y = (f: number) => box.y + box.height * f;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: y(from) }] });
    for (let i = 1; i <= 4; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y(from + ((to - from) * i) / 4) }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }

  test('a swipe up opens the next episode, a swipe down the previous one; not past the first', async ({ page }) => {
    const { tiles } = await titleWithTwoFreeEpisodes(page);
    await page.goto(tiles.find((t) => t.episodeNumber === 1)!.href);
    await expect(page.getByTestId('episode-player')).toHaveAttribute('data-layout', 'mobile');
    await waitPlaying(page);
    const historyLength = await page.evaluate(() => history.length);

    // Disabled at the ends, as the Previous button is on episode 1.
    await swipe(page, 'down');
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/episodes\/episode-1-/);

    await swipe(page, 'up');
    await expect(page).toHaveURL(/\/episodes\/episode-2-/);
    await expect(page.getByTestId('episode-page')).toHaveAttribute('data-episode', '2');
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    await expect.poll(async () => (await videoSnapshot(page)).currentTime, { timeout: 20_000 }).toBeGreaterThan(0.5);
    expect((await videoSnapshot(page)).frames).toBeGreaterThan(0);
    // A swipe is not a tap: the video still plays.
    expect((await videoSnapshot(page)).paused).toBe(false);

    await swipe(page, 'down');
    await expect(page).toHaveURL(/\/episodes\/episode-1-/);
    await expect(page.getByTestId('episode-page')).toHaveAttribute('data-episode', '1');
  });
});
