import { expect, test, type Page } from '@playwright/test';
import { expectPlayback, findEpisodes } from './fixtures';

/**
 * The installable app (issue 22): the manifest every page links, the service worker that registers after the page's
 * own start, controls the page, keeps only static files and the offline page, and answers a reload without network
 * with that page; the install page and the store buttons that lead to it while no store listing is configured.
 */

// The other specs block service workers (playwright.config.ts); this one is about it.
test.use({ serviceWorkers: 'allow' });

/** Every URL in the page's Cache Storage, as `cache-name path`. */
async function cachedEntries(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) out.push(`${name} ${new URL(request.url).pathname}`);
    }
    return out;
  });
}

async function waitForControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 15_000 }).toMatch(/\/sw\.js$/);
}

test('every page links a valid manifest: standalone at /, the site\'s colours, PNG icons 192 and 512 (any and maskable)', async ({ page, request }) => {
  for (const path of ['/', '/fil/about']) {
    await page.goto(path);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#07060a');
  }
  const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect((await request.get(apple!)).headers()['content-type']).toBe('image/png');

  const res = await request.get('/manifest.webmanifest');
  expect(res.ok()).toBe(true);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await res.json();
  expect(manifest).toMatchObject({ name: 'Kilig', short_name: 'Kilig', start_url: '/', display: 'standalone', theme_color: '#07060a', background_color: '#07060a' });
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  for (const purpose of ['any', 'maskable']) expect(icons.filter((i) => i.purpose === purpose).map((i) => i.sizes).sort()).toEqual(['192x192', '512x512']);
  for (const icon of icons) {
    const file = await request.get(icon.src);
    expect(file.ok(), icon.src).toBe(true);
    expect(file.headers()['content-type']).toBe('image/png');
  }
  // The manifest's own CSP directive lets the page load it.
  expect((await request.get('/')).headers()['content-security-policy']).toContain("manifest-src 'self'");
});

test('the worker registers after the player has started, controls the page, keeps no media, API or key, and a reload offline shows the offline page', async ({ page, context }) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('console', (m) => {
    if (/Content Security Policy|service ?worker/i.test(m.text()) && m.type() === 'error') problems.push(m.text());
  });
  const [episode] = await findEpisodes(page, { premium: false });
  expect(episode, 'a free demo episode').toBeTruthy();

  // A first visit straight to an episode: the registration waits for the page's own start (the player's first frame).
  const fresh = await context.browser()!.newContext({ serviceWorkers: 'allow', baseURL: test.info().project.use.baseURL });
  const first = await fresh.newPage();
  await first.addInitScript(() => {
    const w = window as unknown as { __firstFrameAt?: number; __registeredAt?: number };
    document.addEventListener('loadeddata', () => (w.__firstFrameAt ??= performance.now()), true);
    const register = ServiceWorkerContainer.prototype.register;
    ServiceWorkerContainer.prototype.register = function (...args: Parameters<typeof register>) {
      w.__registeredAt ??= performance.now();
      return register.apply(this, args);
    };
  });
  await first.goto(episode.episodeHref);
  await expectPlayback(first, '[data-testid="episode-video"]', 1);
  await expect.poll(() => first.evaluate(() => (window as unknown as { __registeredAt?: number }).__registeredAt ?? null), { timeout: 15_000 }).not.toBeNull();
  const { firstFrameAt, registeredAt } = await first.evaluate(() => {
    const w = window as unknown as { __firstFrameAt?: number; __registeredAt?: number };
    return { firstFrameAt: w.__firstFrameAt ?? null, registeredAt: w.__registeredAt ?? null };
  });
  expect(firstFrameAt, 'the video had a first frame').not.toBeNull();
  expect(registeredAt!, 'registered after the first frame').toBeGreaterThan(firstFrameAt!);
  await fresh.close();

  // Home: the worker takes control; then an episode plays under it (manifest, segments, licence, API calls).
  await page.goto('/');
  await waitForControl(page);
  await page.goto(episode.episodeHref);
  await expectPlayback(page, '[data-testid="episode-video"]', 1);
  await page.goto('/fil/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const entries = await cachedEntries(page);
  const paths = entries.map((e) => e.split(' ')[1]);
  expect(paths).toEqual(expect.arrayContaining(['/offline.html', '/fil/offline.html', '/icons/icon-192.png']));
  expect(paths.some((p) => p.startsWith('/_next/static/'))).toBe(true);
  expect(paths.filter((p) => /^\/(media|api)\/|key|licen|drm/i.test(p))).toEqual([]);
  // Pages are never kept: only the offline page, under its own key.
  expect(paths.filter((p) => !p.startsWith('/_next/static/') && !p.startsWith('/icons/') && p !== '/favicon.svg' && !p.endsWith('offline.html'))).toEqual([]);
  // One build's caches, named after it.
  expect(new Set(entries.map((e) => e.split(' ')[0].replace(/^kilig-(static|shell)-/, ''))).size).toBe(1);

  // Without network a reload shows the offline page, in the page's language; back online, it reloads itself.
  for (const [path, heading, retry] of [
    ['/fil/about', 'Offline ka', 'Subukan ulit'],
    ['/movie-genres/All-movies', "You're offline", 'Try again'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId('offline-page')).toHaveCount(0);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('offline-page')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByRole('link', { name: retry })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', path.startsWith('/fil') ? 'fil' : 'en');
    await context.setOffline(false);
    await expect(page.getByTestId('offline-page')).toHaveCount(0, { timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe(path);
  }
  expect(problems).toEqual([]);
});

test('the store buttons lead to the install page; it explains iPhone and Android; Install app where the browser offers it', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('site-footer').getByRole('link', { name: /App Store/ }).click();
  await expect(page).toHaveURL(/\/install$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Install the app');
  await expect(page.getByRole('region', { name: 'iPhone and iPad' })).toContainText("tap 'Add to Home Screen'");
  await expect(page.getByRole('region', { name: 'Android' })).toContainText('Chrome');

  // The browser's offer (Chromium's beforeinstallprompt) shows the button; its click hands over to the browser.
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        (window as unknown as { __prompted: boolean }).__prompted = true;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
    });
    window.dispatchEvent(offer);
  });
  await page.getByTestId('site-footer').getByRole('button', { name: 'Install app' }).click();
  expect(await page.evaluate(() => (window as unknown as { __prompted?: boolean }).__prompted)).toBe(true);
});

test('on a Filipino page the store buttons lead to the Filipino install page', async ({ page }) => {
  await page.goto('/fil');
  await page.getByTestId('site-footer').getByRole('link', { name: /Google Play/ }).click();
  await expect(page).toHaveURL(/\/fil\/install$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('I-install ang app');
  await expect(page.getByRole('region', { name: 'iPhone at iPad' })).toContainText('I-tap ang Share button');
});
