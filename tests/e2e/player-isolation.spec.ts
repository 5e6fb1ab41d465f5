import { expect, test, type APIRequestContext } from '@playwright/test';
import { CRITICAL_PATH_CAP_MS } from '../../player/constants';
import { findEpisodes, scriptsOf, titleHrefs, type Script } from './fixtures';

/**
 * The player's JavaScript (Shaka, the player code) and Firebase reach only pages that need them (issue 12): no page
 * but an episode page loads Shaka or the player at all, no page carries Firebase in the scripts its HTML starts with
 * (identity loads on demand), and an episode page asks for Firebase only after its first frame.
 */

const isShaka = (url: string, body: string) => /\/player-assets\/shaka-/.test(url) || body.includes('shaka.Player') || body.includes('Shaka Player');
// A prop only the player's own element carries (its words are in messages/, not in its code).
const isPlayerCode = (body: string) => body.includes('data-variant-height');
// The Firebase Auth SDK names its REST host in every build; our own code never does.
const isFirebase = (body: string) => body.includes('identitytoolkit.googleapis.com');

/** The scripts the HTML itself names (script src, preload/modulepreload), fetched: what the page starts with. */
async function initialScripts(request: APIRequestContext, html: string): Promise<Script[]> {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="(?:preload|modulepreload)"[^>]*>/g)) {
    if (!/as="script"|modulepreload/.test(m[0])) continue;
    const href = /href="([^"]+)"/.exec(m[0])?.[1];
    if (href) urls.add(href);
  }
  const out: Script[] = [];
  for (const url of urls) {
    if (/^https?:\/\//.test(url) && !url.startsWith('http://127.0.0.1')) continue;
    out.push({ url, body: await (await request.get(url)).text() });
  }
  return out;
}

test('Shaka, the player code and Firebase stay off pages that do not need them', async ({ page, request }) => {
  const [title] = await titleHrefs(page);
  const pages = ['/', title, '/movie-genres/All-movies', '/search?keyword=lihim', '/subscription'];
  for (const path of pages) {
    const { html, scripts } = await scriptsOf(page, path);
    expect(scripts.length, `${path} loads scripts`).toBeGreaterThan(0);
    const shaka = scripts.filter((s) => isShaka(s.url, s.body)).map((s) => s.url);
    expect(shaka, `${path} must not load Shaka`).toEqual([]);
    expect(scripts.filter((s) => isPlayerCode(s.body)).map((s) => s.url), `${path} must not load the player`).toEqual([]);
    const firebaseUpFront = (await initialScripts(request, html)).filter((s) => isFirebase(s.body)).map((s) => s.url);
    expect(firebaseUpFront, `${path} must not start with Firebase`).toEqual([]);
  }
});

test("no page but an episode page fetches an episode's media, not even one it links to (a prefetch)", async ({ page }) => {
  const [title] = await titleHrefs(page);
  for (const path of ['/', title]) {
    const media: string[] = [];
    const onRequest = (r: { url(): string }) => {
      if (/\/media\/.*\.(?:mpd|m3u8|m4s)(?:\?|$)/.test(r.url())) media.push(r.url());
    };
    page.on('request', onRequest);
    await page.goto(path);
    // Next prefetches the links in view once the page is idle.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2000);
    page.off('request', onRequest);
    expect(media, `${path} fetched episode media`).toEqual([]);
  }
});

test('an episode page has Shaka and asks for Firebase only after its first frame', async ({ browser, page: finder, request }) => {
  const [episode] = await findEpisodes(finder, { premium: false });
  // A first visit (nothing stored): the guest is signed in anonymously, which needs Firebase.
  const page = await (await browser.newContext()).newPage();
  await page.addInitScript({
    content: `new MutationObserver((_, obs) => {
      const v = document.querySelector('video[data-testid="episode-video"]');
      if (!v) return;
      obs.disconnect();
      const onFrame = () => (v.getVideoPlaybackQuality().totalVideoFrames > 0 ? (window.__firstFrame = performance.now()) : v.requestVideoFrameCallback(onFrame));
      v.requestVideoFrameCallback(onFrame);
    }).observe(document, { childList: true, subtree: true });`,
  });
  const scripts: Script[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') void res.text().then((body) => scripts.push({ url: res.url(), body }), () => undefined);
  });
  const html = await (await page.goto(episode.episodeHref))!.text();
  // The detectors find what they look for (so the test above is not vacuous).
  await expect.poll(() => scripts.some((s) => isFirebase(s.body)), { timeout: 20_000, message: 'the guest is signed in anonymously, with Firebase, after the start' }).toBe(true);
  expect(scripts.some((s) => isShaka(s.url, s.body)), 'the episode page loads Shaka').toBe(true);
  expect(scripts.some((s) => isPlayerCode(s.body)), 'the episode page loads the player').toBe(true);
  // On a loaded machine Firebase may come at the cap before the frame: wait for the frame before comparing the two.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __firstFrame?: number }).__firstFrame ?? null), { timeout: 20_000, message: 'the episode presented a frame' })
    .not.toBeNull();
  const firebase = scripts.filter((s) => isFirebase(s.body)).map((s) => new URL(s.url).pathname);
  expect((await initialScripts(request, html)).filter((s) => isFirebase(s.body)).map((s) => s.url)).toEqual([]);

  const timing = await page.evaluate((paths) => {
    const w = window as unknown as { __firstFrame?: number };
    const starts = performance.getEntriesByType('resource').filter((e) => paths.includes(new URL(e.name).pathname)).map((e) => e.startTime);
    return { firstFrame: w.__firstFrame ?? null, firebase: Math.min(...starts) };
  }, firebase);
  expect(timing.firstFrame, 'the episode presented a frame').not.toBeNull();
  // After the first frame, or (a machine so slow that the frame takes longer) once the cap on that wait has passed.
  expect(timing.firebase, 'Firebase is asked for after the first frame').toBeGreaterThanOrEqual(Math.min(timing.firstFrame!, CRITICAL_PATH_CAP_MS));
  await page.context().close();
});
