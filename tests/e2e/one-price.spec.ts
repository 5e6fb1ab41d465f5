import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiHeaders, expectPlayback, signInBrowser, signUpViewer, titleEpisodes, titleHrefs, type EpisodeTile, type SignedUpViewer } from './fixtures';

/**
 * One coherent price per item, and a top-up that comes back to its unlock (issue 20 items 5 and 6): the locked panel
 * of a premium movie and of a series episode each show the spec's heading, Subscribe Now and exactly ONE offer line
 * with its one button; a top-up started from 'Unlock' comes back, after the sandbox, to the unlock one tap away (or
 * done, with auto-unlock on).
 */

const VIDEO = '[data-testid="episode-video"]';
const LOCKED = 'Episode Locked - This episode requires a subscription to watch';
/** A seeded one-episode movie sold on its own (lib/server/db/seed-data.ts: coinPrice 15, premiumPriceCentavos 4900). */
const MOVIE = 'Ang-Huling-Sayaw';
const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const pathOf = (href: string) => new URL(href, 'http://x').pathname;

/** A series with free episodes 1..3 and coin-sold, locked episodes after them. */
async function coinSeries(page: Page): Promise<{ titleHref: string; tiles: EpisodeTile[] }> {
  for (const titleHref of await titleHrefs(page)) {
    const tiles = await titleEpisodes(page, titleHref);
    const premium = tiles.filter((t) => t.premium && t.episodeNumber > 0);
    if (tiles.some((t) => t.episodeNumber === 3 && !t.premium) && premium.length >= 3 && premium[0].episodeNumber === 4) return { titleHref, tiles };
  }
  throw new Error('no series with three free episodes and at least three premium ones');
}

