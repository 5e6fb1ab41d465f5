import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { SeekBar } from './SeekBar';

describe('SeekBar', () => {
  it('is a range over the duration, read out in words, that seeks to the value chosen', () => {
    const onSeek = vi.fn();
    renderWithProviders(<SeekBar currentTime={65} duration={120} onSeek={onSeek} />);
    const bar = screen.getByRole('slider', { name: 'Seek' });
    expect(bar).toHaveProperty('min', '0');
    expect(bar).toHaveProperty('max', '120');
    expect(bar).toHaveProperty('step', '0.1');
    expect(bar).toHaveProperty('value', '65');
    expect(bar.getAttribute('aria-valuetext')).toBe('1 minute 5 seconds of 2 minutes');
    fireEvent.change(bar, { target: { value: '90.5' } });
    expect(onSeek).toHaveBeenCalledWith(90.5);
  });

  it('never shows a position past the end (a live currentTime can run over the duration)', () => {
    renderWithProviders(<SeekBar currentTime={121.3} duration={120} onSeek={() => undefined} />);
    expect(screen.getByRole('slider', { name: 'Seek' })).toHaveProperty('value', '120');
  });

  it('is disabled until the duration is known', () => {
    renderWithProviders(<SeekBar currentTime={0} duration={0} onSeek={() => undefined} />);
    const bar = screen.getByRole('slider', { name: 'Seek' });
    expect(bar).toHaveProperty('disabled', true);
    expect(bar).toHaveProperty('max', '0');
  });

  it('keeps its own look and adds the layout sizing', () => {
    renderWithProviders(<SeekBar currentTime={0} duration={10} onSeek={() => undefined} className="flex-1" />);
    expect(screen.getByRole('slider', { name: 'Seek' }).className.split(' ')).toEqual(expect.arrayContaining(['h-1.5', 'accent-kilig-500', 'flex-1']));
  });
});
