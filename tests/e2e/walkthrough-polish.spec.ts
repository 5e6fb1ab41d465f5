import { expect, test, type Page } from '@playwright/test';
import { createViewer, loginAs } from './auth-helpers';

/**
 * Issue 22's walkthrough defects (the part about layout and accessibility), in Chromium against the production build:
 * no sideways scroll signed in on phones, Terms and Privacy from the footer (modal and pages), a mouse can page
 * through a home row, the carousel pauses on request, 24 px text targets, the profile link's name holds its visible
 * words, distinct search landmarks, and a bad episode number's way back to its series.
 */

/** A seeded series (tests/e2e/account.spec.ts and library.spec.ts use the same; the seed derives ids from names). */
const SERIES = { id: '01a6025d0e6fb4a0a52c519d', name: 'Lihim ng Bilyonaryo' };
const SERIES_PATH = `/movie/Lihim-ng-Bilyonaryo-${SERIES.id}`;
const header = (page: Page) => page.getByTestId('site-header');

/** How far the page could scroll sideways (0 when nothing sticks out). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const width of [360, 390]) {
  test(`signed in at ${width} px, no page scrolls sideways (home, genre, movie, dashboard)`, async ({ page, request }) => {
    const viewer = await createViewer(request, 'Maria Clara Dela Cruz');
    await loginAs(page, viewer);
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/', '/movie-genres/All-movies', SERIES_PATH, '/dashboard']) {
      await page.goto(path);
      await expect(header(page).getByRole('button', { name: 'Log out' })).toBeVisible({ timeout: 20_000 });
      if (path !== '/dashboard') await expect(header(page).getByTestId('header-wallet')).toBeVisible();
      expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
      // Every control of the bar lies inside the viewport.
      const outside = await header(page)
        .locator('a:visible, button:visible')
        .evaluateAll((els, w) => els.filter((el) => el.getBoundingClientRect().right > w + 0.5).map((el) => el.outerHTML.slice(0, 80)), width);
      expect(outside, path).toEqual([]);
    }
  });
}

test('the footer opens Terms and Privacy as the sign-up modals, and each is a page of its own', async ({ page, request }) => {
  await page.goto('/about');
  const legal = page.getByTestId('site-footer').getByRole('navigation', { name: 'Legal' });
  await legal.getByRole('link', { name: 'Terms and Conditions' }).click();
  const terms = page.getByTestId('policy-modal-terms');
  await expect(terms.getByRole('heading', { name: 'Mobile App Terms and Conditions' })).toBeVisible();
  await expect(terms.getByRole('heading', { level: 3 })).toHaveCount(12);
  await terms.getByRole('button', { name: 'I Understand' }).click();
  await expect(terms).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/about');

  await legal.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByTestId('policy-modal-privacy').getByRole('heading', { level: 3 })).toHaveCount(11);

  const termsPage = await page.goto('/terms');
  expect(termsPage?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Mobile App Terms and Conditions' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 }).filter({ hasText: 'Governing Law' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/terms$/);
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Mobile App Privacy Policy' })).toBeVisible();
  await expect(page.locator('article').getByRole('heading', { level: 2 })).toHaveCount(11);

  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toMatch(/<loc>[^<]*\/terms<\/loc>/);
  expect(sitemap).toMatch(/<loc>[^<]*\/privacy<\/loc>/);
});

test('at 1440 px a mouse pages through a home row with its arrows', async ({ page }) => {
  await page.goto('/');
  // The first row with more posters than fit (its next arrow renders once the row is measured).
  await expect(page.getByTestId('row-next').first()).toBeAttached();
  const index = await page.getByTestId('title-row').evaluateAll((rows) => rows.findIndex((r) => r.querySelector('[data-testid="row-next"]')));
  const row = page.getByTestId('title-row').nth(index);
  await row.scrollIntoViewIfNeeded();
  const list = row.locator('ul');
  await expect(row.getByTestId('row-previous')).toHaveCount(0);
  await list.hover();
  const next = row.getByTestId('row-next');
  await expect(next).toHaveCSS('opacity', '1');
  await expect(next).toHaveAccessibleName(/^Next titles: /);
  const { width, max } = await list.evaluate((el) => ({ width: el.clientWidth, max: el.scrollWidth - el.clientWidth }));
  await next.click();
  // A page on, give or take the poster snapping takes back (or the row's end, when that is nearer).
  await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBeGreaterThanOrEqual(Math.min(width * 0.7, max - 34));
  await expect(row.getByTestId('row-previous')).toBeVisible();
  // To the end: the next arrow goes away.
  for (let i = 0; i < 10 && (await next.count()) > 0; i++) {
    await next.click();
    await page.waitForTimeout(400);
  }
  await expect(next).toHaveCount(0);
  expect(await list.evaluate((el) => el.scrollWidth - el.clientWidth - el.scrollLeft)).toBeLessThanOrEqual(34);
});

test('the hero carousel stops on its pause button and goes on with play', async ({ page }) => {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Featured titles' });
  await carousel.getByRole('button', { name: 'Pause slideshow' }).click();
  // The pointer and focus leave (their own pauses end): the viewer's pause holds.
  await page.mouse.move(5, 5);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(carousel).toHaveAttribute('data-paused', 'true');
  await expect(carousel.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
});

test('text links and buttons are at least 24 px tall; the profile link says what it shows', async ({ page, request }) => {
  const viewer = await createViewer(request, 'Maria Clara');
  await loginAs(page, viewer);
  await page.goto('/');
  const heights = (selector: string) => page.locator(selector).evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height)));
  for (const h of await heights('[data-testid="site-footer"] nav a')) expect(h).toBeGreaterThanOrEqual(24);
  const seeAll = page.getByRole('link', { name: /^See all/ }).first();
  expect((await seeAll.boundingBox())!.height).toBeGreaterThanOrEqual(24);

  const profile = header(page).getByRole('link', { name: /^Dashboard: / });
  await expect(profile).toHaveAccessibleName('Dashboard: Maria Clara, Free Plan');
  // Every visible word of the link is in its name (axe 'label-content-name-mismatch').
  const visible = (await profile.innerText()).split(/\s+/).filter(Boolean);
  expect(visible).toEqual(['Maria', 'Clara', 'Free', 'Plan']);

  await page.goto(SERIES_PATH);
  const readMore = page.getByRole('button', { name: 'Read More' });
  expect((await readMore.boundingBox())!.height).toBeGreaterThanOrEqual(24);
});

test('the search page has two search landmarks with different names', async ({ page }) => {
  await page.goto('/search?keyword=lihim');
  const names = await page.getByRole('search').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
  expect(names).toEqual(['Site search', 'Search again']);
});

test("a bad episode number offers the series' page beside 'Go home'", async ({ page }) => {
  const res = await page.goto(`/episodes/episode-999-Lihim-ng-Bilyonaryo-${SERIES.id}`);
  expect(res?.status()).toBe(404);
  await page.getByRole('link', { name: 'Go to the series' }).click();
  await expect(page).toHaveURL(new RegExp(`${SERIES_PATH}$`));
  await expect(page.getByRole('heading', { level: 1, name: SERIES.name })).toBeVisible();
});
