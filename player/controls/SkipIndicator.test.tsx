import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { SkipButtons } from './SkipButtons';
import { SkipIndicator } from './SkipIndicator';

describe('skips on screen', () => {
  it('the side buttons skip back and forward', () => {
    const onSkip = vi.fn();
    renderWithProviders(<SkipButtons onSkip={onSkip} />);
    fireEvent.click(screen.getByRole('button', { name: 'Back 10 seconds' }));
    fireEvent.click(screen.getByRole('button', { name: 'Forward 10 seconds' }));
    expect(onSkip.mock.calls).toEqual([['back'], ['forward']]);
  });

  it('the indicator shows the skip on its side, hidden from screen readers', () => {
    const { rerender } = renderWithProviders(<SkipIndicator direction="back" />);
    const shown = screen.getByTestId('skip-indicator');
    expect(shown.textContent).toBe('« 10s');
    expect(shown.className).toContain('left-6');
    expect(shown.getAttribute('aria-hidden')).toBe('true');
    rerender(<SkipIndicator direction="forward" />);
    expect(screen.getByTestId('skip-indicator').textContent).toBe('10s »');
    expect(screen.getByTestId('skip-indicator').className).toContain('right-6');
  });
});
