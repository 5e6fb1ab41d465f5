import { describe, expect, it } from 'vitest';
import { MOBILE_MAX_RETRIES, RETRY } from './constants';
import { mobileRetryDelay } from './retry';

const base = { isMobile: true, isReady: false, source: 'shaka' as const, attemptsSoFar: 0 };

describe('mobile retries (spec §8)', () => {
  it("retries by error kind: manifest 2 s, media 3 s, DRM 2 s (Shaka's categories 4, 3, 6); the video element error 4 after 3 s", () => {
    expect(mobileRetryDelay({ ...base, code: 4 })).toBe(2000); // MANIFEST
    expect(mobileRetryDelay({ ...base, code: 1 })).toBe(2000); // NETWORK (manifest or segment fetch)
    expect(mobileRetryDelay({ ...base, code: 3 })).toBe(3000); // MEDIA
    expect(mobileRetryDelay({ ...base, code: 6 })).toBe(2000); // DRM
    expect(mobileRetryDelay({ ...base, code: 2 })).toBeNull(); // TEXT
    expect(mobileRetryDelay({ ...base, code: 7 })).toBeNull(); // PLAYER
    expect(mobileRetryDelay({ ...base, source: 'video', code: 4 })).toBe(3000);
    expect(mobileRetryDelay({ ...base, source: 'video', code: 3 })).toBeNull();
  });

  it('only on mobile, only before the player is ready, and not forever', () => {
    expect(mobileRetryDelay({ ...base, code: 4, isMobile: false })).toBeNull();
    expect(mobileRetryDelay({ ...base, code: 4, isReady: true })).toBeNull();
    expect(mobileRetryDelay({ ...base, code: 4, attemptsSoFar: MOBILE_MAX_RETRIES })).toBeNull();
  });

  it('uses the spec retry parameters', () => {
    expect(RETRY.desktop).toEqual({ drm: { timeout: 3000, maxAttempts: 2 }, streaming: { timeout: 15000, maxAttempts: 2 }, manifest: { timeout: 10000, maxAttempts: 2 } });
    expect(RETRY.mobile).toEqual({ drm: { timeout: 4000, maxAttempts: 1 }, streaming: { timeout: 8000, maxAttempts: 1 }, manifest: { timeout: 6000, maxAttempts: 1 } });
  });
});
