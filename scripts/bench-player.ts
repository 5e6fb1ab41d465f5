/**
 * `npm run bench:player`: player start-up figures in headless Chromium against the production build on localhost,
 * as ratios measured side by side in one run (the machines are shared and noisy; absolute figures drift with load).
 *
 *  1. navigation → first decoded frame, median of N cold contexts each (nothing cached), interleaved A B A B:
 *     A = a free episode page of the app; B = a bare HTML page the benchmark itself serves on the app's origin
 *     (Playwright request routing) that loads the same Shaka file from the app, and plays the same encrypted DASH with
 *     the same ClearKey licence from the same server: the floor on this stack. Target: A ≤ 1.0 × B.
 *     A' = the episode page with the app's own chunks blocked (its inline start only): what the app's JavaScript costs.
 *  2. 'Next' click → first decoded frame of the next episode (median of N). Target: ≤ 0.1 × B's cold start. Beside
 *     it the floor of any switch: pause and play() on the same, already decoded element → its next presented frame.
 *  3. the player's JavaScript (the Shaka chunk and the player code) loads only on /episodes/ pages.
 *
 * With each median a breakdown (resource timing, ms since navigation start) shows where the time goes.
 *
 * A benchmark that prints figures, not a test. Starts its own server on a fresh data folder (building first when the
 * build is missing or stale), or measures a running one with `--base http://127.0.0.1:3000`. `--compare URL` adds a
 * second running server (another build, seeded alike) to the interleaving: C, its episode page, with its ratio to A and
 * to B, so a change is measured against the old build in one run. Options: --runs N,
 * --auth-port N (the emulator of the server it starts; the build's browser SDK must name the same port), --start-only
 * (part 1 and its profile alone: the cold start, without the 'Next' runs and the isolation check).
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumLaunch } from '../playwright.config';
import { median } from './lib/stats';
import { startChild, stopChild, waitFor, httpOk } from './lib/proc';

const root = path.resolve(import.meta.dirname, '..');
const { values: opts } = parseArgs({
  options: { base: { type: 'string' }, compare: { type: 'string' }, runs: { type: 'string', default: '10' }, 'auth-port': { type: 'string' }, 'start-only': { type: 'boolean', default: false } },
});
const RUNS = Math.max(1, Number(opts.runs) || 10);
/** Targets of issue 12, as ratios to the bare page's cold start. */
const TARGET = { page: 1.0, next: 0.1 };

const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

/**
 * Installed before any page script (a plain string: a compiled function could carry bundler helpers): records, in ms since navigation start, when the episode video first presents a
 * decoded frame, and after a 'Next' click, when the next episode's first frame is presented (after the old source
 * was emptied, so a frame of the previous episode never counts).
 */
const PROBE = `(() => {
  const w = window;
  w.__bench = { firstFrame: null, clickAt: null, nextFrame: null, engineRan: null, swapped: null };
  // When the Shaka file's script began to run (its arrival is a resource entry): from the Long Animation Frames API,
  // which names each script of a frame over 50 ms (a cold Shaka run is one); null when its frame was shorter.
  try {
    new PerformanceObserver((list) => {
      for (const f of list.getEntries()) for (const s of f.scripts || []) {
        if (w.__bench.engineRan === null && /player-assets\\/shaka-/.test(s.sourceURL || '')) w.__bench.engineRan = s.startTime;
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch (e) {}
  let emptiedAfterClick = false;
  let clickedFrom = null;
  const episodeVideo = () => document.querySelector('video[data-testid="episode-video"]');
  const watch = (v) => {
    if (v.__watched) return;
    v.__watched = true;
    v.addEventListener('emptied', () => { if (w.__bench.clickAt !== null) emptiedAfterClick = true; });
    const onFrame = () => {
      const frames = v.getVideoPlaybackQuality().totalVideoFrames;
      if (w.__bench.firstFrame === null && frames > 0) {
        w.__bench.firstFrame = performance.now();
        if (w.__benchFrameMark) w.__benchFrameMark();
      }
      // The next episode: the same element once its old source was emptied, or the other one (decode-ahead's swap).
      if (w.__bench.clickAt !== null && (emptiedAfterClick || v !== clickedFrom) && w.__bench.nextFrame === null && frames > 0 && v.currentTime < 1) {
        w.__bench.nextFrame = performance.now();
        w.__bench.swapped = v !== clickedFrom;
      }
      v.requestVideoFrameCallback(onFrame);
    };
    v.requestVideoFrameCallback(onFrame);
  };
  new MutationObserver(() => {
    for (const v of document.querySelectorAll('video[data-testid^="episode-video"]')) watch(v);
  }).observe(document, { childList: true, subtree: true });
  document.addEventListener('click', (e) => {
    if (e.target && e.target.closest && e.target.closest('button[aria-label="Next episode"]')) {
      clickedFrom = episodeVideo();
      w.__bench.clickAt = performance.now();
    }
  }, true);
})();`;

