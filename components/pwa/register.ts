import { afterLoadAndIdle } from '@/lib/after-load';

/** Where the worker is served (app/sw.js/route.ts); its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker once the page has loaded and gone idle, so it never competes with a page's own start
 * (the episode page's player above all). Production builds only: `next dev` serves unhashed chunks that a cache-first
 * worker would keep stale. `updateViaCache: 'none'`: the browser checks the worker itself on every navigation, so a
 * new build's worker (a new version, new caches) takes over at the next visit.
 */
export async function registerServiceWorker(nav: Navigator = navigator, production = process.env.NODE_ENV === 'production'): Promise<ServiceWorkerRegistration | null> {
  if (!production || !('serviceWorker' in nav)) return null;
  await afterLoadAndIdle();
  try {
    return await nav.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
  } catch {
    return null; // private mode, a blocked origin: the site works the same without it
  }
}
