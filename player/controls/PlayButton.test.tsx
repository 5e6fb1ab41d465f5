import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { PlayButton } from './PlayButton';

describe('PlayButton', () => {
  it('is named for what a press does: Play while paused, Pause while playing', () => {
    const { rerender } = renderWithProviders(<PlayButton look="bar" playing={false} onToggle={() => undefined} />);
    expect(screen.getByTestId('play-toggle').getAttribute('aria-label')).toBe('Play');
    rerender(<PlayButton look="bar" playing onToggle={() => undefined} />);
    expect(screen.getByTestId('play-toggle').getAttribute('aria-label')).toBe('Pause');
  });

  it('toggles on click, and its glyph is hidden from screen readers', () => {
    const onToggle = vi.fn();
    renderWithProviders(<PlayButton look="round" playing={false} onToggle={onToggle} />);
    const button = screen.getByRole('button', { name: 'Play' });
    fireEvent.click(button);
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(button.hasAttribute('aria-pressed')).toBe(false);
  });

  it('draws the layout look: flat in the desktop bar, a dark disc on mobile', () => {
    const { rerender } = renderWithProviders(<PlayButton look="bar" playing={false} onToggle={() => undefined} />);
    expect(screen.getByTestId('play-toggle').className).toContain('size-9');
    rerender(<PlayButton look="round" playing={false} onToggle={() => undefined} />);
    expect(screen.getByTestId('play-toggle').className).toContain('bg-black/45');
  });
});