type Bench = { firstFrame: number | null; clickAt: number | null; nextFrame: number | null; swapped: boolean | null };
const readBench = (page: Page) => page.evaluate(() => (window as unknown as { __bench: Bench }).__bench);

const API_KEY = process.env.NEXT_PUBLIC_API_KEY ?? 'kilig-demo-api-key';

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

/** What the bare page plays: the episode's own manifest and licence URL (a guest's answer), and the app's Shaka file. */
type BareSource = { manifest: string; licence: string; engine: string };

async function bareSourceFor(base: string, episodePath: string): Promise<BareSource> {
  const [, n, titleId] = /\/episodes\/episode-(\d+)-.*-([0-9a-f]{24})$/.exec(episodePath) ?? [];
  const res = await fetch(`${base}/api/client/shortVideo/playback?movieSeriesId=${titleId}&episodeNumber=${n}`, { headers: { key: API_KEY } });
  const { data } = (await res.json()) as { data: { media: { dashManifest: string; licenseUrl: string } | null } };
  if (!data.media) throw new Error(`${episodePath} has no media for a guest`);
  // The same file the episode page loads (desktop: the DASH build), from the app's own route.
  const html = await (await fetch(base + episodePath, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' } })).text();
  const engine = /\/episodes\/player-assets\/shaka-[0-9a-f]{16}\.dash\.js/.exec(html)?.[0];
  if (!engine) throw new Error('the episode page names no Shaka file');
  return { manifest: data.media.dashManifest, licence: data.media.licenseUrl, engine };
}

/**
 * The floor: the least a page can do to play this stream. A blocking Shaka script, then player → attach → load with
 * the ClearKey licence server, autoplay (as the app). No framework, no app code, served instantly by the benchmark.
 */
function barePage(src: BareSource): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>bare</title><script src="${src.engine}"></script></head>
<body style="margin:0;background:#000"><video data-testid="episode-video" playsinline style="width:420px;aspect-ratio:9/16"></video>
<script>
shaka.polyfill.installAll();
const video = document.querySelector('video');
const player = new shaka.Player();
performance.mark('player:create');
player.configure({ drm: { servers: { 'org.w3.clearkey': ${JSON.stringify(src.licence)} } } });
player.attach(video).then(() => { performance.mark('player:load'); return player.load(${JSON.stringify(src.manifest)}); }).then(() => video.play()).catch((e) => console.error('bare page failed', e));
</script></body></html>`;
}

type Breakdown = {
  ttfb: number;
  domContentLoaded: number;
  engine: number;
  engineRan: number;
  manifest: number;
  licence: number;
  init: number;
  segment: number;
  playerCreated: number;
  loadStarted: number;
  firstFrame: number;
};

/** Ms since navigation start: document milestones, when each resource the player needs arrived, our marks. */
const MARKS = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const res = performance.getEntriesByType('resource');
  const done = (re) => { const r = res.filter((e) => re.test(e.name)).sort((a, b) => a.responseEnd - b.responseEnd)[0]; return r ? r.responseEnd : NaN; };
  const at = (name) => (performance.getEntriesByName(name)[0] || { startTime: NaN }).startTime;
  return {
    ttfb: nav.responseStart,
    domContentLoaded: nav.domContentLoadedEventStart,
    engine: done(/player-assets\\/shaka-/),
    engineRan: window.__bench.engineRan === null ? NaN : window.__bench.engineRan,
    manifest: done(/manifest\\.mpd/),
    licence: done(/api\\/drm\\/clearkey\\//),
    init: done(/init-stream\\d+\\.m4s/),
    segment: done(/chunk-stream\\d+-\\d+\\.m4s/),
    playerCreated: at('player:create'),
    loadStarted: at('player:load'),
  };
})()`;

/** The app's own JavaScript (Next's chunks): blocked in the 'A without the app' runs. */
const APP_CHUNKS = /\/_next\/static\/chunks\/.*\.js(\?|$)/;

async function firstFrameRun(browser: Browser, url: string, bare: { html: string } | null = null, withoutApp = false): Promise<Breakdown> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript({ content: PROBE });
  if (bare) await context.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: bare.html }));
  if (withoutApp) await context.route(APP_CHUNKS, (route) => route.abort());
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __bench: Bench }).__bench.firstFrame !== null, null, { timeout: 30_000, polling: 100 });
  const { firstFrame } = await readBench(page);
  // A string, like PROBE: functions compiled by tsx may carry helpers the page does not have.
  const marks = (await page.evaluate(MARKS)) as Omit<Breakdown, 'firstFrame'>;
  await context.close();
  return { ...marks, firstFrame: firstFrame! };
}

