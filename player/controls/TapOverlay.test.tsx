import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TapOverlay } from './TapOverlay';

/** The overlay is 200 px wide: x under 100 is its left half. */
function tap(x: number) {
  const overlay = screen.getByTestId('tap-overlay');
  overlay.getBoundingClientRect = () => ({ left: 0, width: 200, top: 0, height: 300, right: 200, bottom: 300, x: 0, y: 0, toJSON: () => ({}) });
  fireEvent.click(overlay, { clientX: x });
}

describe('TapOverlay', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  it('a single tap toggles play 300 ms later', () => {
    const onTogglePlay = vi.fn();
    render(<TapOverlay onTogglePlay={onTogglePlay} onSkip={() => undefined} />);
    tap(50);
    vi.advanceTimersByTime(299);
    expect(onTogglePlay).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTogglePlay).toHaveBeenCalledTimes(1);
  });

  it('a double tap skips on the side of the second tap, and does not toggle play', () => {
    const onTogglePlay = vi.fn();
    const onSkip = vi.fn();
    render(<TapOverlay onTogglePlay={onTogglePlay} onSkip={onSkip} />);
    tap(150);
    vi.advanceTimersByTime(150);
    tap(150);
    expect(onSkip).toHaveBeenCalledWith('forward');
    tap(20);
    vi.advanceTimersByTime(150);
    tap(20);
    expect(onSkip).toHaveBeenLastCalledWith('back');
    vi.advanceTimersByTime(1000);
    expect(onTogglePlay).not.toHaveBeenCalled();
  });

  it('is hidden from screen readers (the play button of the bar serves them)', () => {
    render(<TapOverlay onTogglePlay={() => undefined} onSkip={() => undefined} />);
    expect(screen.getByTestId('tap-overlay').getAttribute('aria-hidden')).toBe('true');
  });
});
