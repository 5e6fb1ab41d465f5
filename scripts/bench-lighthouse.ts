/**
 * `npm run bench:lighthouse`: Lighthouse (the npm package, mobile preset: simulated slow 4G and a 4× slower CPU) against
 * Debian's Chromium on four pages, in English and in Filipino (/fil/…): home, a movie page, a search and a free
 * episode. Each page is run --runs times (3),
 * every run in a fresh browser profile (a first visit: nothing cached, nothing stored), the pages interleaved so a
 * burst of load on this shared machine does not land on one page only. Prints the median of each figure per page: the
 * four category scores, TBT, LCP and CLS, and the audits that cost points outside performance. A benchmark that prints
 * figures, not a test (targets, issue 12: performance ≥ 90 on each page; accessibility, best practices and SEO 100 on
 * every indexable page; CLS < 0.1 on /search; issue 24: LCP ≤ 2.5 s). Also prints each page's LCP element and the
 * phases of its LCP (time to first byte, load delay, load time, render delay), which say what to shorten.
 *
 *   npm run bench:lighthouse -- --url http://127.0.0.1:3600   measures a server that is already running
 *   npm run bench:lighthouse                                  starts the production build (must exist) on a fresh data
 *                                                             folder (--auth-port N: the emulator port it was built for)
 *
 *   npm run bench:lighthouse -- --url http://127.0.0.1:3600 --compare http://127.0.0.1:3602
 *                                                             two running servers (a new build and an old one), each
 *                                                             run interleaved with the other's, one summary each
 *
 * Options: --runs N (3), --keyword K (the search, a seed word: 'lihim'), --chromium PATH (/usr/bin/chromium),
 * --json FILE (every run's figures), --save DIR (every run's full Lighthouse report, JSON), --page LABEL|PATH (only
 * this page; may repeat).
 *
 * Offline by design: Chromium starts with background networking, component updates, sync and QUIC off, and Lighthouse
 * only fetches from the page's origin (robots.txt, the page itself), so no audit waits on the internet.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import { publicEnv } from '../lib/env';
import { episodeHref, movieHref } from '../lib/routes';
import { localizedPath } from '../i18n/paths';
import { startBuiltApp, type startChild, stopChild } from './lib/proc';
import { chromiumLaunch } from '../playwright.config';
import { loadAverage as load, median } from './lib/stats';

const root = path.resolve(import.meta.dirname, '..');
const { values: opts } = parseArgs({
  options: {
    url: { type: 'string' },
    compare: { type: 'string' },
    'auth-port': { type: 'string' },
    runs: { type: 'string', default: '3' },
    keyword: { type: 'string', default: 'lihim' },
    chromium: { type: 'string', default: chromiumLaunch.executablePath },
    json: { type: 'string' },
    save: { type: 'string' },
    page: { type: 'string', multiple: true },
  },
});

const RUNS = Number(opts.runs);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** The suite's Chromium flags (playwright.config.ts) plus what a profile-per-run Lighthouse launch wants. */
const CHROMIUM_FLAGS = [
  '--headless=new',
  ...chromiumLaunch.args,
  '--disable-default-apps',
  '--disable-extensions',
  '--mute-audio',
  '--no-default-browser-check',
  '--password-store=basic',
  '--use-mock-keychain',
  '--disable-dev-shm-usage',
];

type Page = { label: string; path: string };
type Run = {
  page: string;
  run: number;
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  tbt: number;
  lcp: number;
  cls: number;
  fcp: number;
  benchmarkIndex: number | null;
  /** Audits below full marks that count toward accessibility, best practices or SEO. */
  lost: string[];
  /** The long main-thread tasks' top scripts (bootup time), for where TBT comes from. */
  bootup: { url: string; ms: number }[];
  /** The LCP element (its HTML, shortened) and LCP's phases in ms: TTFB, load delay, load time, render delay. */
  lcpElement: string;
  lcpPhases: Record<LcpPhase, number>;
};

const LCP_PHASES = ['TTFB', 'Load Delay', 'Load Time', 'Render Delay'] as const;
type LcpPhase = (typeof LCP_PHASES)[number];

/**
 * Lighthouse's largest-contentful-paint-element audit: a list of two tables, the element (a node with its snippet) and,
 * when known, the phases (phase name → timing in ms, simulated like the LCP metric).
 */
function lcpOf(lhr: RunnerResult['lhr']): { lcpElement: string; lcpPhases: Record<LcpPhase, number> } {
  type Table = { items?: Record<string, unknown>[] };
  const tables = ((lhr.audits['largest-contentful-paint-element']?.details as { items?: Table[] } | undefined)?.items ?? []) as Table[];
  const node = tables[0]?.items?.[0]?.node as { snippet?: string } | undefined;
  const phases = Object.fromEntries(LCP_PHASES.map((p) => [p, NaN])) as Record<LcpPhase, number>;
  for (const row of tables[1]?.items ?? []) {
    if (LCP_PHASES.includes(row.phase as LcpPhase)) phases[row.phase as LcpPhase] = Number(row.timing);
  }
  return { lcpElement: (node?.snippet ?? '?').replace(/\s+/g, ' ').slice(0, 110), lcpPhases: phases };
}


