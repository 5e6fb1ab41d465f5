import { describe, expect, it } from 'vitest';
import { skipTarget } from './skip';

describe('skip rules (spec §5)', () => {
  it('back: under 3 s from the start jumps to the start', () => {
    expect(skipTarget('back', 0, 32)).toBe(0);
    expect(skipTarget('back', 2.9, 32)).toBe(0);
  });

  it('back: otherwise 10 s back, never before 1 s', () => {
    expect(skipTarget('back', 3, 32)).toBe(1);
    expect(skipTarget('back', 8, 32)).toBe(1);
    expect(skipTarget('back', 15, 32)).toBe(5);
    expect(skipTarget('back', 31, 32)).toBe(21);
  });

  it('forward: ignored within 2 s of the end', () => {
    expect(skipTarget('forward', 30, 32)).toBeNull();
    expect(skipTarget('forward', 31.5, 32)).toBeNull();
    expect(skipTarget('forward', 32, 32)).toBeNull();
  });

  it('forward: otherwise 10 s forward, capped at duration − 1 s', () => {
    expect(skipTarget('forward', 5, 32)).toBe(15);
    expect(skipTarget('forward', 25, 32)).toBe(31);
    expect(skipTarget('forward', 29.9, 32)).toBeCloseTo(31);
  });

  it('ignores a skip without a usable clock', () => {
    expect(skipTarget('forward', 5, NaN)).toBeNull();
    expect(skipTarget('forward', 5, 0)).toBeNull();
    expect(skipTarget('back', NaN, 32)).toBeNull();
  });
});
