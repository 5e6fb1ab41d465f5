import { describe, expect, it } from 'vitest';
import { keyAction } from './keys';

describe('player keys (spec §2)', () => {
  it('← or j back, → or l forward, k toggles', () => {
    expect(keyAction({ key: 'ArrowLeft' })).toBe('back');
    expect(keyAction({ key: 'j' })).toBe('back');
    expect(keyAction({ key: 'ArrowRight' })).toBe('forward');
    expect(keyAction({ key: 'l' })).toBe('forward');
    expect(keyAction({ key: 'k' })).toBe('toggle');
    expect(keyAction({ key: 'K' })).toBe('toggle');
  });

  it('leaves other keys and browser shortcuts alone', () => {
    expect(keyAction({ key: ' ' })).toBeNull();
    expect(keyAction({ key: 'ArrowUp' })).toBeNull();
    expect(keyAction({ key: 'l', ctrlKey: true })).toBeNull();
    expect(keyAction({ key: 'ArrowLeft', altKey: true })).toBeNull();
    expect(keyAction({ key: 'k', metaKey: true })).toBeNull();
  });
});
