import { describe, expect, it } from 'vitest';
import { loadAverage, median } from './stats';

describe('benchmark statistics', () => {
  it('takes the middle value, the mean of the middle two for an even count, and skips what is not a number', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([5, NaN, 1, Infinity])).toBe(3);
    expect(median([])).toBeNaN();
  });

  it('prints the three load averages', () => {
    expect(loadAverage()).toMatch(/^\d+\.\d\d \d+\.\d\d \d+\.\d\d$/);
  });
});
