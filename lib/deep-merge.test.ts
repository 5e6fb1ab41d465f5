import { describe, expect, it } from 'vitest';
import { deepMerge } from './deep-merge';

describe('deepMerge', () => {
  it('merges plain objects key by key and replaces anything else whole, changing neither input', () => {
    const fn = () => 1;
    const base = { a: { b: 1, c: [1, 2] }, d: 'x', keep: { k: true } };
    const over = { a: { c: [3], e: fn }, d: { now: 'group' } };
    const merged = deepMerge(base, over) as Record<string, Record<string, unknown>>;
    expect(merged).toEqual({ a: { b: 1, c: [3], e: fn }, d: { now: 'group' }, keep: { k: true } });
    expect(merged.a.c).toBe(over.a.c);
    expect(merged.keep).toBe(base.keep);
    expect(base).toEqual({ a: { b: 1, c: [1, 2] }, d: 'x', keep: { k: true } });
  });

  it('does not merge into class instances', () => {
    class Box {
      v = 1;
    }
    const box = new Box();
    expect(deepMerge({ x: { v: 0, w: 2 } }, { x: box })).toEqual({ x: box });
    expect((deepMerge({ x: box }, { x: { v: 3 } }) as { x: unknown }).x).toEqual({ v: 3 });
  });
});