/** A fresh Chromium with its own profile and DevTools port; resolves once the port is known. */
async function launchChromium(): Promise<{ port: number; child: ChildProcess; profile: string }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const child = spawn(opts.chromium!, [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    // Its own process group, so stopping it stops its helpers (zygote, renderers) too.
    detached: true,
  });
  const port = await new Promise<number>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools port in 30 s:\n${err}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${err}`)));
  });
  child.stderr!.resume();
  return { port, child, profile };
}

async function stopChromium({ child, profile }: { child: ChildProcess; profile: string }) {
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  if (child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    signalGroup('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  }
  signalGroup('SIGKILL'); // helpers that outlived the browser process
  // A helper may still be flushing the profile for a moment.
  rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}

async function audit(base: string, page: Page, run: number): Promise<Run> {
  const chromium = await launchChromium();
  try {
    const flags: Flags = { port: chromium.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
    const result = (await lighthouse(new URL(page.path, base).href, flags)) as RunnerResult | undefined;
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (opts.save) {
      mkdirSync(opts.save, { recursive: true });
      writeFileSync(path.join(opts.save, `${page.label}-${run}.json`), JSON.stringify(lhr));
    }
    const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const lost: string[] = [];
    for (const id of ['accessibility', 'best-practices', 'seo'] as const) {
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (ref.weight > 0 && a && a.score !== null && a.score < 1) lost.push(`${id}: ${ref.id} (${a.title})`);
      }
    }
    const bootupItems = ((lhr.audits['bootup-time']?.details as { items?: { url: string; total: number }[] } | undefined)?.items ?? [])
      .slice(0, 5)
      .map((i) => ({ url: i.url.replace(base, ''), ms: Math.round(i.total) }));
    return {
      page: page.label,
      run,
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score! * 100)])) as Run['scores'],
      tbt: num('total-blocking-time'),
      lcp: num('largest-contentful-paint'),
      cls: num('cumulative-layout-shift'),
      fcp: num('first-contentful-paint'),
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
      lost,
      bootup: bootupItems,
      ...lcpOf(lhr),
    };
  } finally {
    await stopChromium(chromium);
  }
}

/** Home, the first movie of the media collection, a search for a seed word, and the first free episode of a title. */
async function findPages(base: string): Promise<Page[]> {
  const api = async <T>(p: string): Promise<T> => {
    const res = await fetch(new URL(p, base), { headers: { key: publicEnv.NEXT_PUBLIC_API_KEY } });
    if (!res.ok) throw new Error(`${p}: ${res.status}`);
    return (await res.json()) as T;
  };
  type Title = { _id: string; name: string };
  const movies = await api<{ videos?: Title[] }>('/api/client/movieSeries/fetchMediaCollection?movieSeriesType=1&start=1&limit=1');
  const all = await api<{ videos?: Title[] }>('/api/client/movieSeries/fetchMediaCollection?start=1&limit=50');
  const movie = movies.videos?.[0] ?? all.videos?.[0];
  if (!movie) throw new Error('the catalogue has no titles: seed it first');
  let episode: string | undefined;
  for (const title of all.videos ?? []) {
    const videos = await api<{ data?: { episodeNumber: number; isPremium?: boolean; isLocked?: boolean }[] }>(
      `/api/client/shortVideo/loadMovieSeriesVideosForUser?start=1&limit=50&movieSeriesId=${title._id}`,
    );
    const free = videos.data?.find((v) => v.episodeNumber >= 1 && !v.isPremium && !v.isLocked);
    if (free) {
      episode = episodeHref(title, free.episodeNumber);
      break;
    }
  }
  if (!episode) throw new Error('no free episode found in the catalogue');
  const english = [
    { label: 'home', path: '/' },
    { label: 'movie', path: movieHref(movie) },
    { label: 'search', path: `/search?keyword=${encodeURIComponent(opts.keyword!)}` },
    { label: 'episode', path: episode },
  ];
  // The same pages in Filipino (decision 0010): 'fil home', 'fil movie', …
  const filipino = english.map((p) => ({ label: `fil ${p.label}`, path: localizedPath(p.path, 'fil') }));
  return [...english, ...filipino];
}

function printSummary(pages: Page[], runs: Run[], server?: string) {
  console.log(`\nLighthouse ${RUNS} run(s) per page, mobile preset, medians (load ${load()})${server ? ` — ${server}` : ''}:`);
  console.log('page       perf  a11y  b.pr.  seo     TBT ms   LCP ms    CLS    FCP ms   runs (perf)   path');
  for (const page of pages) {
    const mine = runs.filter((r) => r.page === page.label);
    const score = (c: (typeof CATEGORIES)[number]) => String(median(mine.map((r) => r.scores[c] ?? NaN))).padStart(5);
    console.log(
      `${page.label.padEnd(9)} ${score('performance')} ${score('accessibility')} ${score('best-practices')}  ${score('seo')}  ` +
        `${median(mine.map((r) => r.tbt)).toFixed(0).padStart(8)} ${median(mine.map((r) => r.lcp)).toFixed(0).padStart(8)} ` +
        `${median(mine.map((r) => r.cls)).toFixed(3).padStart(6)} ${median(mine.map((r) => r.fcp)).toFixed(0).padStart(9)}   ` +
        `${mine.map((r) => r.scores.performance).join(',').padEnd(12)}  ${page.path}`,
    );
  }
  const lost = new Map<string, Set<string>>();
  for (const r of runs) for (const l of r.lost) (lost.get(l) ?? lost.set(l, new Set()).get(l)!).add(r.page);
  if (lost.size) {
    console.log('\nAudits below full marks (accessibility, best practices, SEO):');
    for (const [l, pagesOf] of lost) console.log(`  ${l}  [${[...pagesOf].join(', ')}]`);
  }
  console.log('\nLCP element and phases, medians (ms; simulated as the LCP figure is):');
  for (const page of pages) {
    const mine = runs.filter((r) => r.page === page.label);
    if (!mine.length) continue;
    const elements = new Map<string, number>();
    for (const r of mine) elements.set(r.lcpElement, (elements.get(r.lcpElement) ?? 0) + 1);
    const [element, seen] = [...elements].sort((a, b) => b[1] - a[1])[0];
    const phases = LCP_PHASES.map((p) => `${p} ${median(mine.map((r) => r.lcpPhases[p])).toFixed(0)}`).join(' · ');
    console.log(`  ${page.label.padEnd(8)} ${phases}  ${element}${seen < mine.length ? ` (${seen}/${mine.length} runs)` : ''}`);
  }
  console.log('\nMain-thread time by script, median run (Lighthouse bootup-time, ms):');
  for (const page of pages) {
    const mine = runs.filter((r) => r.page === page.label).sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
    const mid = mine[Math.floor(mine.length / 2)];
    if (mid) console.log(`  ${page.label.padEnd(8)} ${mid.bootup.map((b) => `${b.url || '(other)'} ${b.ms}`).join(' · ')}`);
  }
  const bi = runs.map((r) => r.benchmarkIndex).filter((b): b is number => b !== null);
  if (bi.length) console.log(`\nLighthouse benchmarkIndex (this machine's CPU speed as Lighthouse sees it): median ${median(bi).toFixed(0)}, range ${Math.min(...bi).toFixed(0)}–${Math.max(...bi).toFixed(0)}`);
}

