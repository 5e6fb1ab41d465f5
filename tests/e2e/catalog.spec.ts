import { expect, test, type Page } from '@playwright/test';

/**
 * The catalogue pages in Chromium against the production build and the seeded demo catalogue: home, browse with
 * filters, a series with seasons, a movie, the Coming Soon title, the trailer modal and the full-episodes list.
 */

const SERIES = 'Lihim ng Bilyonaryo'; // 3 seasons, the 2nd titled 'Ang Pagbabalik', a trailer
const MOVIE = 'Ang Huling Sayaw'; // type 1
const COMING_SOON = 'Huwag Mo Akong Iwan'; // no episodes

/** Opens a title's page through the browse page's links, like a visitor. */
async function openTitle(page: Page, name: string) {
  await page.goto('/movie-genres/All-movies');
  const href = await page.getByRole('link', { name: `Poster of ${name}` }).first().getAttribute('href');
  expect(href).toMatch(/^\/movie\//);
  await page.goto(href!);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return href!;
}

test('home shows the banners, continue watching, the rows and Subscribe Now', async ({ page }) => {
  await page.addInitScript(() => {
    const entry = { _id: '01a6025d0e6fb4a0a52c519d', name: 'Lihim ng Bilyonaryo', thumbnail: '', currentEpisode: 2, totalEpisodes: 11, lastWatchedAt: new Date().toISOString(), currentTime: 10, duration: 32, progress: 31 };
    window.localStorage.setItem('watchHistory', JSON.stringify([entry]));
  });
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Featured titles' });
  await expect(carousel).toBeVisible();
  await expect(carousel.getByRole('heading', { level: 2 }).first()).toBeVisible();
  const main = page.locator('main');
  for (const row of ['Continue watching', 'Latest', 'Movies', 'Series', 'Romance', 'Thriller']) {
    await expect(main.getByRole('heading', { level: 2, name: row, exact: true })).toBeVisible();
  }
  const cont = page.getByTestId('continue-watching');
  await expect(cont.getByRole('link', { name: /Lihim ng Bilyonaryo/ })).toHaveAttribute('href', /^\/episodes\/episode-2-Lihim-ng-Bilyonaryo-01a6025d0e6fb4a0a52c519d\?continue=1$/);
  await expect(main.getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute('href', '/subscription');
  // Latest holds up to 12 posters, each a link to its detail page.
  const latest = main.getByRole('region', { name: 'Latest' });
  expect(await latest.getByRole('link', { name: /^Poster of / }).count()).toBeGreaterThan(3);
});

test("home fetches no title page until the viewer reaches for its card; a hover fetches that one, and the click opens it", async ({ page }) => {
  const titlePayloads: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/movie/') && (url.searchParams.has('_rsc') || r.headers()['rsc'])) titlePayloads.push(url.pathname);
  });
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Latest' }).getByRole('link', { name: /^Poster of / }).first();
  await expect(card).toBeVisible();
  // Next prefetches the links in view once the page is idle: the title cards must not be among them.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  expect(titlePayloads).toEqual([]);
  const href = (await card.getAttribute('href'))!;
  await card.hover();
  await expect.poll(() => titlePayloads).toContain(href);
  expect(new Set(titlePayloads)).toEqual(new Set([href]));
  await card.click();
  await expect(page).toHaveURL(href);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the browse page filters by genre and by the fixed tag labels; the active tag clicked again clears it', async ({ page }) => {
  await page.goto('/movie-genres/All-movies');
  const tags = page.getByRole('navigation', { name: 'Tags' });
  for (const label of ['Sexy', 'Romantic', 'Steamy', 'Hot']) await expect(tags.getByRole('link', { name: `#${label}` })).toBeVisible();
  const all = await page.getByText(/^\d+ titles$/).textContent();
  await tags.getByRole('link', { name: '#Romantic' }).click();
  await expect(page).toHaveURL(/\/movie-genres\/All-movies\?tag=Romantic$/);
  await expect(page.getByText(/tagged #Romantic/)).toBeVisible();
  await page.getByRole('navigation', { name: 'Genres' }).getByRole('link', { name: 'Romance', exact: true }).click();
  await expect(page).toHaveURL(/genre=romance&tag=Romantic/);
  await expect(page.getByText(/tagged #Romantic in Romance/)).toBeVisible();
  await page.getByRole('navigation', { name: 'Tags' }).getByRole('link', { name: '#Romantic' }).click();
  await expect(page).toHaveURL(/\?genre=romance$/);
  await page.goto('/movie-genres/All-movies?tag=romantic');
  await expect(page.getByText(/tagged #Romantic/)).toBeVisible();
  expect(all).toMatch(/^\d+ titles$/);
});

test('a series page: breadcrumb, poster, plot, favourites, seasons as collapsible groups, the count link and You Might Like', async ({ page }) => {
  const href = await openTitle(page, SERIES);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toHaveText(`Home/${SERIES}`);
  await expect(page.getByRole('img', { name: `Poster of ${SERIES}` })).toBeVisible();
  await expect(page.getByTestId('favourites-count')).toHaveText(/^[\d,]+ favourites$/);
  await expect(page.getByRole('link', { name: 'Play Now' })).toHaveAttribute('href', /^\/episodes\/episode-1-Lihim-ng-Bilyonaryo-/);

  const episodes = page.getByRole('region', { name: 'Seasons & Episodes' });
  const season1 = episodes.locator('details', { hasText: 'Season 1' }).first();
  const season2 = episodes.locator('details', { hasText: 'Season 2: Ang Pagbabalik' });
  await expect(season1).toHaveAttribute('open', '');
  await expect(season2).not.toHaveAttribute('open', '');
  await expect(season2.locator('summary')).toContainText('4 episodes');
  await season2.locator('summary').click();
  await expect(season2).toHaveAttribute('open', '');
  await expect(season2.getByRole('heading', { level: 3, name: 'Tatlong Taon Pagkalipas' })).toBeVisible();
  await season2.locator('summary').click();
  await expect(season2).not.toHaveAttribute('open', '');

  // The trailer tile, PREMIUM badges and durations.
  await expect(episodes.getByRole('heading', { level: 3, name: 'Trailer', exact: true })).toBeVisible();
  expect(await episodes.getByText('PREMIUM').count()).toBeGreaterThan(0);

  const all = episodes.getByRole('link', { name: /^All 11 episodes/ });
  await expect(all).toHaveAttribute('href', href.replace('/movie/', '/full-episodes/'));

  const related = page.getByRole('region', { name: 'You Might Like' });
  const items = related.getByRole('link');
  const n = await items.count();
  expect(n).toBeGreaterThan(0);
  expect(n).toBeLessThanOrEqual(16);
  for (const name of await related.getByRole('heading', { level: 3 }).allTextContents()) {
    expect(name.length).toBeLessThanOrEqual(23);
    expect(name).not.toBe(SERIES);
  }
  // Premium items open their page, others episode 1.
  for (const a of await items.all()) {
    const premium = (await a.getByText('PREMIUM').count()) > 0;
    await expect(a).toHaveAttribute('href', premium ? /^\/movie\// : /^\/episodes\/episode-1-/);
  }

  await all.click();
  await expect(page).toHaveURL(href.replace('/movie/', '/full-episodes/'));
  await expect(page.getByRole('heading', { level: 1, name: SERIES })).toBeVisible();
  await expect(page.getByText('11 episodes', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Season 3: Ang Huling Lihim/ })).toBeVisible();
  expect(await page.locator('main a[href^="/episodes/episode-"]').count()).toBe(12); // the trailer and 11 episodes
});

test('a movie page lists its episodes as a flat grid', async ({ page }) => {
  await openTitle(page, MOVIE);
  await expect(page.getByRole('heading', { level: 2, name: 'Episodes', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Seasons & Episodes' })).toHaveCount(0);
  await expect(page.locator('main details')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Episodes' }).getByRole('link', { name: /^All 1 episode/ })).toBeVisible();
});

test('the plot shows 100 characters with Read More / Read Less', async ({ page }) => {
  await openTitle(page, SERIES);
  const plot = page.getByTestId('plot');
  const short = (await plot.innerText()).trim();
  expect(short.endsWith('...')).toBe(true);
  expect(short.length).toBe(103);
  await page.getByRole('button', { name: 'Read More' }).click();
  const long = (await plot.innerText()).trim();
  expect(long.length).toBeGreaterThan(103);
  expect(long.startsWith(short.slice(0, 100))).toBe(true);
  await page.getByRole('button', { name: 'Read Less' }).click();
  await expect.poll(async () => (await plot.innerText()).trim()).toBe(short);
});

test('Watch Trailer opens a 9:16 modal with the title, Official Trailer and its duration; Escape closes it', async ({ page }) => {
  await openTitle(page, SERIES);
  const opener = page.getByRole('button', { name: 'Watch Trailer' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: SERIES });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Official Trailer');
  await expect(dialog).toContainText(/Duration: \d+s/);
  const frame = dialog.getByTestId('trailer-frame');
  const box = (await frame.boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(9 / 16, 1);
  await expect(dialog.locator('video')).toHaveCount(1, { timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test("the Coming Soon title: placeholder poster, Play Now disabled with 'No episodes available yet.'", async ({ page }) => {
  await openTitle(page, COMING_SOON);
  await expect(page.getByText('No Episodes Yet')).toBeVisible();
  await expect(page.getByText('Coming Soon', { exact: true })).toBeVisible();
  const play = page.getByRole('button', { name: 'Play Now' });
  await expect(play).toBeDisabled();
  await expect(page.getByText('No episodes available yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Watch Trailer' })).toHaveCount(0);
});

test('share falls back to the alert without native sharing', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
  await openTitle(page, MOVIE);
  const messages: string[] = [];
  page.once('dialog', (alert) => {
    messages.push(`${alert.type()}: ${alert.message()}`);
    void alert.dismiss();
  });
  await page.getByRole('button', { name: 'Share' }).click();
  await expect.poll(() => messages).toEqual(['alert: Your browser does not support native sharing.']);
});

test('a renamed or mistyped slug moves to the canonical URL', async ({ page }) => {
  const href = await openTitle(page, SERIES);
  const id = href.slice(href.lastIndexOf('-') + 1);
  const res = await page.goto(`/movie/Some-Old-Name-${id}`);
  expect(res?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe(href);
});
