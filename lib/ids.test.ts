import { describe, expect, it } from 'vitest';
import { isSessionIdentifier, sessionIdentifier } from './ids';

describe('sessionIdentifier (spec §3: prefix_timestamp_random)', () => {
  it('builds PREFIX_<ms timestamp>_<16 base-36 characters> for each prefix', () => {
    for (const prefix of ['PAYMENT', 'PREMIUM', 'QR', 'SESSION'] as const) {
      const id = sessionIdentifier(prefix, 1_767_225_600_000);
      expect(id).toMatch(new RegExp(`^${prefix}_1767225600000_[0-9a-z]{16}$`));
      expect(isSessionIdentifier(id, prefix)).toBe(true);
    }
    expect(sessionIdentifier('PAYMENT').split('_')[1]).toMatch(/^\d{13}$/);
  });

  it('never repeats in 20,000 draws within one millisecond, and uses every base-36 character', () => {
    const ids = Array.from({ length: 20_000 }, () => sessionIdentifier('PAYMENT', 1));
    expect(new Set(ids).size).toBe(ids.length);
    const chars = new Set(ids.flatMap((id) => [...id.split('_')[2]]));
    expect(chars.size).toBe(36);
  });

  it('tells well-formed identifiers from others', () => {
    expect(isSessionIdentifier(sessionIdentifier('QR'), 'PAYMENT')).toBe(false);
    for (const bad of ['', 'PAYMENT', 'PAYMENT_1_abc', 'payment_1767225600000_k3v9q2x7m1p4a8zd', 'PAYMENT_1767225600000_K3V9Q2X7M1P4A8ZD', 'OTHER_1767225600000_k3v9q2x7m1p4a8zd', 42, null]) {
      expect(isSessionIdentifier(bad), String(bad)).toBe(false);
    }
  });
});
