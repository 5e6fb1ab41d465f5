import { afterEach, describe, expect, it } from 'vitest';
import { publicEnv } from '@/lib/env';
import nextConfig from '@/next.config';

/**
 * The headers next.config.ts gives every response, for the environments the site runs in: the demo (emulator, site
 * media, http), and production (https, real Firebase, a media CDN, a multi-DRM provider, one-tap). The browser side,
 * that the site runs under this policy with no violation, is tests/e2e/security-headers.spec.ts.
 */

const saved = { ...publicEnv };
afterEach(() => Object.assign(publicEnv, saved));

async function headersFor(path: '/:path*' | '/auth-emulator/relay'): Promise<Record<string, string>> {
  const rules = await nextConfig.headers!();
  const rule = rules.find((r) => r.source === path && !r.has);
  expect(rule, path).toBeTruthy();
  return Object.fromEntries(rule!.headers.map((h) => [h.key.toLowerCase(), h.value]));
}

function policy(csp: string): Map<string, string[]> {
  return new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
}

describe('security headers', () => {
  it('the demo (http, emulator, media on this origin): a CSP with no nonce, no eval, no HSTS', async () => {
    Object.assign(publicEnv, {
      NEXT_PUBLIC_SITE_URL: 'http://localhost:3000',
      NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
      NEXT_PUBLIC_MEDIA_BASE_URL: '/media',
      NEXT_PUBLIC_GOOGLE_CLIENT_ID: '',
    });
    const h = await headersFor('/:path*');
    const csp = policy(h['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'", "'unsafe-inline'", 'https://apis.google.com']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'data:', 'http://127.0.0.1:9099']);
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:', 'data:']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(h['content-security-policy']).not.toMatch(/nonce|strict-dynamic|unsafe-eval/);
    expect(h).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    expect(h['permissions-policy']).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
    expect(h['permissions-policy']).toMatch(/encrypted-media=\(self\).*autoplay=\(self\).*fullscreen=\(self\).*picture-in-picture=\(self\)/);
    // `next start` runs with NODE_ENV=production on the http demo too: HSTS follows the site URL, not NODE_ENV.
    expect(h['strict-transport-security']).toBeUndefined();
  });

  it('production (https, Firebase, a media CDN, multi-DRM, one-tap): those origins, nothing else; HSTS', async () => {
    Object.assign(publicEnv, {
      NEXT_PUBLIC_SITE_URL: 'https://kilig.example.ph',
      NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL: '',
      NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: 'kilig-prod.firebaseapp.com',
      NEXT_PUBLIC_MEDIA_BASE_URL: 'https://cdn.example.net/media/',
      NEXT_PUBLIC_DRM_WIDEVINE_URL: 'https://wv.drm.example.com/licence?x=1',
      NEXT_PUBLIC_DRM_PLAYREADY_URL: 'https://pr.drm.example.com/rightsmanager.asmx',
      NEXT_PUBLIC_DRM_FAIRPLAY_URL: 'https://fp.drm.example.com/ckc/',
      NEXT_PUBLIC_GOOGLE_CLIENT_ID: '123-abc.apps.googleusercontent.com',
    });
    const h = await headersFor('/:path*');
    const csp = policy(h['content-security-policy']);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'data:',
      'https://cdn.example.net',
      'https://wv.drm.example.com',
      'https://pr.drm.example.com',
      'https://fp.drm.example.com',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://accounts.google.com/gsi/',
    ]);
    expect(csp.get('media-src')).toContain('https://cdn.example.net');
    expect(csp.get('img-src')).toContain('https://cdn.example.net');
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://kilig-prod.firebaseapp.com', 'https://accounts.google.com/gsi/']);
    expect(csp.get('script-src')).toContain('https://accounts.google.com/gsi/client');
    expect(csp.get('style-src')).toContain('https://accounts.google.com/gsi/style');
    expect(h['content-security-policy']).not.toContain('127.0.0.1');
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(h['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  });

  it('only the emulator relay may be framed, and only by this origin', async () => {
    const relay = await headersFor('/auth-emulator/relay');
    expect(policy(relay['content-security-policy']).get('frame-ancestors')).toEqual(["'self'"]);
    expect(relay['x-frame-options']).toBe('SAMEORIGIN');
  });
});
