import { describe, expect, it } from 'vitest';
import * as c from './constants';

describe('player constants (spec §9, one module)', () => {
  it('holds the spec values', () => {
    expect(c.SKIP_SECONDS).toBe(10);
    expect(c.SEEK_RECOVERY_TIMEOUT_MS).toBe(3000);
    expect([c.DOUBLE_TAP_MIN_MS, c.DOUBLE_TAP_MAX_MS, c.SINGLE_TAP_DELAY_MS]).toEqual([100, 300, 300]);
    expect(c.SKIP_INDICATOR_MS).toBe(1500);
    expect(c.MOBILE_PAUSED_OVERLAY_MS).toBe(5000);
    expect(c.PLAYER_INIT_DELAY_MS).toEqual({ mobile: 200, desktop: 50 });
    expect(c.TEXT_TRACK_CHECK_MS).toBe(1000);
    expect(c.VOLUME_STEP).toBe(0.1);
    expect(c.FAIRPLAY_CERT_TIMEOUT_MS).toBe(10_000);
    expect(c.MOBILE_RETRY_DELAY_MS).toEqual({ 2: 2000, 3: 3000, 4: 2000 });
    expect(c.NETWORK_CLASS).toEqual({ excellentDownlink: 10, goodDownlink: 5, fairDownlink: 2 });
    expect(c.DEVICE_CLASS).toEqual({ high: { memory: 4, cores: 4 }, medium: { memory: 2, cores: 2 } });
  });
});
