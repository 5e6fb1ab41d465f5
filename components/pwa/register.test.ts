import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, SERVICE_WORKER_URL } from './register';

const fakeNavigator = (register = vi.fn(async () => ({}) as ServiceWorkerRegistration)) => ({ serviceWorker: { register } }) as unknown as Navigator & { serviceWorker: { register: typeof register } };

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole site, never read from the HTTP cache, in a production build', async () => {
    const nav = fakeNavigator();
    await registerServiceWorker(nav, true);
    expect(nav.serviceWorker.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
  });

  it('does nothing under next dev or without service workers, and a refused registration is not an error', async () => {
    const nav = fakeNavigator();
    expect(await registerServiceWorker(nav, false)).toBeNull();
    expect(nav.serviceWorker.register).not.toHaveBeenCalled();
    expect(await registerServiceWorker({} as Navigator, true)).toBeNull();
    const refused = fakeNavigator(vi.fn(async () => Promise.reject(new Error('SecurityError'))));
    expect(await registerServiceWorker(refused, true)).toBeNull();
  });
});
