import { expect, test, type Page } from '@playwright/test';
import { createViewer, loginAs } from './auth-helpers';
import { seriousViolations } from './axe';

/**
 * Issue 22, Filipino and English: the Filipino home and a title page speak Filipino with <html lang="fil"> at phone
 * and desktop widths; the header's switch goes to the same page in the other language and back; English pages are
 * as they were; a Filipino browser is offered the Filipino page, never sent there. (hreflang and the sitemap: seo.spec.)
 */

/** A seeded series (the seed derives ids from names; walkthrough-polish.spec.ts uses the same). */
const SERIES = { id: '01a6025d0e6fb4a0a52c519d', name: 'Lihim ng Bilyonaryo' };
const SERIES_PATH = `/movie/Lihim-ng-Bilyonaryo-${SERIES.id}`;

const header = (page: Page) => page.getByTestId('site-header');
const htmlLang = (page: Page) => page.locator('html').getAttribute('lang');
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
/** The main nav that shows at this width: the bar's on wide screens, the row beneath it on phones. */
const mainNav = (page: Page, name: string) => page.getByRole('navigation', { name }).locator('visible=true').first();

for (const width of [360, 390, 1440]) {
  test(`at ${width} px the Filipino home and a title page speak Filipino`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/fil');
    expect(await htmlLang(page)).toBe('fil');
    await expect(mainNav(page, 'Pangunahin').getByRole('link', { name: 'Tungkol' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Pinakabago' })).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Mag-log in' })).toBeVisible();
    await expect(header(page).getByTestId('header-language')).toHaveAccessibleName('English');
    await expect(page.getByTestId('site-footer').getByRole('navigation', { name: 'Mag-browse' })).toBeAttached();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    await page.goto(`/fil${SERIES_PATH}`);
    expect(await htmlLang(page)).toBe('fil');
    await expect(page.getByRole('heading', { level: 1, name: SERIES.name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Panoorin Na' })).toHaveAttribute('href', /^\/fil\/episodes\//);
    await expect(page.getByRole('heading', { name: 'Kuwento' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Idagdag sa Listahan' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/fil');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });
}

for (const width of [360, 1440]) {
  test(`at ${width} px the header's switch goes to the same title in Filipino and back`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(SERIES_PATH);
    expect(await htmlLang(page)).toBe('en');
    const toFilipino = header(page).getByTestId('header-language');
    await expect(toFilipino).toHaveAccessibleName('Filipino');
    await expect(toFilipino).toHaveAttribute('hreflang', 'fil');
    // At least 24 px each way. Polled: the link of the static HTML is replaced by the one that reads the query when the
    // page hydrates, and a box asked for in between is null.
    await expect.poll(async () => ((box) => box && Math.min(box.width, box.height))(await toFilipino.boundingBox())).toBeGreaterThanOrEqual(24);
    await toFilipino.click();
    await expect(page).toHaveURL(new RegExp(`/fil${SERIES_PATH}$`));
    await expect(page.getByRole('heading', { name: 'Kuwento' })).toBeVisible();
    expect(await htmlLang(page)).toBe('fil');

    const toEnglish = header(page).getByTestId('header-language');
    await expect(toEnglish).toHaveAccessibleName('English');
    await toEnglish.click();
    await expect(page).toHaveURL(new RegExp(`[^l]${SERIES_PATH}$`));
    await expect(page.getByRole('heading', { name: 'Plot' })).toBeVisible();
    expect(await htmlLang(page)).toBe('en');
  });
}

test('the switch keeps the query, and the footer has it too', async ({ page }) => {
  await page.goto('/movie-genres/All-movies?genre=romance');
  await expect(header(page).getByTestId('header-language')).toHaveAttribute('href', '/fil/movie-genres/All-movies?genre=romance');
  const footerSwitch = page.getByTestId('site-footer').getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Filipino' });
  await expect(footerSwitch).toHaveAttribute('href', '/fil/movie-genres/All-movies?genre=romance');
  await expect(footerSwitch).toHaveAttribute('lang', 'fil');
});

test('an English page is as it was: English texts, lang="en", no offer for an English browser', async ({ page }) => {
  await page.goto('/');
  expect(await htmlLang(page)).toBe('en');
  await expect(page.getByRole('heading', { level: 2, name: 'Latest' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'About' })).toBeAttached();
  await expect(page.getByTestId('site-footer').getByText('All rights reserved')).toBeVisible();
  await expect(page.getByTestId('language-offer')).toHaveCount(0);
});

test.describe('a Filipino browser', () => {
  test.use({ locale: 'fil-PH' });

  test('is offered the Filipino page, never redirected, and the offer stays closed once dismissed', async ({ page, request }) => {
    // Nothing on the server reads Accept-Language: the English URL answers the English page.
    const answer = await request.get('/', { headers: { 'accept-language': 'fil-PH,fil;q=0.9' }, maxRedirects: 0 });
    expect(answer.status()).toBe(200);
    expect(await answer.text()).toContain('<html lang="en"');

    await page.goto(SERIES_PATH);
    expect(new URL(page.url()).pathname).toBe(SERIES_PATH);
    const offer = page.getByTestId('language-offer');
    await expect(offer).toContainText('Available in Filipino — Tingnan sa Filipino');
    await expect(offer.getByRole('link', { name: 'Tingnan sa Filipino' })).toHaveAttribute('href', `/fil${SERIES_PATH}`);
    expect(await seriousViolations(page, '[data-testid="language-offer"]')).toEqual([]);
    await offer.getByRole('button', { name: 'Dismiss' }).click();
    await expect(offer).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Plot' })).toBeVisible();
    await expect(page.getByTestId('language-offer')).toHaveCount(0);
  });
});

for (const width of [360, 390]) {
  test(`signed in at ${width} px, the Filipino pages do not scroll sideways and the switch fits the bar`, async ({ page, request }) => {
    const viewer = await createViewer(request, 'Maria Clara Dela Cruz');
    await loginAs(page, viewer);
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/fil', `/fil${SERIES_PATH}`, '/fil/movie-genres/All-movies']) {
      await page.goto(path);
      await expect(header(page).getByRole('button', { name: 'Log out' })).toBeVisible({ timeout: 20_000 });
      await expect(header(page).getByTestId('header-language')).toBeVisible();
      expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
      const outside = await header(page)
        .locator('a:visible, button:visible')
        .evaluateAll((els, w) => els.filter((el) => el.getBoundingClientRect().right > w + 0.5).map((el) => el.outerHTML.slice(0, 80)), width);
      expect(outside, path).toEqual([]);
    }
  });
}
