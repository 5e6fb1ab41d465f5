/**
 * `npm run bench:player`: player start-up figures in headless Chromium against the production build on localhost.
 *
 *  1. navigation → first decoded frame of a free episode page (median of 10, each in a fresh browser context, so
 *     nothing is cached); aim ≤ 500 ms;
 *  2. 'Next' click → first decoded frame of the next episode (median of 10); aim ≤ 150 ms;
 *  3. the player's JavaScript (the Shaka chunk and the player code) loads only on /episodes/ pages.
 *
 * A benchmark that prints figures, not a test. Starts its own server on a fresh data folder (building first when the
 * build is missing or stale), or measures a running one with `--base http://127.0.0.1:3000`. Options: --runs N.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumLaunch } from '../playwright.config';
import { startChild, stopChild, waitFor, httpOk } from './lib/proc';

const root = path.resolve(import.meta.dirname, '..');
const { values: opts } = parseArgs({ options: { base: { type: 'string' }, runs: { type: 'string', default: '10' } } });
const RUNS = Math.max(1, Number(opts.runs) || 10);
const AIM = { firstFrame: 500, next: 150 };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

/**
 * Installed before any page script (a plain string: a compiled function could carry bundler helpers): records, in ms since navigation start, when the episode video first presents a
 * decoded frame, and after a 'Next' click, when the next episode's first frame is presented (after the old source
 * was emptied, so a frame of the previous episode never counts).
 */
const PROBE = `(() => {
  const w = window;
  w.__bench = { firstFrame: null, clickAt: null, nextFrame: null };
  let emptiedAfterClick = false;
  const watch = (v) => {
    if (v.__watched) return;
    v.__watched = true;
    v.addEventListener('emptied', () => { if (w.__bench.clickAt !== null) emptiedAfterClick = true; });
    const onFrame = () => {
      const frames = v.getVideoPlaybackQuality().totalVideoFrames;
      if (w.__bench.firstFrame === null && frames > 0) w.__bench.firstFrame = performance.now();
      if (w.__bench.clickAt !== null && emptiedAfterClick && w.__bench.nextFrame === null && frames > 0 && v.currentTime < 1) w.__bench.nextFrame = performance.now();
      v.requestVideoFrameCallback(onFrame);
    };
    v.requestVideoFrameCallback(onFrame);
  };
  new MutationObserver(() => {
    const v = document.querySelector('video[data-testid="episode-video"]');
    if (v) watch(v);
  }).observe(document, { childList: true, subtree: true });
  document.addEventListener('click', (e) => {
    if (e.target && e.target.closest && e.target.closest('button[aria-label="Next episode"]')) w.__bench.clickAt = performance.now();
  }, true);
})();`;

type Bench = { firstFrame: number | null; clickAt: number | null; nextFrame: number | null };
const readBench = (page: Page) => page.evaluate(() => (window as unknown as { __bench: Bench }).__bench);

async function findEpisodePair(page: Page, base: string): Promise<{ first: string }> {
  await page.goto(`${base}/movie-genres/All-movies`);
  const titles = await page.locator('a[href^="/movie/"]').evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')!))]);
  for (const t of titles) {
    await page.goto(base + t);
    const tiles = await page.locator('a[href^="/episodes/episode-"]').evaluateAll((as) => as.map((a) => ({ href: a.getAttribute('href')!, premium: /PREMIUM/i.test(a.textContent ?? '') })));
    const free = tiles.filter((x) => !x.premium && !/\/episode-0-/.test(x.href)).map((x) => x.href);
    const one = free.find((h) => /\/episode-1-/.test(h));
    if (one && free.some((h) => /\/episode-2-/.test(h))) return { first: one };
  }
  throw new Error('no title with two free episodes in the catalogue');
}

type Breakdown = { ttfb: number; domContentLoaded: number; playerCreated: number; loadStarted: number; firstFrame: number };

async function firstFrameRun(browser: Browser, url: string): Promise<Breakdown> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript({ content: PROBE });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __bench: Bench }).__bench.firstFrame !== null, null, { timeout: 30_000, polling: 100 });
  const { firstFrame } = await readBench(page);
  // A string, like PROBE: functions compiled by tsx may carry helpers the page does not have.
  const marks = (await page.evaluate(`(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const at = (name) => (performance.getEntriesByName(name)[0] || { startTime: NaN }).startTime;
    return { ttfb: nav.responseStart, domContentLoaded: nav.domContentLoadedEventStart, playerCreated: at('player:create'), loadStarted: at('player:load') };
  })()`)) as Omit<Breakdown, 'firstFrame'>;
  await context.close();
  return { ...marks, firstFrame: firstFrame! };
}