/** A 'Next' run: its total, and when the player loaded the episode (not when decode-ahead swapped: `swapped`). */
type NextBreakdown = { total: number; toLoad: number; load: number; toFrame: number; swapped: boolean };

const FRAME_MARK = '__benchFirstFrameMark';

type CpuProfile = { nodes: { id: number; callFrame: { url: string; functionName: string } }[]; samples: number[]; timeDeltas: number[] };

/**
 * Where the main thread's time goes on the way to the first frame: one more cold run under the CPU profiler, self
 * time summed by what ran (Shaka, the app's chunks, the page's inline scripts, the browser's own work).
 */
async function profileRun(browser: Browser, url: string, bare: { html: string } | null = null): Promise<Record<string, number>> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript({ content: PROBE });
  // A function the profile can find, run at the first frame: samples after it (hydration, the rest of the start) do
  // not count.
  await context.addInitScript({ content: `window.__benchFrameMark = function ${FRAME_MARK}() { var t = performance.now(); while (performance.now() - t < 2) {} };` });
  if (bare) await context.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: bare.html }));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __bench: Bench }).__bench.firstFrame !== null, null, { timeout: 30_000, polling: 'raf' });
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  await context.close();
  const kind = new Map<number, string>();
  for (const n of profile.nodes) {
    const u = n.callFrame.url;
    const f = n.callFrame.functionName;
    kind.set(
      n.id,
      /player-assets\/shaka-/.test(u)
        ? 'Shaka'
        : /\/_next\/static\/chunks\//.test(u)
          ? 'app chunks'
          : u && !/\.js(\?|$)/.test(u)
            ? 'inline scripts'
            : f === '(garbage collector)'
              ? 'GC'
              : f === '(idle)'
                ? 'idle'
                : f === '(program)'
                  ? 'browser (parse, style, layout…)'
                  : 'other',
    );
  }
  const marked = new Set(profile.nodes.filter((n) => n.callFrame.functionName === FRAME_MARK).map((n) => n.id));
  const end = profile.samples.findIndex((id) => marked.has(id));
  if (end === -1) console.warn(`  (${url}: the first-frame mark is not in the profile; every sample counts)`);
  const out: Record<string, number> = {};
  profile.samples.slice(0, end === -1 ? undefined : end).forEach((id, i) => {
    const k = kind.get(id) ?? 'other';
    out[k] = (out[k] ?? 0) + profile.timeDeltas[i] / 1000;
  });
  return out;
}

async function nextRun(browser: Browser, url: string): Promise<NextBreakdown> {
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
  const { clickAt, nextFrame, swapped } = await readBench(page);
  if (page.url() === before) throw new Error('Next did not change the URL');
  // The player's marks after the click: its load of the next episode started, and finished.
  const after = (await page.evaluate(`(() => {
    const at = (name) => performance.getEntriesByName(name).map((e) => e.startTime).filter((t) => t >= ${clickAt}).sort((a, b) => a - b)[0];
    return { load: at('player:load'), loaded: at('player:loaded') };
  })()`)) as { load?: number; loaded?: number };
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  await context.close();
  const load = after.load ?? NaN;
  const loaded = after.loaded ?? NaN;
  return { total: nextFrame! - clickAt!, toLoad: load - clickAt!, load: loaded - load, toFrame: nextFrame! - loaded, swapped: swapped === true };
}

