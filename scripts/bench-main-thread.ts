/**
 * `npm run bench:main-thread`: a page's main thread during its load, as Lighthouse's mobile preset loads it (a 412 px
 * phone viewport, the CPU slowed 4×), from Chromium's own trace: per run, the long tasks after the first contentful
 * paint and the sum over 50 ms of each ('TBT', what Lighthouse scores, here observed rather than simulated), the main
 * thread's busy time, and the time in script. Beside them, what a run does that needs no statistics: the
 * `Intl.NumberFormat`s the page makes (the first one loads ICU's number data: decision 0015, "Numbers without Intl") and
 * the router prefetches it sends until the network is idle. Two servers (`--compare`, builds side by side) are run
 * interleaved, A B A B …, in fresh contexts, and their medians printed with the load; `--tasks` prints each run's long
 * tasks with their time by trace event (layout, style, script by URL …).
 *
 *   npm run bench:main-thread -- --url http://127.0.0.1:3300 [--compare http://127.0.0.1:3600] [--path /fil] [--runs 9]
 *
 * Options: --path P (a page's path, '/' by default; may repeat), --runs N (9 per server and page), --cpu N (4),
 * --wait MS (how long after `load` a run goes on: 6000), --tasks, --chromium PATH.
 *
 * Why this and not only `bench:lighthouse`: on a shared two-core machine one build's Lighthouse TBT spreads over
 * hundreds of milliseconds from run to run (decision 0015), more than most changes move it; the counts here do not
 * move with the load, and the trace says which work a long task is made of.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunch } from '../playwright.config';
import { loadAverage as load, median } from './lib/stats';

const { values: opts } = parseArgs({
  options: {
    url: { type: 'string' },
    compare: { type: 'string' },
    path: { type: 'string', multiple: true },
    runs: { type: 'string', default: '9' },
    cpu: { type: 'string', default: '4' },
    wait: { type: 'string', default: '6000' },
    tasks: { type: 'boolean', default: false },
    chromium: { type: 'string', default: chromiumLaunch.executablePath },
  },
});

/** A trace event of the kinds read here: complete events ('X') with a duration, instants with none. */
type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string; data?: { url?: string } } };
type Run = { tbt: number; busy: number; script: number; numberFormats: number; prefetches: number; tasks: string[] };

const LONG_TASK_US = 50_000;
/** Trace events that are script run by the page (their self time is the script's; layout inside is counted apart). */
const SCRIPT = new Set(['FunctionCall', 'RunMicrotasks', 'EvaluateScript', 'v8.compile', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'FireIdleCallback']);

/** Counts each Intl.NumberFormat the page makes, from before its first script. */
const COUNT_NUMBER_FORMATS = `(() => {
  window.__numberFormats = 0;
  const Original = Intl.NumberFormat;
  Intl.NumberFormat = new Proxy(Original, { construct(target, args) { window.__numberFormats += 1; return new target(...args); } });
})();`;


/** The renderer's main thread of the page: the thread named CrRendererMain in the process that parsed the HTML. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const parsers = new Set(events.filter((e) => e.name === 'ParseHTML').map((e) => e.pid));
  const named = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && parsers.has(e.pid));
  if (!named) throw new Error('no renderer main thread in the trace');
  return { pid: named.pid, tid: named.tid };
}

/** Each long task's self time by event name (script by its URL), largest first. */
function breakdown(task: TraceEvent, inside: TraceEvent[]): string {
  const self = new Map<string, number>();
  for (const e of inside) {
    const children = inside.filter((c) => c !== e && c.ts >= e.ts && c.ts + c.dur! <= e.ts + e.dur! && !(c.ts === e.ts && c.dur === e.dur));
    const direct = children.filter((c) => !children.some((p) => p !== c && p.ts <= c.ts && p.ts + p.dur! >= c.ts + c.dur!));
    const ms = (e.dur! - direct.reduce((sum, c) => sum + c.dur!, 0)) / 1000;
    const url = e.args?.data?.url?.replace(/^https?:\/\/[^/]+/, '');
    const name = SCRIPT.has(e.name) && url ? `${e.name} ${url}` : e.name;
    self.set(name, (self.get(name) ?? 0) + ms);
  }
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 5);
  return top.map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(' · ') || `(${task.name})`;
}

