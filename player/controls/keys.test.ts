// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isOwnedByControl, keyAction } from './keys';

describe('player keys (spec §2, issue 22)', () => {
  it('← or j back, → or l forward, k or Space toggles, m mutes, f fullscreen', () => {
    expect(keyAction({ key: 'ArrowLeft' })).toBe('back');
    expect(keyAction({ key: 'j' })).toBe('back');
    expect(keyAction({ key: 'ArrowRight' })).toBe('forward');
    expect(keyAction({ key: 'l' })).toBe('forward');
    expect(keyAction({ key: 'k' })).toBe('toggle');
    expect(keyAction({ key: 'K' })).toBe('toggle');
    expect(keyAction({ key: ' ' })).toBe('toggle');
    expect(keyAction({ key: 'm' })).toBe('mute');
    expect(keyAction({ key: 'F' })).toBe('fullscreen');
  });

  it('leaves other keys and browser shortcuts alone', () => {
    expect(keyAction({ key: 'ArrowUp' })).toBeNull();
    expect(keyAction({ key: 'l', ctrlKey: true })).toBeNull();
    expect(keyAction({ key: 'ArrowLeft', altKey: true })).toBeNull();
    expect(keyAction({ key: 'k', metaKey: true })).toBeNull();
    expect(keyAction({ key: 'f', ctrlKey: true })).toBeNull();
  });

  it('keys typed in a field stay there; Space on a button presses that button', () => {
    document.body.innerHTML = '<input id="i"><button id="b"></button><a id="a" href="/x">x</a><div id="d"></div>';
    const el = (id: string) => document.getElementById(id);
    expect(isOwnedByControl(el('i'), 'm')).toBe(true);
    expect(isOwnedByControl(el('i'), ' ')).toBe(true);
    expect(isOwnedByControl(el('b'), ' ')).toBe(true);
    expect(isOwnedByControl(el('a'), ' ')).toBe(true);
    expect(isOwnedByControl(el('b'), 'm')).toBe(false);
    expect(isOwnedByControl(el('d'), ' ')).toBe(false);
    expect(isOwnedByControl(document.body, 'f')).toBe(false);
  });
});
