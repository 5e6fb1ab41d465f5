import { expect, test, type Page } from '@playwright/test';
import { createViewer, loginAs } from './auth-helpers';

/**
 * My list, likes, ratings, the library and the history popup, in Chromium against the real backend. Logged-in viewers
 * are real accounts (Firebase Auth Emulator + authenticateOrRegister, tests/e2e/auth-helpers.ts); each test has its
 * own viewer and browser context.
 */

const BRAND = process.env.NEXT_PUBLIC_BRAND_NAME ?? 'Kilig';
const SERIES = 'Lihim ng Bilyonaryo';
const MOVIE = 'Gabi ng Paghihiganti';

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

async function openTitle(page: Page, name: string) {
  await page.goto('/movie-genres/All-movies');
  const href = await page.getByRole('link', { name: `Poster of ${name}` }).first().getAttribute('href');
  await page.goto(href!);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return href!;
}

/** The session is restored (the header says Log out) before anything personal is clicked. */
async function waitForLogin(page: Page) {
  await expect(page.getByTestId('site-header').getByRole('button', { name: 'Log out' })).toBeVisible({ timeout: 20_000 });
}

const favourites = async (page: Page) => Number((await page.getByTestId('favourites-count').textContent())!.replace(/\D/g, ''));

test("a guest's Add To My List says 'Please login first' and opens the login dialog", async ({ page }) => {
  await openTitle(page, SERIES);
  await page.getByRole('button', { name: 'Add To My List' }).click();
  await expect(toast(page, 'Please login first')).toBeVisible();
  await expect(page.getByRole('dialog', { name: `Log in to ${BRAND}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add To My List' })).toBeVisible();
});

test('a logged-in viewer adds and removes a title; the count, every card and the library follow', async ({ page, request }) => {
  const viewer = await createViewer(request);
  await loginAs(page, viewer);
  const href = await openTitle(page, SERIES);
  await waitForLogin(page);

  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/videoAddedToMyListByUser') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Add To My List' }).click(),
  ]);
  const added = ((await answer.json()) as { data: { totalAddedToList: number } }).data.totalAddedToList;
  await expect(toast(page, 'Added to My List')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove from My List' })).toBeVisible();
  await expect.poll(() => favourites(page)).toBe(added);

  // The cached page shows the new count after a reload too (the toggle revalidates it).
  await page.reload();
  await waitForLogin(page);
  await expect(page.getByRole('button', { name: 'Remove from My List' })).toBeVisible();
  expect(await favourites(page)).toBe(added);

  // Cards elsewhere show the title in the list.
  await page.goto('/movie-genres/All-movies');
  await expect(page.getByRole('button', { name: `Remove from My List: ${SERIES}` }).first()).toBeVisible();

  // The library lists it, opening episode 0.
  await page.goto('/dashboard/library');
  const list = page.getByTestId('my-list');
  await expect(list.getByRole('link', { name: SERIES })).toHaveAttribute('href', /^\/episodes\/episode-0-Lihim-ng-Bilyonaryo-/);

  // Add a second title from a card on the browse page, then remove the first from the library.
  await page.goto('/movie-genres/All-movies');
  await page.getByRole('button', { name: `Add To My List: ${MOVIE}` }).first().click();
  await expect(toast(page, 'Added to My List')).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove from My List: ${MOVIE}` }).first()).toBeVisible();
  await page.goto('/dashboard/library');
  await expect(list.getByRole('link', { name: MOVIE })).toBeVisible();
  await list.getByRole('button', { name: `Remove from My List: ${SERIES}` }).click();
  await expect(toast(page, 'Removed from My List')).toBeVisible();
  await expect(list.getByRole('link', { name: SERIES })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('my-list').getByRole('link', { name: MOVIE })).toBeVisible();
  await expect(page.getByTestId('my-list').getByRole('link', { name: SERIES })).toHaveCount(0);

  await page.goto(href);
  await waitForLogin(page);
  await expect(page.getByRole('button', { name: 'Add To My List' })).toBeVisible();
  expect(await favourites(page)).toBe(added - 1);
});

