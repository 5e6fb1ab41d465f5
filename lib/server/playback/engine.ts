import 'server-only';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { EngineFlavour, EngineUrls } from '@/lib/contracts/playback';

/**
 * The player's engine (Shaka Player) as a versioned, immutable asset of the episode route, so the page can preload it
 * with the HTML (`<link rel="preload" as="script">`) and the download runs alongside the app's own chunks instead of
 * starting after hydration. Two builds: DASH-only for desktop browsers, the full one (HLS too) for Safari/iOS and
 * mobile. The URL carries a hash of the file's content, so a cached copy is never stale.
 */
const FILES: Record<EngineFlavour, string> = {
  dash: 'shaka-player.dash-es2021.js',
  full: 'shaka-player.compiled-es2021.js',
};

export const ENGINE_ROUTE = '/episodes/player-assets';

type Loaded = { body: Buffer; hash: string };
const cache = new Map<EngineFlavour, Loaded>();

function load(flavour: EngineFlavour): Loaded {
  let hit = cache.get(flavour);
  if (!hit) {
    // Read from the installed package at run time: the app runs from its checkout, node_modules included.
    const file = path.join(/*turbopackIgnore: true*/ process.cwd(), 'node_modules', 'shaka-player', 'dist', FILES[flavour]);
    const body = readFileSync(/*turbopackIgnore: true*/ file);
    hit = { body, hash: createHash('sha256').update(body).digest('hex').slice(0, 16) };
    cache.set(flavour, hit);
  }
  return hit;
}

export function engineFileName(flavour: EngineFlavour): string {
  return `shaka-${load(flavour).hash}.${flavour}.js`;
}

export function engineUrls(): EngineUrls {
  return { dash: `${ENGINE_ROUTE}/${engineFileName('dash')}`, full: `${ENGINE_ROUTE}/${engineFileName('full')}` };
}

/** The engine file for a requested name, or null when the name (or its hash) is not the current one. */
export function engineFile(name: string): Buffer | null {
  const m = /^shaka-([0-9a-f]{16})\.(dash|full)\.js$/.exec(name);
  if (!m) return null;
  const loaded = load(m[2] as EngineFlavour);
  return loaded.hash === m[1] ? loaded.body : null;
}