async function nextRun(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript({ content: PROBE });
  const page = await context.newPage();
  await page.goto(url);
  const video = page.locator('video[data-testid="episode-video"]');
  await page.waitForFunction(() => ((document.querySelector('video[data-testid="episode-video"]') as HTMLVideoElement | null)?.currentTime ?? 0) > 1.5, null, { timeout: 30_000 });
  // Give the preload (manifest, licence, first segments of the next episode) a moment, as a viewer watching would.
  await page.waitForTimeout(1500);
  const before = page.url();
  await page.getByRole('button', { name: 'Next episode' }).click();
  await page.waitForFunction(() => (window as unknown as { __bench: Bench }).__bench.nextFrame !== null, null, { timeout: 30_000 });
  const { clickAt, nextFrame } = await readBench(page);
  if (page.url() === before) throw new Error('Next did not change the URL');
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  await context.close();
  return nextFrame! - clickAt!;
}

/** Which same-origin scripts each page loads; the player's chunks are those only the episode page loads that hold Shaka. */
async function playerScriptIsolation(browser: Browser, base: string, episodeUrl: string) {
  const scriptsOf = async (url: string) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Map<string, string>();
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script' && res.url().startsWith(base)) scripts.set(res.url(), await res.text().catch(() => ''));
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    await context.close();
    return scripts;
  };
  const episode = await scriptsOf(episodeUrl);
  const shakaChunks = [...episode].filter(([, body]) => body.includes('shaka.Player') || body.includes('Shaka Player')).map(([u]) => u);
  const episodePage = await (async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/movie-genres/All-movies`);
    const title = await page.locator('a[href^="/movie/"]').first().getAttribute('href');
    await context.close();
    return title!;
  })();
  const others = ['/', '/movie-genres/All-movies', episodePage, '/search?keyword=lihim', '/subscription'];
  const leaks: string[] = [];
  for (const p of others) {
    const s = await scriptsOf(base + p);
    for (const u of s.keys()) if (shakaChunks.includes(u)) leaks.push(`${p} loads ${u}`);
    for (const [u, body] of s) if (body.includes('Preparing player...')) leaks.push(`${p} loads player code (${u})`);
  }
  return { shakaChunks, leaks, pages: others };
}

async function main() {
  let server: ReturnType<typeof startChild> | undefined;
  let base = opts.base?.replace(/\/+$/, '');
  if (!base) {
    const port = 3500 + Math.floor(Math.random() * 200);
    base = `http://127.0.0.1:${port}`;
    console.log(`starting the app on ${base} (log: .data/bench-player.log) …`);
    server = startChild(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/start.ts', '--fresh', '--data-dir', '.data/bench-player', '--port', String(port)], {
      cwd: root,
      logFile: path.join(root, '.data', 'bench-player.log'),
    });
    await waitFor(() => httpOk(`${base}/api/health`), 600_000, 'the app');
  }
  const browser = await chromium.launch({ ...chromiumLaunch, headless: true });
  try {
    const page = await browser.newPage();
    const { first } = await findEpisodePair(page, base);
    await page.close();
    const url = base + first;
    console.log(`episode: ${first}`);
    await firstFrameRun(browser, url); // warm the server (first render of the route, JIT)

    const runs: Breakdown[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await firstFrameRun(browser, url));
    const frames = runs.map((r) => r.firstFrame);
    const nexts: number[] = [];
    for (let i = 0; i < RUNS; i++) nexts.push(await nextRun(browser, url));
    const isolation = await playerScriptIsolation(browser, base, url);

    const [l1, l5] = os.loadavg();
    console.log(`machine: ${os.cpus().length} CPUs, load average ${l1.toFixed(1)} (1 min) / ${l5.toFixed(1)} (5 min): figures scale with other work on the machine`);
    const m1 = median(frames);
    const m2 = median(nexts);
    console.log('');
    console.log(`navigation → first decoded frame (episode page, cold context): median ${fmt(m1)} of ${RUNS} [${frames.map((x) => x.toFixed(0)).join(', ')}]  aim ≤ ${AIM.firstFrame} ms ${m1 <= AIM.firstFrame ? '✓' : '✗'}`);
    const part = (k: keyof Breakdown) => fmt(median(runs.map((r) => r[k])));
    console.log(
      `  breakdown (medians, ms since navigation start): HTML first byte ${part('ttfb')}, DOMContentLoaded ${part('domContentLoaded')}, Shaka player created ${part('playerCreated')}, manifest load started ${part('loadStarted')}, first frame ${part('firstFrame')}`,
    );
    console.log(`'Next' click → first decoded frame of the next episode: median ${fmt(m2)} of ${RUNS} [${nexts.map((x) => x.toFixed(0)).join(', ')}]  aim ≤ ${AIM.next} ms ${m2 <= AIM.next ? '✓' : '✗'}`);
    console.log(
      `player JavaScript only on /episodes/: ${isolation.shakaChunks.length > 0 && isolation.leaks.length === 0 ? '✓' : '✗'} (Shaka chunk${isolation.shakaChunks.length === 1 ? '' : 's'}: ${isolation.shakaChunks.map((u) => u.replace(base!, '')).join(', ') || 'none found'}; checked ${isolation.pages.join(', ')})`,
    );
    for (const leak of isolation.leaks) console.log(`  leak: ${leak}`);
  } finally {
    await browser.close();
    stopChild(server);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
