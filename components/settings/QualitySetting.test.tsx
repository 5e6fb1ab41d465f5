import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { QUALITY_STORAGE_KEY, readQuality, writeQuality } from '@/player/quality';
import { QualitySetting } from './QualitySetting';

afterEach(() => localStorage.clear());

describe('QualitySetting', () => {
  it('Auto until chosen; a choice is stored for the player, and a choice made in the player shows here', () => {
    renderWithProviders(<QualitySetting />);
    const group = screen.getByRole('group', { name: 'Video quality' });
    expect(group).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Auto' }) as HTMLInputElement).checked).toBe(true);
    // Our packaging's ladder: 360p at 696 kbit/s is 313 MB an hour, 720p at 1,896 kbit/s 853 MB.
    expect(screen.getByText('313 MB per hour', { exact: false }).textContent).toBe('≈ 313 MB per hour');
    expect(screen.getByText('Up to ≈ 853 MB per hour')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Data saver' }));
    expect(localStorage.getItem(QUALITY_STORAGE_KEY)).toBe('saver');
    act(() => writeQuality('hd'));
    expect((screen.getByRole('radio', { name: 'HD' }) as HTMLInputElement).checked).toBe(true);
  });

  it('in Filipino', () => {
    renderWithProviders(<QualitySetting />, { locale: 'fil' });
    expect(screen.getByRole('group', { name: 'Kalidad ng video' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Tipid-data' }));
    expect(readQuality()).toBe('saver');
    expect(screen.getByText('≈ 313 MB kada oras')).toBeTruthy();
  });
});
