import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onQualityChange, QUALITY_STORAGE_KEY, readQuality, writeQuality } from './quality';
import { useQuality } from './use-quality';

afterEach(() => localStorage.clear());

describe('the stored video quality', () => {
  it('is Auto until chosen, and ignores what it does not know', () => {
    expect(readQuality()).toBe('auto');
    localStorage.setItem(QUALITY_STORAGE_KEY, '1080p');
    expect(readQuality()).toBe('auto');
  });

  it('is remembered and told to listeners in this tab and from other tabs', () => {
    const heard = vi.fn();
    const off = onQualityChange(heard);
    writeQuality('saver');
    expect(localStorage.getItem(QUALITY_STORAGE_KEY)).toBe('saver');
    expect(heard).toHaveBeenLastCalledWith('saver');
    localStorage.setItem(QUALITY_STORAGE_KEY, 'hd');
    window.dispatchEvent(new StorageEvent('storage', { key: QUALITY_STORAGE_KEY }));
    expect(heard).toHaveBeenLastCalledWith('hd');
    off();
    writeQuality('auto');
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('useQuality follows a choice made elsewhere (the dashboard, the player)', () => {
    const { result } = renderHook(() => useQuality());
    expect(result.current[0]).toBe('auto');
    act(() => writeQuality('hd'));
    expect(result.current[0]).toBe('hd');
    act(() => result.current[1]('saver'));
    expect(result.current[0]).toBe('saver');
    expect(readQuality()).toBe('saver');
  });
});
