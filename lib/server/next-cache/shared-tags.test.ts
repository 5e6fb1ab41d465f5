import { describe, expect, it } from 'vitest';
import { EVERY_PAGE_TAG, expiredSince, pathTags } from './shared-tags';

describe('pathTags', () => {
  it("is the tag Next's revalidatePath expires for a page", () => {
    expect(pathTags('/en/movie/Tahan-Na%2C-Mahal')).toEqual(['_N_T_/en/movie/Tahan-Na%2C-Mahal']);
    expect(pathTags('/en/series/')).toEqual(['_N_T_/en/series']);
    // Next's encodeHeaderSafe: runs outside printable ASCII percent-encoded, the rest byte for byte.
    expect(pathTags('/fil/movie/Niño, Mahal')).toEqual(['_N_T_/fil/movie/Ni%C3%B1o, Mahal']);
  });

  it("names '/' and '/index' together, as Next does", () => {
    expect(pathTags('/')).toEqual(['_N_T_/', '_N_T_/index']);
    expect(pathTags('/index')).toEqual(['_N_T_/index', '_N_T_/']);
  });

  it("the root layout's tag is revalidatePath('/', 'layout')'s", () => {
    expect(EVERY_PAGE_TAG).toBe('_N_T_/layout');
  });
});

describe('expiredSince', () => {
  const now = 1_000_000;
  it('expires an entry older than a revalidation that has come due, not a newer one', () => {
    const states = new Map([['a', { stale: 900_000, expired: 900_000 }]]);
    expect(expiredSince(states, 899_999, now)).toBe(true);
    expect(expiredSince(states, 900_000, now)).toBe(false);
    expect(expiredSince(states, 950_000, now)).toBe(false);
  });

  it('leaves an entry only stale while its expiry lies ahead (revalidateTag with a profile)', () => {
    const states = new Map([['a', { stale: 900_000, expired: now + 60_000 }]]);
    expect(expiredSince(states, 800_000, now)).toBe(false);
    expect(expiredSince(states, 800_000, now + 60_000)).toBe(true);
  });

  it('an untouched tag expires nothing', () => {
    expect(expiredSince(new Map(), 0, now)).toBe(false);
    expect(expiredSince(new Map([['a', { stale: 900_000 }]]), 0, now)).toBe(false);
  });
});