async function main() {
  let app: ReturnType<typeof startChild> | undefined;
  let base = opts.url;
  try {
    if (!base) {
      const started = await startBuiltApp(root, 'bench-lighthouse', { authPort: opts['auth-port'] });
      base = started.base;
      app = started.child;
    }
    // With --compare, the same pages of a second server, each run of a page on one server right after the other's (the
    // order alternating), so both builds meet the same load.
    const servers = [base, ...(opts.compare ? [opts.compare] : [])];
    const pagesOf = new Map<string, Page[]>();
    for (const server of servers) {
      let pages = await findPages(server);
      if (opts.page?.length) pages = pages.filter((p) => opts.page!.includes(p.label) || opts.page!.includes(p.path));
      pagesOf.set(server, pages);
      // Warm the server's page cache, so the first run does not measure a cold render.
      for (const p of pages) await fetch(new URL(p.path, server)).then((r) => r.arrayBuffer());
    }
    const pages = pagesOf.get(base)!;

    console.log(`load before: ${load()}`);
    const runs: (Run & { server: string })[] = [];
    for (let run = 1; run <= RUNS; run++) {
      for (const [i, page] of pages.entries()) {
        const order = (run + i) % 2 === 0 ? servers : [...servers].reverse();
        for (const server of order) {
          const target = pagesOf.get(server)!.find((p) => p.label === page.label);
          if (!target) continue;
          const r = { ...(await audit(server, target, run)), server };
          runs.push(r);
          console.log(
            `run ${run} ${page.label.padEnd(8)} perf ${r.scores.performance} a11y ${r.scores.accessibility} bp ${r.scores['best-practices']} seo ${r.scores.seo}` +
              `  TBT ${r.tbt.toFixed(0)} LCP ${r.lcp.toFixed(0)} CLS ${r.cls.toFixed(3)}  (load ${load()})${servers.length > 1 ? `  ${server}` : ''}`,
          );
        }
      }
    }
    for (const server of servers) printSummary(pagesOf.get(server)!, runs.filter((r) => r.server === server), servers.length > 1 ? server : undefined);
    if (opts.json) writeFileSync(opts.json, JSON.stringify(runs, null, 2));
  } finally {
    stopChild(app);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
