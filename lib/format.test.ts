import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDuration, formatNumber, formatPesos, truncate } from './format';

describe('format', () => {
  it('shows centavos as pesos with two decimals, in English by default and in Filipino when asked', () => {
    expect(formatPesos(29900)).toBe('₱299.00');
    expect(formatPesos(199900)).toBe('₱1,999.00');
    expect(formatPesos(199900, 'fil')).toBe('₱1,999.00');
    expect(formatNumber(1200)).toBe('1,200');
    expect(formatNumber(1234567, 'fil')).toBe('1,234,567');
  });

  it('dates a purchase in Manila time whatever the machine says, one format per language', () => {
    // 17:05 UTC on the 26th is 01:05 on the 27th in Manila (UTC+8): the day must be the 27th.
    const iso = '2026-11-26T17:05:00.000Z';
    expect(formatDateTime(iso)).toMatch(/^November 27, 2026 at 1:05\sAM$/);
    expect(formatDateTime(iso, 'fil')).toMatch(/^Nobyembre 27, 2026 nang 1:05\sAM$/);
    expect(formatDateTime(new Date(iso), 'en')).toBe(formatDateTime(iso));
    expect(formatDate(iso)).toBe('November 27, 2026');
    expect(formatDate(iso, 'fil')).toBe('Nobyembre 27, 2026');
  });

  it('gives an empty string for a missing or bad date', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDate(undefined, 'fil')).toBe('');
  });

  it('cuts text at the limit and adds an ellipsis only when longer', () => {
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('abcd', 3)).toBe('abc...');
  });

  it('formats durations', () => {
    expect(formatDuration(32)).toBe('32s');
    expect(formatDuration(65)).toBe('1:05');
  });
});
