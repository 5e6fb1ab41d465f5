import { expect, test, type Page } from '@playwright/test';

/**
 * Issue 22, the site's own pages in both languages: the Filipino about, wallet, subscription and fandom pages carry
 * Filipino headings, titles and descriptions with <html lang="fil">, their English pages the English ones with
 * lang="en"; redirects inside a Filipino page (a renamed title, /movie-genres) stay Filipino.
 */

/** A seeded series (the seed derives ids from names; i18n.spec.ts uses the same). */
const SERIES = { id: '01a6025d0e6fb4a0a52c519d', slug: 'Lihim-ng-Bilyonaryo' };

const htmlLang = (page: Page) => page.locator('html').getAttribute('lang');
const description = (page: Page) => page.locator('meta[name="description"]').getAttribute('content');

type Case = { path: string; h1: RegExp | string; h2?: string; title?: RegExp; description: RegExp };

const PAGES: { name: string; fil: Case; en: Case }[] = [
  {
    name: 'about',
    fil: { path: '/fil/about', h1: 'Maikling drama, malalim na feelings.', h2: 'Ang aming kuwento', description: /^Tungkol sa .+: mga vertical na short drama/ },
    en: { path: '/about', h1: 'Short dramas, big feelings.', h2: 'Our story', description: /^About .+: short vertical dramas made in the Philippines/ },
  },
  {
    name: 'wallet',
    fil: { path: '/fil/wallet', h1: /^Ang Wallet mo sa /, h2: 'Paano gumagana ang coins', title: /^Ang Wallet mo sa /, description: /^Ang balanse ng coins mo/ },
    en: { path: '/wallet', h1: /^Your Wallet at /, h2: 'How coins work', title: /^Your Wallet at /, description: /^Your coin balance: coins unlock premium episodes\./ },
  },
  {
    name: 'subscription',
    fil: { path: '/fil/subscription', h1: 'Premium Subscription - I-unlock ang exclusive content', h2: 'Ano ang kasama sa VIP', title: /Subscription Plans - Pumili ng plan/, description: /./ },
    en: { path: '/subscription', h1: 'Premium Subscription - Unlock exclusive content', h2: 'What VIP includes', title: /Subscription Plans - Choose your plan and unlock premium content!$/, description: /./ },
  },
  {
    name: 'fandom',
    fil: { path: '/fil/fandom', h1: 'Para sa lahat ng curious na movie fan', h2: 'Paborito ng fans', title: /Fandom - Para sa lahat ng curious na movie fan$/, description: /^Mga paborito ng fans/ },
    en: { path: '/fandom', h1: 'For all the curiosity of movie fans', h2: 'Fan favourites', title: /Fandom - For all the curiosity of movie fans$/, description: /^Fan favourites, the stars behind them/ },
  },
];

for (const { name, fil, en } of PAGES) {
  for (const [lang, want] of [['fil', fil], ['en', en]] as const) {
    test(`the ${name} page in ${lang === 'fil' ? 'Filipino' : 'English'} (${want.path})`, async ({ page }) => {
      const response = await page.goto(want.path);
      expect(response?.status()).toBe(200);
      expect(await htmlLang(page)).toBe(lang);
      // Locators, not roles: the subscription page opens its dialog for a guest, and a modal makes the page inert.
      await expect(page.locator('main h1').first()).toHaveText(want.h1);
      if (want.h2) await expect(page.locator('main h2', { hasText: want.h2 }).first()).toBeAttached();
      if (want.title) await expect(page).toHaveTitle(want.title);
      expect(await description(page)).toMatch(want.description);
      const other = lang === 'fil' ? en : fil;
      await expect(page.locator('main h1').first()).not.toHaveText(other.h1);
    });
  }
}

test('redirects inside a Filipino page stay Filipino: /fil/movie-genres and a title under another name', async ({ page }) => {
  await page.goto('/fil/movie-genres');
  await expect(page).toHaveURL(/\/fil\/movie-genres\/All-movies$/);
  expect(await htmlLang(page)).toBe('fil');
  await expect(page.locator('main h1').first()).toHaveText('Lahat ng Movie Series');

  await page.goto(`/fil/movie/Old-Name-${SERIES.id}`);
  await expect(page).toHaveURL(new RegExp(`/fil/movie/${SERIES.slug}-${SERIES.id}$`));
  expect(await htmlLang(page)).toBe('fil');

  await page.goto(`/movie/Old-Name-${SERIES.id}`);
  await expect(page).toHaveURL(new RegExp(`127\\.0\\.0\\.1:\\d+/movie/${SERIES.slug}-${SERIES.id}$`));
  expect(await htmlLang(page)).toBe('en');
});
