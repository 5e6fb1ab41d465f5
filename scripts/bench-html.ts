/**
 * `npm run bench:html`: what the public pages weigh as HTML, and how much of it is the inline RSC payload (issue 24:
 * home ≤ 120 kB uncompressed). Sizes, not timings: the same build and data give the same figures on any machine load.
 *
 *   npm run bench:html                                   starts the production build (must exist) on a fresh data folder
 *   npm run bench:html -- --url http://127.0.0.1:3000    measures a server that is already running
 *   npm run bench:html -- --file .next/server/app/en.html   one HTML file (a prerendered page), no server
 *
 * NEXT_DIST_DIR picks the build; --auth-port N the Auth Emulator's port for the server it starts (start.ts's default
 * otherwise).
 *
 * Pages: `/`, `/fil`, the first movie of the media collection, `/search?keyword=…` and the first free episode. Per
 * page: HTML bytes, gzip bytes (level 6), the bytes of the `self.__next_f.push(…)` scripts and of the payload they
 * carry decoded. With --top N (8) the payload's largest prop names follow (scripts/lib/page-weight.ts payloadByKey:
 * `className` is every class list, `(element)` the tags, `thumbnail` every poster URL sent as a prop…), which says
 * what to trim.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { publicEnv } from '../lib/env';
import { episodeHref, movieHref } from '../lib/routes';
import { startBuiltApp, type startChild, stopChild } from './lib/proc';
import { pageWeight, payloadByKey, rscPayload } from './lib/page-weight';

const root = path.resolve(import.meta.dirname, '..');
const { values: opts } = parseArgs({
  options: {
    url: { type: 'string' },
    file: { type: 'string' },
    top: { type: 'string', default: '8' },
    keyword: { type: 'string', default: 'kilig' },
    'auth-port': { type: 'string' },
  },
});
const TOP = Number(opts.top);

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function report(label: string, html: string, where: string) {
  const w = pageWeight(html);
  console.log(
    `${label.padEnd(10)}${kb(w.html).padStart(10)}${kb(w.gzip).padStart(10)}${kb(w.payloadScripts).padStart(12)}${kb(w.payload).padStart(12)}` +
      `${kb(w.html - w.payloadScripts).padStart(10)}   ${where}`,
  );
  return w;
}

function printTop(label: string, html: string) {
  if (TOP <= 0) return;
  const keys = payloadByKey(rscPayload(html).text).slice(0, TOP);
  console.log(`  ${label}: ${keys.map((k) => `${k.key} ${kb(k.bytes)} (${k.count}×)`).join(' · ')}`);
}

const HEADER = 'page            HTML      gzip  RSC scripts  RSC decoded  markup   path';

/** `/`, `/fil`, the first movie, a search and the first free episode of the catalogue, found through the public API. */
async function findPages(base: string): Promise<[string, string][]> {
  const api = async <T>(p: string): Promise<T> => {
    const res = await fetch(new URL(p, base), { headers: { key: publicEnv.NEXT_PUBLIC_API_KEY } });
    if (!res.ok) throw new Error(`${p}: ${res.status}`);
    return (await res.json()) as T;
  };
  type Title = { _id: string; name: string };
  const movies = await api<{ videos?: Title[] }>('/api/client/movieSeries/fetchMediaCollection?movieSeriesType=1&start=1&limit=1');
  const all = await api<{ videos?: Title[] }>('/api/client/movieSeries/fetchMediaCollection?start=1&limit=50');
  const movie = movies.videos?.[0] ?? all.videos?.[0];
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
  const pages: [string, string | undefined][] = [
    ['home', '/'],
    ['fil home', '/fil'],
    ['movie', movie && movieHref(movie)],
    ['search', `/search?keyword=${encodeURIComponent(opts.keyword!)}`],
    ['episode', episode],
  ];
  return pages.filter((p): p is [string, string] => Boolean(p[1]));
}

async function main() {
  if (opts.file) {
    const html = readFileSync(opts.file, 'utf8');
    console.log(HEADER);
    report(path.basename(opts.file), html, opts.file);
    printTop(path.basename(opts.file), html);
    return;
  }
  let child: ReturnType<typeof startChild> | undefined;
  let base = opts.url;
  try {
    if (!base) {
      const started = await startBuiltApp(root, 'bench-html', { authPort: opts['auth-port'] });
      base = started.base;
      child = started.child;
    }
    const pages = await findPages(base);
    const htmlOf = new Map<string, string>();
    for (const [label, p] of pages) {
      const res = await fetch(new URL(p, base), { headers: { accept: 'text/html' } });
      if (!res.ok) throw new Error(`${p}: ${res.status}`);
      htmlOf.set(label, await res.text());
    }
    console.log(`\nHTML of each page as served (a guest, no cookies), from ${base}:`);
    console.log(HEADER);
    for (const [label, p] of pages) report(label, htmlOf.get(label)!, p);
    if (TOP > 0) {
      console.log(`\nLargest props in the RSC payload (bytes of each name's values, with the name; occurrences):`);
      for (const [label] of pages) printTop(label, htmlOf.get(label)!);
    }
  } finally {
    stopChild(child);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
