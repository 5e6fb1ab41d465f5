import { expect, test, type Page } from '@playwright/test';
import { createViewer, loginAs } from './auth-helpers';
import { seriousViolations as violationsNow } from './axe';
import { findEpisodes } from './fixtures';

/**
 * axe-core in Chromium on the main pages, in both languages, at a phone's and a desktop's width, for a guest and for a
 * signed-in viewer (the header and the account's pages differ): no serious or critical violation. Each failure lists
 * the rule, the impact and the first offending elements.
 */

const SERIES_PATH = '/movie/Lihim-ng-Bilyonaryo-01a6025d0e6fb4a0a52c519d';
const GUEST_PAGES = ['/', SERIES_PATH, '/movie-genres/All-movies', '/series', '/search?keyword=lihim', '/about', '/subscription', '/fandom'];
const VIEWER_PAGES = ['/', '/dashboard', '/dashboard/library', '/wallet'];
const WIDTHS = [390, 1440];

const inLanguage = (path: string, locale: 'en' | 'fil') => (locale === 'en' ? path : path === '/' ? '/fil' : `/fil${path}`);

async function seriousViolations(page: Page) {
  // Wait for the page to settle: hydrated controls, loaded rows.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  return violationsNow(page);
}

for (const locale of ['en', 'fil'] as const) {
  for (const width of WIDTHS) {
    test(`guest pages in ${locale} at ${width} px have no serious or critical axe violation`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 900 });
      const [free] = await findEpisodes(page, { premium: false });
      for (const path of [...GUEST_PAGES, free.episodeHref]) {
        await page.goto(inLanguage(path, locale));
        expect(await seriousViolations(page), inLanguage(path, locale)).toEqual([]);
      }
    });

    test(`a signed-in viewer's pages in ${locale} at ${width} px have no serious or critical axe violation`, async ({ page, request }) => {
      test.setTimeout(180_000);
      const viewer = await createViewer(request, 'Axe Viewer');
      await loginAs(page, viewer);
      await page.setViewportSize({ width, height: 900 });
      for (const path of VIEWER_PAGES) {
        await page.goto(inLanguage(path, locale));
        await expect(page.getByTestId('site-header').getByRole('button', { name: locale === 'en' ? 'Log out' : /Log out|Mag-log out/ })).toBeAttached({ timeout: 20_000 });
        expect(await seriousViolations(page), inLanguage(path, locale)).toEqual([]);
      }
    });
  }
}

test('the check sees a serious violation when a page has one', async ({ page }) => {
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible(); // hydrated: React will not redraw main
  await page.evaluate(() => document.querySelector('main')!.append(document.createElement('button')));
  expect((await seriousViolations(page)).join()).toContain('button-name (critical)');
});
