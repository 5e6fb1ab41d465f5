import { describe, expect, it } from 'vitest';
import { swipeOf } from './use-vertical-swipe';

const at = (x: number, y: number, t: number) => ({ x, y, at: t });

describe('swipeOf', () => {
  it('a quick vertical drag of 60 px or more is a swipe: up (next) or down (previous)', () => {
    expect(swipeOf(at(200, 600, 0), at(205, 400, 250))).toBe('up');
    expect(swipeOf(at(200, 300, 0), at(190, 500, 250))).toBe('down');
    expect(swipeOf(at(200, 600, 0), at(200, 540, 100))).toBe('up');
  });

  it('taps, short or slow drags and mostly sideways drags are not', () => {
    expect(swipeOf(at(200, 600, 0), at(201, 599, 80))).toBeNull(); // a tap (double taps are two of these)
    expect(swipeOf(at(200, 600, 0), at(200, 560, 100))).toBeNull();
    expect(swipeOf(at(200, 600, 0), at(200, 300, 1500))).toBeNull();
    expect(swipeOf(at(100, 600, 0), at(300, 500, 200))).toBeNull();
  });
});
