import { expect, test, type Page } from '@playwright/test';
import { IDLE_FALLBACK_MS } from '../../lib/after-load';
import { titleHrefs } from './fixtures';

/**
 * A first visit keeps Firebase off its first load (issue 12): the anonymous sign-in of spec §4 still happens on load,
 * but the SDK is only asked for once the page has loaded (its scripts run, the load event fired) and gone idle, never
 * while the page is still loading and hydrating. Before issue 12 the sign-in started in an effect of the first render,
 * racing hydration. Catalogue pages only; the episode page (which waits for its first
 * frame instead) has its own check in player-isolation.spec.ts.
 */

// The Firebase Auth SDK names its REST host in every build; our own code never does.
const isFirebase = (body: string) => body.includes('identitytoolkit.googleapis.com');

async function firstVisit(page: Page, path: string) {
  const scripts: { url: string; body: string }[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') void res.text().then((body) => scripts.push({ url: res.url(), body }), () => undefined);
  });
  // The page's first idle moment after its load event, or the app's fallback on a page that does not go idle in time
  // (a loaded machine): the same timeout as the app's, registered before the app's own callbacks, so it runs first.
  await page.addInitScript((fallbackMs) => {
    window.addEventListener('load', () => {
      const w = window as unknown as { __idleAfterLoad?: number };
      const mark = () => (w.__idleAfterLoad = performance.now());
      if (typeof requestIdleCallback === 'function') requestIdleCallback(mark, { timeout: fallbackMs });
      else setTimeout(mark, 0);
    });
  }, IDLE_FALLBACK_MS);
  await page.goto(path);
  // The spec's anonymous sign-in on load happened: the guest markers are stored.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('isAnonymous')), { timeout: 20_000, message: `${path}: the guest is signed in anonymously` })
    .toBe('true');
  // Script bodies are read asynchronously after each response: wait for the SDK's to be in.
  const firebasePaths = () => [...new Set(scripts.filter((s) => isFirebase(s.body)).map((s) => new URL(s.url).pathname))];
  await expect.poll(() => firebasePaths().length, { timeout: 5_000, message: `${path}: the sign-in used the Firebase SDK` }).toBeGreaterThan(0);
  const firebase = firebasePaths();
  return page.evaluate((paths) => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const starts = performance.getEntriesByType('resource').filter((e) => paths.includes(new URL(e.name).pathname)).map((e) => e.startTime);
    const idle = (window as unknown as { __idleAfterLoad?: number }).__idleAfterLoad ?? Infinity;
    return { loadEnd: nav.loadEventEnd, idle, firebase: Math.min(...starts) };
  }, firebase);
}

test('a first visit asks for Firebase only after the page has loaded, then signs the guest in', async ({ browser, page: finder }) => {
  const [title] = await titleHrefs(finder);
  for (const path of ['/', title, '/search?keyword=lihim']) {
    // A fresh context per page: nothing stored, so each is a first visit.
    const context = await browser.newContext();
    const timing = await firstVisit(await context.newPage(), path);
    expect(timing.loadEnd, `${path}: the load event fired`).toBeGreaterThan(0);
    expect(timing.firebase, `${path}: Firebase is requested after the load event, not during the first load`).toBeGreaterThanOrEqual(timing.loadEnd);
    expect(timing.firebase, `${path}: Firebase waits for the page's first idle moment after its load`).toBeGreaterThanOrEqual(timing.idle);
    await context.close();
  }
});