test('a like and a rating persist across a reload', async ({ page, request }) => {
  const viewer = await createViewer(request);
  await loginAs(page, viewer);
  await openTitle(page, MOVIE);
  await waitForLogin(page);
  const reactions = page.getByTestId('video-reactions');
  const like = reactions.getByRole('button', { name: /^Like/ });
  await expect(reactions).not.toHaveAttribute('aria-busy', 'true');
  const likes = Number(await reactions.getByTestId('like-count').textContent());
  await like.click();
  await expect(reactions.getByRole('button', { name: /^Liked/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(reactions.getByTestId('like-count')).toHaveText(String(likes + 1));

  await reactions.getByRole('button', { name: '4 stars' }).click();
  await expect(toast(page, 'Thanks for rating!')).toBeVisible();
  await expect(reactions.getByRole('button', { name: '4 stars' })).toHaveAttribute('aria-pressed', 'true');
  await expect(reactions.getByTestId('rating-summary')).toContainText(/ratings?/);

  await page.reload();
  await waitForLogin(page);
  await expect(reactions.getByRole('button', { name: /^Liked/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(reactions.getByTestId('like-count')).toHaveText(String(likes + 1));
  await expect(reactions.getByRole('button', { name: '4 stars' })).toHaveAttribute('aria-pressed', 'true');
  await expect(reactions.getByTestId('rating-summary')).toContainText('Your rating: 4 of 5');

  await reactions.getByRole('button', { name: 'Remove my rating' }).click();
  await expect(reactions.getByRole('button', { name: '4 stars' })).toHaveAttribute('aria-pressed', 'false');
  await reactions.getByRole('button', { name: /^Liked/ }).click();
  await expect(reactions.getByRole('button', { name: /^Like/ })).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await waitForLogin(page);
  await expect(reactions.getByRole('button', { name: '4 stars' })).toHaveAttribute('aria-pressed', 'false');
  await expect(reactions.getByTestId('like-count')).toHaveText(String(likes));
});

/** Watch history as the player writes it (local storage `watchHistory`), most recent first. */
function seedHistory(page: Page, n: number) {
  return page.addInitScript((count) => {
    const titles = [
      ['01a6025d0e6fb4a0a52c519d', 'Lihim ng Bilyonaryo', 3, 11],
      ['62a89a68658c12bb2a265af3', 'Kasal sa Kontrata', 0, 6],
      ['89803fbed67691af9dac5e48', 'Gabi ng Paghihiganti', 1, 1],
      ['4176c5cf6015ed922ef55a9a', 'Boss Kong Masungit', 2, 5],
      ['cda8ccc4cfb970aedf10da82', 'Anak ng Mayor', 1, 4],
    ] as const;
    const now = Date.now();
    const entries = titles.slice(0, count).map(([_id, name, currentEpisode, totalEpisodes], i) => ({
      _id,
      name,
      thumbnail: '',
      currentEpisode,
      totalEpisodes,
      lastWatchedAt: new Date(now - i * 60_000).toISOString(),
      currentTime: 12,
      duration: 32,
      progress: 37.5,
      movieSeriesName: name,
      fromContinueWatching: false,
      videoUrl: '',
    }));
    window.localStorage.setItem('watchHistory', JSON.stringify(entries));
  }, n);
}

test('the history tab lists this device’s watch history; each entry resumes its episode', async ({ page }) => {
  await seedHistory(page, 5);
  await page.goto('/dashboard/library?tab=history');
  const tabs = page.getByRole('navigation', { name: 'Library' });
  await expect(tabs.getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');
  const history = page.getByTestId('watch-history');
  const links = history.getByRole('link');
  await expect(links).toHaveCount(5);
  await expect(links.nth(0)).toHaveAttribute('href', /^\/episodes\/episode-3-Lihim-ng-Bilyonaryo-01a6025d0e6fb4a0a52c519d$/);
  await expect(links.nth(1)).toHaveAttribute('href', /^\/episodes\/episode-0-Kasal-sa-Kontrata-/);
  await expect(history).toContainText('Episode 3 of 11');
  await tabs.getByRole('link', { name: 'My List' }).click();
  await expect(page).toHaveURL('/dashboard/library');
});

test('the history and list popup on home (wide screens): 3 entries and More → the history tab', async ({ page, request }) => {
  const viewer = await createViewer(request);
  await request.post('/api/client/userVideoList/videoAddedToMyListByUser?movieSeriesId=01a6025d0e6fb4a0a52c519d', {
    headers: { key: process.env.NEXT_PUBLIC_API_KEY ?? 'kilig-demo-api-key', authorization: `Bearer ${viewer.token}` },
  });
  await loginAs(page, viewer);
  await seedHistory(page, 5);
  await page.goto('/');
  await waitForLogin(page);
  const trigger = page.getByTestId('site-header').getByRole('button', { name: 'History and My List' });
  await trigger.hover();
  const popup = page.getByTestId('history-popup');
  await expect(popup).toBeVisible();
  const rows = popup.getByRole('link');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toHaveAttribute('href', /^\/episodes\/episode-3-Lihim-ng-Bilyonaryo-/);
  await expect(rows.nth(3)).toHaveText('More');
  await expect(rows.nth(3)).toHaveAttribute('href', '/dashboard/library?tab=history');

  await popup.getByRole('tab', { name: 'My List' }).click();
  await expect(popup.getByRole('link', { name: new RegExp(SERIES) })).toHaveAttribute('href', /^\/episodes\/episode-0-Lihim-ng-Bilyonaryo-/);

  await popup.getByRole('tab', { name: 'History' }).click();
  await popup.getByRole('link', { name: 'More' }).click();
  await expect(page).toHaveURL('/dashboard/library?tab=history');

  // Not on narrow screens, and not outside home and genre pages.
  await page.goto('/artist');
  await expect(page.getByRole('button', { name: 'History and My List' })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'History and My List' })).toBeHidden();
});
