import { expect, test, type Page } from '@playwright/test';

/** The header search (spec §2 'Search', §4, §5) and the search page, in Chromium against the seeded catalogue. */

const SEARCH_CALL = '/api/client/movieSeries/getContentBySearch';

function countSearchCalls(page: Page): { query: string; at: number }[] {
  const calls: { query: string; at: number }[] = [];
  page.on('request', (r) => {
    if (r.url().includes(SEARCH_CALL)) calls.push({ query: new URL(r.url()).searchParams.get('searchString') ?? '', at: Date.now() });
  });
  return calls;
}

const headerBox = (page: Page) => page.getByTestId('site-header').getByRole('combobox', { name: 'Search movies and series' });

/**
 * Records in the page (its own clock, so a loaded machine cannot make the test miss a short state or blur the timing):
 * every text the dropdown and the header's live region take, and when the last key was typed.
 */
const RECORD_SEARCH_STATES = `window.__search = { dropdown: [], status: [], lastInput: 0 };
document.addEventListener('input', () => { window.__search.lastInput = performance.now(); }, true);
new MutationObserver(() => {
  const push = (list, el) => { const t = el ? el.textContent : null; if (t !== null && list[list.length - 1] !== t) list.push(t); };
  push(window.__search.dropdown, document.querySelector('[data-testid="site-header"] [data-testid="search-dropdown"]'));
  push(window.__search.status, document.querySelector('[data-testid="site-header"] [role="status"]'));
}).observe(document, { childList: true, subtree: true, characterData: true });`;

type SearchStates = { dropdown: string[]; status: string[]; lastInput: number };
const searchStates = (page: Page) => page.evaluate(() => (window as unknown as { __search: SearchStates }).__search);

test('the dropdown goes through every state with the exact texts, 500 ms after the last key', async ({ page }) => {
  const calls = countSearchCalls(page);
  await page.addInitScript({ content: RECORD_SEARCH_STATES });
  await page.goto('/about');
  const box = headerBox(page);
  await box.click();
  const dropdown = page.getByTestId('search-dropdown');
  await expect(dropdown).toHaveText('Start typing to search movies and TV series');

  await box.pressSequentially('li', { delay: 30 });
  await expect(dropdown).toHaveText('Start typing to search movies and TV series');
  await box.pressSequentially('hi', { delay: 30 });
  await expect(dropdown.getByRole('option').first()).toBeVisible();
  const states = await searchStates(page);
  expect(states.dropdown).toContain('Searching...');
  expect(states.status).toContain('Searching...');
  expect(states.dropdown.indexOf('Searching...')).toBeLessThan(states.dropdown.findIndex((t) => /Lihim ng Bilyonaryo/.test(t)));
  // One call for the whole word, 500 ms after the last key (both times in the page's clock).
  expect(calls.map((c) => c.query)).toEqual(['lihi']);
  const callStart = await page.evaluate((path) => performance.getEntriesByType('resource').find((e) => e.name.includes(path))?.startTime ?? NaN, SEARCH_CALL);
  expect(callStart - states.lastInput).toBeGreaterThanOrEqual(490);

  const options = dropdown.getByRole('option');
  expect(await options.count()).toBeLessThanOrEqual(8);
  await expect(dropdown.getByRole('option', { name: /Lihim ng Bilyonaryo/ })).toBeVisible();
  await expect(dropdown.getByTestId('search-total')).toHaveText(/^\d+ results?$/);

  const before = (await searchStates(page)).dropdown.length;
  await box.fill('zzzqqq');
  await expect(dropdown).toHaveText('No results found for "zzzqqq"');
  expect((await searchStates(page)).dropdown.slice(before)).toEqual(['Searching...', 'No results found for "zzzqqq"']);
  await expect(page.getByTestId('site-header').getByRole('status')).toHaveText('No results found for "zzzqqq"');

  await box.fill('');
  await expect(dropdown).toHaveText('Start typing to search movies and TV series');
});

test("more than 8 matches: 8 results, the total in the header and 'View all N results' to the search page", async ({ page }) => {
  await page.goto('/about');
  const box = headerBox(page);
  await box.fill('ang');
  const dropdown = page.getByTestId('search-dropdown');
  const viewAll = dropdown.getByRole('link', { name: /^View all \d+ results$/ });
  await expect(viewAll).toBeVisible();
  const n = Number(/\d+/.exec((await viewAll.textContent())!)![0]);
  expect(n).toBeGreaterThan(8);
  await expect(dropdown.getByRole('option')).toHaveCount(8);
  await expect(dropdown.getByTestId('search-total')).toHaveText(`${n} results`);
  await viewAll.click();
  await expect(page).toHaveURL('/search?keyword=ang');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “ang”');
  await expect(page.getByText(`${n} results`, { exact: true })).toBeVisible();
  expect(await page.locator('main').getByRole('link', { name: /^Poster of / }).count()).toBe(n);
});

