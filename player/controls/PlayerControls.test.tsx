import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
    render(<PlayerControls layout="desktop" {...props()} />);
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
    render(<PlayerControls layout="mobile" {...props({ subtitlesOn: true, fullscreen: true })} />);
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
    render(<PlayerControls layout="desktop" {...props({ hasTextTracks: false })} />);
    expect(screen.queryByTestId('subtitles-toggle')).toBeNull();
  });
});
