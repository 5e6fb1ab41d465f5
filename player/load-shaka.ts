import type { EngineFlavour, EngineUrls } from '@/lib/contracts/playback';
import { ENGINE_LOAD_TIMEOUT_MS } from './constants';
import { browserShakaFlavour } from './device';
import { prepareShaka, type Shaka } from './engine/create';

export type { EngineUrls };

let loading: Promise<Shaka> | null = null;

/** The bundled builds, as their own chunks: for players opened where no page preloaded the engine (a trailer modal). */
function importBundled(flavour: EngineFlavour): Promise<Shaka> {
  const mod = flavour === 'dash' ? import('shaka-player/dist/shaka-player.dash-es2021.js') : import('shaka-player/dist/shaka-player.compiled-es2021.js');
  return mod.then((m) => ((m as unknown as { default?: Shaka }).default ?? m) as Shaka);
}

/**
 * Loads Shaka in the browser only, where a player is shown. On episode pages: the engine asset's script, which the
 * page's inline start usually added to the head already (player/engine/page-start.ts; the assets:
 * lib/server/playback/engine.ts; Shaka's UMD build defines `window.shaka`).
 * Elsewhere (no `urls`): the bundled build, imported dynamically. Polyfills are installed once.
 */
export function loadShaka(urls?: EngineUrls): Promise<Shaka> {
  if (typeof window === 'undefined') return Promise.reject(new Error('Shaka runs in the browser only'));
  loading ??= new Promise<Shaka>((resolve, reject) => {
    const w = window as unknown as { shaka?: Shaka };
    const needed = browserShakaFlavour();
    // The DASH-only build has no HLS parser; a layout that may fall back to HLS needs the full one.
    const fits = (s: Shaka) => needed === 'dash' || 'hls' in s;
    let settled = false;
    const ready = (s: Shaka) => {
      if (settled) return;
      settled = true;
      prepareShaka(s);
      resolve(s);
    };
    if (w.shaka && fits(w.shaka)) return ready(w.shaka);
    if (!urls) return void importBundled(needed).then(ready, reject);
    const scriptFor = (flavour: EngineFlavour) => [...document.scripts].find((el) => el.src === new URL(urls[flavour], window.location.href).href);
    const own = scriptFor(needed);
    if (!own && (w.shaka || scriptFor(needed === 'dash' ? 'full' : 'dash'))) {
      // The page added the other build (the layout changed since): import ours as a module, so the two never fight
      // over `window.shaka`.
      return void importBundled(needed).then(ready, reject);
    }
    // Usually the page already started it (an async script in its HTML): wait for that one rather than add another.
    const script = own ?? document.createElement('script');
    script.addEventListener('load', () => (w.shaka ? ready(w.shaka) : reject(new Error('Shaka did not define itself'))));
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error('Shaka could not be downloaded'));
    });
    if (own) {
      // A page script that already failed fires no more events: do not wait for it forever.
      setTimeout(() => settled || reject(new Error('Shaka did not load in time')), ENGINE_LOAD_TIMEOUT_MS);
    } else {
      script.src = urls[needed];
      script.async = true;
      document.head.appendChild(script);
    }
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