test('the keyboard drives the dropdown: arrows, Enter opens the highlighted title, Escape closes', async ({ page }) => {
  await page.goto('/about');
  const box = headerBox(page);
  await box.fill('bilyonaryo');
  const dropdown = page.getByTestId('search-dropdown');
  await expect(dropdown.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(dropdown.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await dropdown.getByRole('option').first().getAttribute('id'))!);
  await page.keyboard.press('Escape');
  await expect(dropdown).toHaveCount(0);
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/movie\/Lihim-ng-Bilyonaryo-[0-9a-f]{24}$/);
});

test('submitting goes to the search page with the trimmed text; an empty submit does nothing', async ({ page }) => {
  await page.goto('/about');
  const box = headerBox(page);
  await box.fill('   ');
  await box.press('Enter');
  await page.waitForTimeout(300);
  await expect(page).toHaveURL('/about');
  await box.fill('  kasal  ');
  await box.press('Enter');
  await expect(page).toHaveURL('/search?keyword=kasal');
  await expect(page.locator('main').getByRole('link', { name: 'Poster of Kasal sa Kontrata' })).toBeVisible();
});

test('the search page: results, no results, and the empty state', async ({ page }) => {
  await page.goto('/search?keyword=BILY%C3%93NARYO');
  await expect(page.locator('main').getByRole('link', { name: 'Poster of Lihim ng Bilyonaryo' })).toBeVisible();
  await page.goto('/search?keyword=zzzqqq');
  await expect(page.getByRole('heading', { name: 'No results found for "zzzqqq"' })).toBeVisible();
  await page.goto('/search');
  await expect(page.getByRole('heading', { name: 'Start typing to search movies and TV series' })).toBeVisible();
});

test('under 769 px the search opens as a full-screen overlay', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(headerBox(page)).toBeHidden();
  await page.getByTestId('site-header').getByRole('button', { name: 'Search' }).click();
  const overlay = page.getByRole('dialog', { name: 'Search' });
  await expect(overlay).toBeVisible();
  const box = (await overlay.boundingBox())!;
  expect(box.width).toBe(390);
  expect(box.height).toBe(844);
  const input = overlay.getByRole('combobox', { name: 'Search movies and series' });
  await expect(input).toBeFocused();
  await expect(overlay.getByTestId('search-dropdown')).toHaveText('Start typing to search movies and TV series');
  await input.fill('kasal');
  await overlay.getByRole('option', { name: /Kasal sa Kontrata/ }).click();
  await expect(page).toHaveURL(/\/movie\/Kasal-sa-Kontrata-/);
  await expect(overlay).toHaveCount(0);
});

test('search is hidden on dashboard and subscription pages', async ({ page }) => {
  for (const path of ['/dashboard', '/dashboard/library', '/subscription']) {
    await page.goto(path);
    await expect(page.getByTestId('site-header')).toBeVisible();
    await expect(page.getByTestId('site-header').getByRole('search')).toHaveCount(0);
  }
});

test('the results are in the first paint: the server HTML carries them outside any part a script reveals later', async ({ request }) => {
  const html = await (await request.get('/search?keyword=lihim', { headers: { accept: 'text/html' } })).text();
  // A streamed Suspense part arrives as <div hidden id="S:n"> and waits for a script at the end of the document.
  const revealedLater = html.indexOf('<div hidden id="S:');
  const firstResult = html.indexOf('alt="Poster of Lihim ng Bilyonaryo"');
  expect(firstResult, 'a result in the HTML').toBeGreaterThan(0);
  if (revealedLater !== -1) expect(firstResult, 'the result comes before any part revealed later').toBeLessThan(revealedLater);
  expect(html.slice(0, firstResult)).toContain('Results for');
});

test('submitting from the header: the form is busy until the results page is there, then the panel closes', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  // Hold the results page back, so the pending state can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/search\?keyword=lihim/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId('site-header').getByRole('button', { name: 'Search' }).click();
  const overlay = page.getByRole('dialog', { name: 'Search' });
  const input = overlay.getByRole('combobox', { name: 'Search movies and series' });
  await input.fill('lihim');
  await input.press('Enter');
  await expect(overlay.getByRole('search')).toHaveAttribute('aria-busy', 'true');
  await expect(overlay.getByTestId('search-pending')).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/search\?keyword=lihim$/);
  await expect(page.locator('main').getByRole('heading', { name: /Results for/ })).toBeVisible();
  await expect(overlay).toHaveCount(0);
});
