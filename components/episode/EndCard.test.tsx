import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { NextEpisodeCountdown } from './EndCard';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('NextEpisodeCountdown', () => {
  it('counts down 5 s, then plays the next episode; a live region says so and focus is on Play now', () => {
    const onPlayNow = vi.fn();
    renderWithProviders(<NextEpisodeCountdown next={{ episodeNumber: 3, title: 'Ang Alok' }} autoUnlockCoins={null} onPlayNow={onPlayNow} onCancel={() => {}} />);
    expect(screen.getByTestId('end-card-status').getAttribute('aria-live')).toBe('polite');
    expect(screen.getByTestId('end-card-status').textContent).toContain('Episode 3: Ang Alok starts in 5 seconds');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Play now' }));
    const second = () => act(() => void vi.advanceTimersByTime(1000));
    for (let i = 0; i < 4; i++) second();
    expect(onPlayNow).not.toHaveBeenCalled();
    expect(screen.getByTestId('end-card-countdown').textContent).toBe('1');
    second();
    expect(onPlayNow).toHaveBeenCalledTimes(1);
  });

  it('Cancel and Escape cancel; Play now plays at once', () => {
    const onPlayNow = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(<NextEpisodeCountdown next={{ episodeNumber: 2, title: null }} autoUnlockCoins={12} onPlayNow={onPlayNow} onCancel={onCancel} />);
    expect(screen.getByTestId('end-card-status').textContent).toContain('unlocked automatically for 12 coins');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Play now' }), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: 'Play now' }));
    expect(onPlayNow).toHaveBeenCalledTimes(1);
  });

  it('in Filipino: Up next, the live region and the buttons', () => {
    renderWithProviders(<NextEpisodeCountdown next={{ episodeNumber: 3, title: 'Ang Alok' }} autoUnlockCoins={12} onPlayNow={() => {}} onCancel={() => {}} />, { locale: 'fil' });
    const card = screen.getByTestId('end-card');
    expect(card.textContent).toContain('Susunod');
    expect(screen.getByTestId('end-card-status').textContent).toBe(
      'Magsisimula ang Episode 3: Ang Alok sa loob ng 5 segundo, awtomatikong ia-unlock gamit ang 12 coins. Panoorin na, o i-cancel para manatili rito.',
    );
    expect(card.textContent).toContain('Auto-unlock: 12 coins');
    expect(screen.getByRole('button', { name: 'Panoorin na' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'I-cancel' })).toBeTruthy();
  });
});
