import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { QUALITY_STORAGE_KEY } from '../quality';
import { INITIAL_VIDEO_STATE } from '../use-video-state';
import { PlayerControls } from './PlayerControls';
import type { ControlsProps } from './types';

const props = (over: Partial<ControlsProps> = {}): ControlsProps => ({
  state: { ...INITIAL_VIDEO_STATE, currentTime: 5, duration: 60, isPlaying: true, isLoaded: true },
  onTogglePlay: vi.fn(),
  onSkip: vi.fn(),
  onSeek: vi.fn(),
  onVolume: vi.fn(),
  onToggleMute: vi.fn(),
  hasTextTracks: true,
  subtitlesOn: false,
  onToggleSubtitles: vi.fn(),
  fullscreen: false,
  onToggleFullscreen: vi.fn(),
  ...over,
});

describe('PlayerControls', () => {
  it('desktop: skip buttons, and the bar with seek, play, volume, subtitles and fullscreen', () => {
    renderWithProviders(<PlayerControls layout="desktop" {...props()} />);
    expect(screen.getByRole('button', { name: 'Back 10 seconds' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Forward 10 seconds' })).toBeTruthy();
    const bar = within(screen.getByTestId('control-bar'));
    expect(bar.getByRole('slider', { name: 'Seek' })).toBeTruthy();
    expect(bar.getByRole('button', { name: 'Pause' })).toBeTruthy();
    expect(bar.getByRole('slider', { name: 'Volume' })).toBeTruthy();
    expect(bar.getByRole('button', { name: 'Subtitles' }).getAttribute('aria-pressed')).toBe('false');
    expect(bar.getByRole('button', { name: 'Fullscreen' })).toBeTruthy();
    expect(screen.queryByTestId('tap-overlay')).toBeNull();
  });

  it('mobile: the tap surface and the same play button, seek bar and toggles; no bar test id, no volume, no skip buttons', () => {
    renderWithProviders(<PlayerControls layout="mobile" {...props({ subtitlesOn: true, fullscreen: true })} />);
    expect(screen.getByTestId('tap-overlay')).toBeTruthy();
    const group = within(screen.getByRole('group', { name: 'Video controls' }));
    expect(group.getByTestId('play-toggle').getAttribute('aria-label')).toBe('Pause');
    expect(group.getByRole('slider', { name: 'Seek' })).toBeTruthy();
    expect(screen.getByTestId('subtitles-toggle').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('fullscreen-toggle').getAttribute('aria-label')).toBe('Exit fullscreen');
    expect(screen.queryByTestId('control-bar')).toBeNull();
    expect(screen.queryByRole('slider', { name: 'Volume' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Back 10 seconds' })).toBeNull();
  });

  it('no subtitles toggle when the manifest has no text tracks', () => {
    renderWithProviders(<PlayerControls layout="desktop" {...props({ hasTextTracks: false })} />);
    expect(screen.queryByTestId('subtitles-toggle')).toBeNull();
  });

  it('quality in both layouts: Auto until chosen, and the choice is stored for every player', () => {
    renderWithProviders(<PlayerControls layout="desktop" {...props()} />);
    const select = within(screen.getByTestId('control-bar')).getByRole('combobox', { name: 'Video quality' }) as HTMLSelectElement;
    expect(select.value).toBe('auto');
    expect([...select.options].map((o) => o.text)).toEqual(['Auto', 'Data saver', 'HD']);
    fireEvent.change(select, { target: { value: 'saver' } });
    expect(localStorage.getItem(QUALITY_STORAGE_KEY)).toBe('saver');
    localStorage.clear();
  });

  it('in Filipino: every control and its accessible name', () => {
    renderWithProviders(<PlayerControls layout="desktop" {...props({ state: { ...props().state, currentTime: 65, duration: 120 } })} />, { locale: 'fil' });
    expect(screen.getByRole('button', { name: 'Bumalik nang 10 segundo' })).toBeTruthy();
    const bar = within(screen.getByRole('group', { name: 'Mga kontrol ng video' }));
    expect(bar.getByRole('button', { name: 'I-pause' })).toBeTruthy();
    expect(bar.getByRole('button', { name: 'I-mute' })).toBeTruthy();
    expect(bar.getByRole('slider', { name: 'Lakas ng tunog' })).toBeTruthy();
    expect(bar.getByRole('slider', { name: 'Posisyon sa video' }).getAttribute('aria-valuetext')).toBe('1 minuto at 5 segundo sa kabuuang 2 minuto');
    expect(bar.getByRole('button', { name: 'I-fullscreen' })).toBeTruthy();
    expect([...(bar.getByRole('combobox', { name: 'Kalidad ng video' }) as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Auto', 'Tipid-data', 'HD']);
  });
});
