import { expect, test } from '@playwright/test';
import { apiHeaders, expectPlayback, signInBrowser, signUpViewer, titleEpisodes, titleHrefs } from './fixtures';

/**
 * A premium video bought the way a viewer buys it (issue 11 item 4 and its e2e check): the movie page's 'Buy for ₱X',
 * the purchase dialog's payment steps, the sandbox gateway's hosted checkout, its signed webhook, the return page;
 * then the movie plays, the page says 'Purchased' and the dashboard lists it.
 */

const VIDEO = '[data-testid="episode-video"]';
/** A seeded movie whose episode 1 is sold on its own (lib/server/db/seed-data.ts premiumPriceCentavos 5900). */
const MOVIE = 'Gabi-ng-Paghihiganti';
const PRICE = '₱59.00';

const storageValue = (page: import('@playwright/test').Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

test('log in → movie page → Buy for ₱59.00 → GCash → form → Authorize → return page → the movie plays', async ({ page, request }) => {
  test.setTimeout(120_000);
  const movieHref = (await titleHrefs(page)).find((href) => href.startsWith(`/movie/${MOVIE}-`));
  expect(movieHref, 'the demo catalogue has the premium-priced movie').toBeTruthy();
  const episode = (await titleEpisodes(page, movieHref!)).find((t) => t.episodeNumber === 1)!;
  const viewer = await signUpViewer(request);
  await signInBrowser(page, viewer);

  // Before: the movie is locked.
  await page.goto(episode.href);
  await expect(page.getByTestId('episode-locked')).toBeVisible();

  // The movie page: 'Buy for ₱59.00' next to Play Now, a labelled dialog with the price and the payment steps.
  await page.goto(movieHref!);
  const buy = page.getByRole('button', { name: `Buy for ${PRICE}` });
  await expect(buy).toBeVisible();
  await buy.click();
  const dialog = page.getByRole('dialog', { name: 'Buy this video' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('premium-price')).toHaveText(PRICE);
  await dialog.getByRole('button', { name: `Continue for ${PRICE}` }).click();
  await expect(dialog.getByRole('heading', { name: 'Choose Payment Type' })).toBeVisible();
  await dialog.getByRole('button', { name: /Digital Wallets/ }).click();
  await dialog.getByRole('button', { name: 'GCash' }).click();
  await expect(dialog.getByRole('heading', { name: 'Payment Information' })).toBeVisible();
  await dialog.getByLabel(/^First name/).fill('Juan');
  await dialog.getByLabel(/^Last name/).fill('Dela Cruz');
  await expect(dialog.getByLabel(/^Email/)).toHaveValue(viewer.user.email!);
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click();

  // The sandbox's hosted page; the pending payment (premium variant) was saved before leaving, with where we were.
  await page.waitForURL(/\/pay\/[^/?]+$/);
  const pending = JSON.parse((await storageValue(page, 'pendingPaymentData')) ?? 'null');
  expect(pending).toMatchObject({
    requestId: expect.stringMatching(/^PREMIUM_\d{13}_/),
    videoId: expect.stringMatching(/^[0-9a-f]{24}$/),
    mchOrderId: expect.any(String),
    transactionId: expect.any(String),
    userId: viewer.user._id,
    billingMode: 'one_time',
    timestamp: expect.any(Number),
    returnTo: movieHref,
  });
  expect(await storageValue(page, 'paymentSessionId')).toBe(pending.requestId);
  await expect(page.getByTestId('item')).toHaveText('Gabi ng Paghihiganti');
  await expect(page.getByTestId('amount')).toHaveText(PRICE);
  await expect(page.getByTestId('method')).toHaveText('GCash');
  await page.getByRole('button', { name: 'Authorize' }).click();

  // Back on the site: the return page waits for the webhook, then the purchase and 'Watch now'.
  await page.waitForURL(/\/payment\/return\?requestId=/);
  expect(new URL(page.url()).searchParams.get('requestId')).toBe(pending.requestId);
  await expect(page.getByTestId('payment-success')).toContainText('Purchase complete', { timeout: 30_000 });

  // The page confirmed the paid payment through payment-success (which grants nothing itself: the purchase came
  // with the payment) and toasts; asked again, the server says it was confirmed already.
  await expect(page.getByRole('status').filter({ hasText: 'Purchase complete! The video is yours to watch.' })).toBeVisible();
  const confirmed = await request.post('/api/client/premiumPayment/payment-success', {
    headers: apiHeaders(viewer.token),
    data: { userId: viewer.user._id, videoId: pending.videoId, requestId: pending.requestId },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  expect(await confirmed.json()).toMatchObject({ status: true, hasAccess: true, alreadyConfirmed: true });

  // 'Watch now' plays the movie that was locked, with no new login.
  await page.getByRole('link', { name: 'Watch now' }).click();
  await page.waitForURL((url) => url.pathname === new URL(episode.href, 'http://x').pathname);
  await expect(page.getByTestId('episode-locked')).toHaveCount(0);
  await expectPlayback(page, VIDEO);

  // The movie page now says 'Purchased'; the dashboard lists it under 'My videos' with a Watch link.
  await page.goto(movieHref!);
  await expect(page.getByTestId('premium-purchased')).toHaveText(/Purchased/);
  await expect(page.getByRole('button', { name: `Buy for ${PRICE}` })).toHaveCount(0);
  await page.goto('/dashboard');
  const mine = page.getByTestId('premium-purchases');
  await expect(mine.getByTestId('premium-purchase')).toHaveCount(1);
  await expect(mine).toContainText(PRICE);
  await expect(mine.getByRole('link', { name: /^Watch / })).toHaveAttribute('href', episode.href);
});

test('a guest is asked to log in; at 360 px the dialog fits and is keyboard-usable (Escape closes it)', async ({ page, request }) => {
  const movieHref = (await titleHrefs(page)).find((href) => href.startsWith(`/movie/${MOVIE}-`))!;
  await page.goto(movieHref);
  await page.getByRole('button', { name: `Buy for ${PRICE}` }).click();
  await expect(page.getByRole('dialog', { name: /^Log in to / })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Buy this video' })).toHaveCount(0);

  const viewer = await signUpViewer(request);
  await signInBrowser(page, viewer);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(movieHref);
  const buy = page.getByRole('button', { name: `Buy for ${PRICE}` });
  await buy.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Buy this video' });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(buy).toBeFocused();
});
