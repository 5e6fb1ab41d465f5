import { describe, expect, it } from 'vitest';
import { formatDuration, formatPesos, truncate } from './format';

describe('format', () => {
  it('shows centavos as pesos with two decimals', () => {
    expect(formatPesos(29900)).toBe('₱299.00');
    expect(formatPesos(199900)).toBe('₱1,999.00');
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
