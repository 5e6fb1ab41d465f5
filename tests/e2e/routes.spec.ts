import { expect, test } from '@playwright/test';
import { findEpisodes } from './fixtures';

const BRAND = process.env.NEXT_PUBLIC_BRAND_NAME ?? 'Kilig';

type Case = { path: string; header: boolean; footer: boolean; title?: string };

const staticRoutes: Case[] = [
  { path: '/', header: true, footer: true, title: BRAND },
  { path: '/movie-genres/All-movies', header: true, footer: true, title: `All Movie Series | ${BRAND}` },
  { path: '/artist', header: true, footer: true, title: BRAND },
  { path: '/subscription', header: true, footer: true, title: `${BRAND} Subscription Plans - Choose your plan and unlock premium content!` },
  { path: '/about', header: true, footer: true, title: BRAND },
  { path: '/series', header: true, footer: true, title: BRAND },
  { path: '/dashboard', header: true, footer: true, title: BRAND },
  { path: '/dashboard/library', header: true, footer: true, title: `Your Movie Library at ${BRAND}` },
  { path: '/dashboard/library?tab=history', header: true, footer: true, title: `Your Movie Library at ${BRAND}` },
  { path: '/search?keyword=pag-ibig', header: true, footer: true, title: BRAND },
  { path: '/wallet', header: true, footer: true, title: `Your Wallet at ${BRAND}` },
  { path: '/fandom', header: true, footer: true, title: `${BRAND} Fandom - For all the curiosity of movie fans` },
  { path: '/tag/Romance', header: true, footer: false },
];

async function expectChrome(page: import('@playwright/test').Page, c: Case) {
  const res = await page.goto(c.path);
  expect(res?.status(), c.path).toBe(200);
  await expect(page.getByTestId('site-header')).toHaveCount(c.header ? 1 : 0);
  await expect(page.getByTestId('site-footer')).toHaveCount(c.footer ? 1 : 0);
  if (c.title) await expect(page).toHaveTitle(c.title);
  // Never blank: the page has a heading of its own.
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
}

for (const c of staticRoutes) {
  test(`route ${c.path} renders with header ${c.header ? 'shown' : 'hidden'} and footer ${c.footer ? 'shown' : 'hidden'}`, async ({ page }) => {
    await expectChrome(page, c);
  });
}

test('movie, full-episodes and episode routes render; the player page hides header and footer', async ({ page }) => {
  const [episode] = await findEpisodes(page, { premium: false });
  expect(episode).toBeTruthy();
  await expectChrome(page, { path: episode.titleHref, header: true, footer: true });
  await expectChrome(page, { path: episode.titleHref.replace('/movie/', '/full-episodes/'), header: true, footer: true });
  const res = await page.goto(episode.episodeHref);
  expect(res?.status()).toBe(200);
  await expect(page.getByTestId('site-header')).toHaveCount(0);
  await expect(page.getByTestId('site-footer')).toHaveCount(0);
});

test('an unknown movie id answers 404', async ({ page }) => {
  for (const path of ['/movie/Walang-Ganito-000000000000000000000000', '/movie/nonsense', '/full-episodes/Wala-ffffffffffffffffffffffff', '/episodes/episode-1-Wala-ffffffffffffffffffffffff']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
  }
});

test('the footer carries the store buttons, social links, contact, address, links and rights text', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByTestId('site-footer');
  await expect(footer).toContainText('rights reserved 2025');
  await expect(footer.getByRole('link', { name: 'Movies' })).toHaveAttribute('href', '/movie-genres/All-movies');
  await expect(footer.getByRole('link', { name: 'Series' })).toHaveAttribute('href', '/series');
  await expect(footer.getByRole('link', { name: 'My List' })).toHaveAttribute('href', '/dashboard/library');
  await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
});

test('the nav highlights the active item and shows beneath the bar on phones', async ({ page }) => {
  await page.goto('/artist');
  await expect(page.getByTestId('site-header').locator('[aria-current="page"]').first()).toHaveText(/Artist/);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/about');
  const activeVisible = page.getByTestId('site-header').locator('[aria-current="page"]:visible');
  await expect(activeVisible.first()).toHaveText(/About/);
});
