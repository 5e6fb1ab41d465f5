import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { VolumeControl } from './VolumeControl';

describe('VolumeControl', () => {
  it('sets the volume from 0 to 1 in steps of 0.1, read out as a percentage', () => {
    const onVolume = vi.fn();
    renderWithProviders(<VolumeControl look="bar" volume={0.7} muted={false} onVolume={onVolume} onToggleMute={() => undefined} />);
    const slider = screen.getByRole('slider', { name: 'Volume' });
    expect([slider.getAttribute('min'), slider.getAttribute('max'), slider.getAttribute('step')]).toEqual(['0', '1', '0.1']);
    expect(slider.getAttribute('aria-valuetext')).toBe('70%');
    fireEvent.change(slider, { target: { value: '0.3' } });
    expect(onVolume).toHaveBeenCalledWith(0.3);
  });

  it('muted: shows 0 and offers Unmute', () => {
    const onToggleMute = vi.fn();
    renderWithProviders(<VolumeControl look="bar" volume={0.7} muted onVolume={() => undefined} onToggleMute={onToggleMute} />);
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveProperty('value', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(onToggleMute).toHaveBeenCalledTimes(1);
  });
});