async function measure(browser: Browser, url: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(opts.cpu) });
    await page.addInitScript({ content: COUNT_NUMBER_FORMATS });
    let prefetches = 0;
    page.on('request', (r) => {
      if (r.headers()['next-router-prefetch']) prefetches += 1;
    });
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(Number(opts.wait));
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const numberFormats = Number(await page.evaluate('window.__numberFormats'));

    const { pid, tid } = mainThread(trace.traceEvents);
    const events = trace.traceEvents.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined);
    const start = (trace.traceEvents.find((e) => e.name === 'navigationStart' && e.pid === pid) ?? events.find((e) => e.name === 'ParseHTML'))!.ts;
    const fcp = trace.traceEvents.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid)?.ts ?? start;
    const tasks = events.filter((e) => e.name === 'RunTask' && e.ts >= start);
    let tbt = 0;
    let busy = 0;
    let script = 0;
    const long: string[] = [];
    for (const task of tasks) {
      busy += task.dur!;
      const inside = events.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!);
      const scripts = inside.filter((e) => SCRIPT.has(e.name));
      script += scripts.filter((e) => !scripts.some((p) => p !== e && p.ts <= e.ts && p.ts + p.dur! >= e.ts + e.dur!)).reduce((sum, e) => sum + e.dur!, 0);
      if (task.dur! < LONG_TASK_US) continue;
      const afterFcp = task.ts >= fcp;
      if (afterFcp) tbt += task.dur! - LONG_TASK_US;
      if (opts.tasks) long.push(`${((task.ts - start) / 1000).toFixed(0).padStart(6)} ms +${(task.dur! / 1000).toFixed(0)}${afterFcp ? '' : ' (before FCP)'}: ${breakdown(task, inside)}`);
    }
    return { tbt: tbt / 1000, busy: busy / 1000, script: script / 1000, numberFormats, prefetches, tasks: long };
  } finally {
    await context.close();
  }
}

async function main() {
  if (!opts.url) throw new Error('--url http://host:port (a running server) is required');
  const bases = [opts.url, ...(opts.compare ? [opts.compare] : [])].map((u) => u.replace(/\/$/, ''));
  const paths = opts.path?.length ? opts.path : ['/'];
  const browser = await chromium.launch({ executablePath: opts.chromium, args: chromiumLaunch.args });
  try {
    for (const path of paths) {
      const runs = new Map<string, Run[]>(bases.map((b) => [b, []]));
      for (let i = 0; i < Number(opts.runs); i++) {
        for (const base of bases) {
          const run = await measure(browser, base + path);
          runs.get(base)!.push(run);
          console.log(`${path} run ${i + 1} ${base}  TBT ${run.tbt.toFixed(0)} ms · busy ${run.busy.toFixed(0)} ms · script ${run.script.toFixed(0)} ms · NumberFormats ${run.numberFormats} · prefetches ${run.prefetches}  (load ${load()})`);
          for (const line of run.tasks) console.log(`    ${line}`);
        }
      }
      console.log(`\n${path}: medians of ${opts.runs} runs, ${opts.cpu}× CPU, 412 px phone (load ${load()}, ${os.cpus().length} cores)`);
      console.log('server'.padEnd(28) + 'TBT ms'.padStart(9) + 'busy ms'.padStart(9) + 'script ms'.padStart(11) + 'NumberFormats'.padStart(15) + 'prefetches'.padStart(12));
      const medians = bases.map((base) => {
        const rs = runs.get(base)!;
        const m = { tbt: median(rs.map((r) => r.tbt)), busy: median(rs.map((r) => r.busy)), script: median(rs.map((r) => r.script)), numberFormats: median(rs.map((r) => r.numberFormats)), prefetches: median(rs.map((r) => r.prefetches)) };
        console.log(base.padEnd(28) + m.tbt.toFixed(0).padStart(9) + m.busy.toFixed(0).padStart(9) + m.script.toFixed(0).padStart(11) + String(m.numberFormats).padStart(15) + String(m.prefetches).padStart(12));
        return m;
      });
      if (medians.length === 2) {
        const [a, b] = medians;
        console.log(`ratio (${bases[1]} ÷ ${bases[0]}): TBT ${(b.tbt / a.tbt).toFixed(2)} · busy ${(b.busy / a.busy).toFixed(2)} · script ${(b.script / a.script).toFixed(2)}\n`);
      }
    }
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
