import { describe, expect, it } from 'vitest';
import { formatClock, spokenDuration } from './format-time';

describe('player clock', () => {
  it('formats times', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(75.4)).toBe('1:15');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(NaN)).toBe('0:00');
    expect(spokenDuration(75)).toBe('1 minute 15 seconds');
    expect(spokenDuration(1)).toBe('1 second');
    expect(spokenDuration(120)).toBe('2 minutes');
  });
});