async function balanceOf(request: APIRequestContext, viewer: SignedUpViewer): Promise<number> {
  const res = await request.get('/api/client/coins/ledger', { headers: apiHeaders(viewer.token), params: { page: 1, limit: 1 } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { balance: number }).balance;
}

/** From the locked panel's 'Unlock' with 0 coins: the top-up dialog, the first plan (100 coins), GCash, the sandbox. */
async function topUpFromUnlock(page: Page, episodeHref: string) {
  await page.goto(episodeHref);
  const panel = page.getByTestId('episode-locked');
  await expect(panel).toContainText(LOCKED);
  const unlock = panel.getByRole('button', { name: /^Unlock for \d+ coins? \(₱[\d.,]+\)$/ });
  const price = Number(/Unlock for (\d+)/.exec((await unlock.textContent()) ?? '')?.[1]);
  await expect(panel.getByTestId('unlock-balance')).toContainText('Your balance: 0 coins');
  await unlock.click();
  const dialog = page.getByRole('dialog', { name: 'Top up coins' });
  await dialog.getByTestId('coin-plan').first().getByRole('button', { name: 'Buy for ₱49.00' }).click();
  await dialog.getByRole('button', { name: /Digital Wallets/ }).click();
  await dialog.getByRole('button', { name: 'GCash' }).click();
  await dialog.getByLabel(/^First name/).fill('Juan');
  await dialog.getByLabel(/^Last name/).fill('Dela Cruz');
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.waitForURL(/\/pay\/[^/?]+$/);
  await page.getByRole('button', { name: 'Authorize' }).click();
  await page.waitForURL(/\/payment\/return\?requestId=/);
  await expect(page.getByTestId('payment-success')).toContainText('Coins added', { timeout: 30_000 });
  await expect(page.getByTestId('payment-coin-balance')).toHaveText('Balance: 100 coins');
  await page.getByRole('link', { name: 'Back to where you were' }).click();
  await expect(page).toHaveURL(new RegExp(`${pathOf(episodeHref)}$`));
  return { panel, price };
}

test("top up from a locked episode's 'Unlock' → pay in the sandbox → back → the unlock is focused with the new balance; one tap unlocks it", async ({ page, request }) => {
  test.setTimeout(150_000);
  const { tiles } = await coinSeries(page);
  const episode = tiles.find((t) => t.episodeNumber === 4)!;
  const viewer = await signUpViewer(request);
  await signInBrowser(page, viewer);

  const { panel, price } = await topUpFromUnlock(page, episode.href);
  // Back on the episode: 'Unlock for N coins' focused, the new balance beside it; nothing charged yet.
  const unlock = panel.getByRole('button', { name: /^Unlock for \d+ coins? \(₱[\d.,]+\)$/ });
  await expect(panel.getByTestId('unlock-ready')).toHaveText('Coins added. Balance: 100 coins');
  await expect(unlock).toBeFocused();
  expect(await balanceOf(request, viewer)).toBe(100);
  // One tap.
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Successfully unlocked!')).toBeVisible();
  await expectPlayback(page, VIDEO);
  await expect(page.getByTestId('episode-locked')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  expect(await balanceOf(request, viewer)).toBe(100 - price);
});

test('with auto-unlock on, the episode a top-up was started for is unlocked on the way back and plays', async ({ page, request }) => {
  test.setTimeout(150_000);
  const { tiles } = await coinSeries(page);
  const episode = tiles.find((t) => t.episodeNumber === 4)!;
  const viewer = await signUpViewer(request);
  const auto = await request.patch('/api/client/coins/auto-unlock', { headers: apiHeaders(viewer.token), data: { enabled: true, capKind: 'episodes', capValue: 5 } });
  expect(auto.ok(), await auto.text()).toBe(true);
  await signInBrowser(page, viewer);

  const { price } = await topUpFromUnlock(page, episode.href);
  await expect(toast(page, /Auto-unlocked Episode 4 for \d+ coins? · balance \d+/)).toBeVisible();
  await expectPlayback(page, VIDEO);
  await expect(page.getByTestId('episode-locked')).toHaveCount(0);
  expect(await balanceOf(request, viewer)).toBe(100 - price);
});

test('the locked panel of a premium movie and of a series episode shows exactly one coherent offer each', async ({ page, request }) => {
  test.setTimeout(120_000);
  const movieHref = (await titleHrefs(page)).find((href) => href.startsWith(`/movie/${MOVIE}-`));
  expect(movieHref, 'the demo catalogue has the premium-priced movie').toBeTruthy();
  const movieEpisode = (await titleEpisodes(page, movieHref!)).find((t) => t.episodeNumber === 1)!;
  const { titleHref, tiles } = await coinSeries(page);
  const viewer = await signUpViewer(request);
  await signInBrowser(page, viewer);

  // The premium movie: sold only as one purchase in pesos.
  await page.goto(movieEpisode.href);
  const panel = page.getByTestId('episode-locked');
  await expect(panel).toContainText(LOCKED);
  await expect(panel.getByRole('link', { name: 'Subscribe Now' })).toBeVisible();
  await expect(panel.getByTestId('unlock-offer')).toHaveText('Or buy this movie for ₱49.00');
  await expect(panel.getByTestId('unlock-offer')).toHaveCount(1);
  await expect(panel.getByRole('button', { name: 'Buy for ₱49.00' })).toHaveCount(1);
  await expect(panel.getByRole('button', { name: /^Unlock/ })).toHaveCount(0);
  await expect(panel).not.toContainText(/coin|Finish this series/i);
  // Its page: 'Buy for ₱49.00' and no coin price; the server prices no coins for it.
  await page.goto(movieHref!);
  await expect(page.getByRole('button', { name: 'Buy for ₱49.00' })).toHaveCount(1);
  await expect(page.getByTestId('series-price-summary')).toHaveCount(0);
  const movieId = /-([0-9a-f]{24})$/.exec(pathOf(movieHref!))?.[1];
  const pricing = await request.get('/api/client/coins/series-pricing', { headers: apiHeaders(viewer.token), params: { movieSeriesId: movieId! } });
  expect(((await pricing.json()) as { data: unknown }).data).toMatchObject({ episodePrice: 0, lockedCount: 0, bundleOffered: false });
  const coinUnlock = await request.patch('/api/client/shortVideo/deductCoinForVideoView', {
    headers: apiHeaders(viewer.token),
    params: { userId: viewer.user._id, shortVideoId: await movieVideoId(request, viewer, movieId!) },
    data: {},
  });
  expect(coinUnlock.status()).toBe(409);

  // A series episode: unlocked for coins, one line and one button; the bundle (several locked, cheaper) below it.
  await page.goto(tiles.find((t) => t.episodeNumber === 4)!.href);
  await expect(panel).toContainText(LOCKED);
  await expect(panel.getByTestId('unlock-offer')).toHaveText(/^Or unlock this episode for \d+ coins? \(₱[\d.,]+\)$/);
  await expect(panel.getByTestId('unlock-offer')).toHaveCount(1);
  await expect(panel.getByRole('button', { name: /^Unlock for \d+ coins?/ })).toHaveCount(1);
  await expect(panel.getByRole('button', { name: /^Buy for/ })).toHaveCount(0);
  await expect(panel.getByTestId('finish-series')).toHaveText(/^Finish this series: \d+ locked episodes for \d+ coins? \(₱[\d.,]+\)$/);
  await expect(panel).not.toContainText('Each episode');
  // The series page keeps its summary.
  await page.goto(titleHref);
  await expect(page.getByTestId('series-price-summary')).toContainText(/Each episode: \d+ coins?/);
});

/** The premium movie's episode 1 video id, from the player's answer. */
async function movieVideoId(request: APIRequestContext, viewer: SignedUpViewer, movieSeriesId: string): Promise<string> {
  const res = await request.get('/api/client/shortVideo/playback', { headers: apiHeaders(viewer.token), params: { movieSeriesId, episodeNumber: '1' } });
  expect(res.ok(), await res.text()).toBe(true);
  const { data } = (await res.json()) as { data: { episode: { _id: string; coinPrice: number; premiumPriceCentavos: number | null } } };
  expect(data.episode).toMatchObject({ coinPrice: 0, premiumPriceCentavos: 4900 });
  return data.episode._id;
}