/**
 * The floor of any switch: on the playing episode, pause, then play() → the next presented frame of the same element,
 * already decoded and buffered (median of N). No switch to another episode can present its first frame sooner.
 */
async function resumeRun(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => ((document.querySelector('video[data-testid="episode-video"]') as HTMLVideoElement | null)?.currentTime ?? 0) > 1.5, null, { timeout: 30_000 });
  // A string, like PROBE (see firstFrameRun).
  const ms = (await page.evaluate(`(async () => {
    const v = document.querySelector('video[data-testid="episode-video"]');
    v.pause();
    await new Promise((r) => setTimeout(r, 500));
    const t0 = performance.now();
    return await new Promise((resolve) => { v.requestVideoFrameCallback(() => resolve(performance.now() - t0)); void v.play(); });
  })()`)) as number;
  await context.close();
  return ms;
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
    const authPort = opts['auth-port'] ? ['--auth-port', opts['auth-port']] : [];
    server = startChild(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/start.ts', '--fresh', '--data-dir', '.data/bench-player', '--port', String(port), ...authPort], {
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
    const source = await bareSourceFor(base, first);
    const bare = { url: `${base}/__bench/bare.html`, html: barePage(source) };
    console.log(`episode: ${first}`);
    console.log(`bare page: ${bare.url} (Shaka ${source.engine}, ${source.manifest}, licence ${source.licence})`);
    // Warm the server for both (first render of the route, JIT, the media files' first reads).
    await firstFrameRun(browser, url);
    await firstFrameRun(browser, bare.url, bare);

    const app: Breakdown[] = [];
    const floor: Breakdown[] = [];
    const appless: Breakdown[] = [];
    const compareUrl = opts.compare ? opts.compare.replace(/\/+$/, '') + first : null;
    const compared: Breakdown[] = [];
    if (compareUrl) await firstFrameRun(browser, compareUrl);
    for (let i = 0; i < RUNS; i++) {
      app.push(await firstFrameRun(browser, url));
      floor.push(await firstFrameRun(browser, bare.url, bare));
      appless.push(await firstFrameRun(browser, url, null, true));
      if (compareUrl) compared.push(await firstFrameRun(browser, compareUrl));
    }
    const nextRuns: NextBreakdown[] = [];
    const resumes: number[] = [];
    for (let i = 0; i < (opts['start-only'] ? 0 : RUNS); i++) {
      nextRuns.push(await nextRun(browser, url));
      resumes.push(await resumeRun(browser, url));
    }
    const nexts = nextRuns.map((r) => r.total);
    const isolation = opts['start-only'] ? null : await playerScriptIsolation(browser, base, url);
    const profiles = { A: await profileRun(browser, url), B: await profileRun(browser, bare.url, bare) };

    const [l1, l5] = os.loadavg();
    console.log(`machine: ${os.cpus().length} CPUs, load average ${l1.toFixed(1)} (1 min) / ${l5.toFixed(1)} (5 min): figures scale with other work on the machine`);
    const mApp = median(app.map((r) => r.firstFrame));
    const mBare = median(floor.map((r) => r.firstFrame));
    const mNext = median(nexts);
    const list = (xs: number[]) => `[${xs.map((x) => x.toFixed(0)).join(', ')}]`;
    const verdict = (ok: boolean) => (ok ? '✓' : '✗');
    console.log('');
    console.log(`navigation → first decoded frame, median of ${RUNS} cold contexts each, interleaved A B A B:`);
    console.log(`  A episode page  ${fmt(mApp)} ${list(app.map((r) => r.firstFrame))}`);
    console.log(`  B bare page     ${fmt(mBare)} ${list(floor.map((r) => r.firstFrame))}`);
    console.log(`  ratio A / B = ${(mApp / mBare).toFixed(2)}  target ≤ ${TARGET.page.toFixed(1)} ${verdict(mApp / mBare <= TARGET.page)}`);
    if (compareUrl) {
      const mC = median(compared.map((r) => r.firstFrame));
      console.log(`  C ${compareUrl}  ${fmt(mC)} ${list(compared.map((r) => r.firstFrame))}: ratio C / B = ${(mC / mBare).toFixed(2)}, A / C = ${(mApp / mC).toFixed(2)}`);
    }
    const mAppless = median(appless.map((r) => r.firstFrame));
    console.log(
      `  A' episode page with the app's JavaScript blocked (its own start only) ${fmt(mAppless)} ${list(appless.map((r) => r.firstFrame))}: ratio ${(mAppless / mBare).toFixed(2)}; the app's chunks cost A ${fmt(mApp - mAppless)}`,
    );
    if (!opts['start-only']) {
      console.log(`'Next' click → first decoded frame of the next episode: median ${fmt(mNext)} of ${RUNS} ${list(nexts)}`);
      console.log(`  ratio to B's cold start = ${(mNext / mBare).toFixed(3)}  target ≤ ${TARGET.next} ${verdict(mNext / mBare <= TARGET.next)}`);
      const swaps = nextRuns.filter((r) => r.swapped).length;
      console.log(`  decode-ahead swapped to the next episode's element in ${swaps} of ${nextRuns.length} runs; the others loaded it into the player`);
      if (swaps < nextRuns.length) {
        const nextPart = (k: 'toLoad' | 'load' | 'toFrame') => fmt(median(nextRuns.filter((r) => !r.swapped).map((r) => r[k]).filter((x) => Number.isFinite(x))));
        console.log(`  breakdown of the loads (medians): click → player load started ${nextPart('toLoad')}, load (preloaded source) ${nextPart('load')}, loaded → first frame ${nextPart('toFrame')}`);
      }
      const mResume = median(resumes);
      console.log(
        `  floor: pause, then play() → next presented frame of the same, decoded element: median ${fmt(mResume)} ${list(resumes)} = ${(mResume / mBare).toFixed(3)} of B's cold start${mResume / mBare > TARGET.next ? ': above the target, which no switch can then meet in this browser' : ''}`,
      );
    }
    console.log('');
    console.log('where the time goes (medians, ms since navigation start; resources: when each finished arriving):');
    const keys: [keyof Breakdown, string][] = [
      ['ttfb', 'HTML first byte'],
      ['engine', 'Shaka file'],
      ['engineRan', 'Shaka script ran'],
      ['domContentLoaded', 'DOMContentLoaded'],
      ['playerCreated', 'player created'],
      ['loadStarted', 'load started'],
      ['manifest', 'manifest'],
      ['licence', 'licence'],
      ['init', 'first init segment'],
      ['segment', 'first media segment'],
      ['firstFrame', 'first frame'],
    ];
    const cell = (runs: Breakdown[], k: keyof Breakdown) => {
      const xs = runs.map((r) => r[k]).filter((x) => Number.isFinite(x));
      return xs.length ? median(xs).toFixed(0).padStart(6) : '     –';
    };
    console.log(`  ${''.padEnd(22)}${'A'.padStart(6)}${'B'.padStart(6)}${compareUrl ? 'C'.padStart(6) : ''}`);
    for (const [k, label] of keys) console.log(`  ${label.padEnd(22)}${cell(app, k)}${cell(floor, k)}${compareUrl ? cell(compared, k) : ''}`);
    console.log('');
    console.log('main thread until the first frame (one more cold run each under the CPU profiler; self time, ms):');
    const kinds = [...new Set([...Object.keys(profiles.A), ...Object.keys(profiles.B)])].sort((a, b) => (profiles.B[b] ?? 0) + (profiles.A[b] ?? 0) - (profiles.B[a] ?? 0) - (profiles.A[a] ?? 0));
    console.log(`  ${''.padEnd(32)}${'A'.padStart(6)}${'B'.padStart(6)}`);
    for (const k of kinds) console.log(`  ${k.padEnd(32)}${(profiles.A[k] ?? 0).toFixed(0).padStart(6)}${(profiles.B[k] ?? 0).toFixed(0).padStart(6)}`);
    console.log('');
    if (isolation) {
      console.log(
        `player JavaScript only on /episodes/: ${verdict(isolation.shakaChunks.length > 0 && isolation.leaks.length === 0)} (Shaka chunk${isolation.shakaChunks.length === 1 ? '' : 's'}: ${isolation.shakaChunks.map((u) => u.replace(base!, '')).join(', ') || 'none found'}; checked ${isolation.pages.join(', ')})`,
      );
      for (const leak of isolation.leaks) console.log(`  leak: ${leak}`);
    }
  } finally {
    await browser.close();
    stopChild(server);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
