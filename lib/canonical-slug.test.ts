import { describe, expect, it } from 'vitest';
import { isCanonicalSlug } from './canonical-slug';

describe('isCanonicalSlug', () => {
  it('compares the last path segment, decoded', () => {
    expect(isCanonicalSlug('Tahan-Na%2C-Mahal-abc', '/movie/Tahan-Na%2C-Mahal-abc')).toBe(true);
    expect(isCanonicalSlug('Tahan-Na,-Mahal-abc', '/movie/Tahan-Na%2C-Mahal-abc')).toBe(true);
    expect(isCanonicalSlug('Old-Name-abc', '/movie/Tahan-Na%2C-Mahal-abc')).toBe(false);
    expect(isCanonicalSlug('%E0%A4%A', '/movie/x-abc')).toBe(false);
  });
});
