import { describe, expect, it } from 'vitest';
import { formatWatchTime } from './format';

describe('formatWatchTime', () => {
  it('shows minutes under an hour (never 0 h for time that was watched), hours from an hour up', () => {
    expect(formatWatchTime(0)).toBe('0 min');
    expect(formatWatchTime(12)).toBe('< 1 min');
    expect(formatWatchTime(42 * 60)).toBe('42 min');
    expect(formatWatchTime(3599)).toBe('60 min');
    expect(formatWatchTime(3600)).toBe('1 h');
    expect(formatWatchTime(5400)).toBe('1.5 h');
  });
});
