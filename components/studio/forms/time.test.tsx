import { describe, expect, it } from 'vitest';
import { formatManila, isoToManilaInput, manilaInputToIso } from './time';

describe('Manila time for the schedule input', () => {
  it('reads a datetime-local value as Manila time and back', () => {
    expect(manilaInputToIso('2026-12-01T20:00')).toBe('2026-12-01T12:00:00.000Z');
    expect(isoToManilaInput('2026-12-01T12:00:00.000Z')).toBe('2026-12-01T20:00');
    expect(manilaInputToIso('')).toBeNull();
    expect(manilaInputToIso('tomorrow')).toBeNull();
    expect(formatManila('2026-12-01T12:00:00.000Z')).toMatch(/Dec 1, 2026.*8:00\s?PM/);
  });
});
