import { afterEach, describe, expect, it, vi } from 'vitest';

/** publicEnv is read when the module loads (Next inlines NEXT_PUBLIC_ values at build), so each case loads it anew. */
async function load(env: Record<string, string>) {
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  vi.resetModules();
  return import('./footer-links');
}
afterEach(() => vi.unstubAllEnvs());

describe('store links', () => {
  it('lead to the install page while no listing is configured (never to a store\'s home page)', async () => {
    const { storeLink, STORE_LINKS } = await load({ NEXT_PUBLIC_APP_STORE_URL: '', NEXT_PUBLIC_PLAY_STORE_URL: '' });
    expect(storeLink('appStore')).toEqual({ href: '/install', external: false });
    expect(storeLink('googlePlay')).toEqual({ href: '/install', external: false });
    expect(Object.values(STORE_LINKS)).toEqual(['/install', '/install']);
  });

  it('lead to the listings once configured', async () => {
    const { storeLink } = await load({
      NEXT_PUBLIC_APP_STORE_URL: 'https://apps.apple.com/ph/app/kilig/id6400000000',
      NEXT_PUBLIC_PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=ph.kilig.app',
    });
    expect(storeLink('appStore')).toEqual({ href: 'https://apps.apple.com/ph/app/kilig/id6400000000', external: true });
    expect(storeLink('googlePlay')).toEqual({ href: 'https://play.google.com/store/apps/details?id=ph.kilig.app', external: true });
  });
});
