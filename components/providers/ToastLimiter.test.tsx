import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast/headless';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_LIMIT } from '@/lib/constants';
import { AppToaster } from './AppToaster';

afterEach(() => {
  act(() => toast.remove());
  vi.useRealTimers();
});

/** Dismissed toasts play an exit animation and leave the DOM after react-hot-toast's remove delay (1 s). */
function afterExitAnimations() {
  act(() => {
    vi.advanceTimersByTime(1100);
  });
}

function visibleToastTexts(): string[] {
  return screen.queryAllByRole('status').map((el) => el.textContent ?? '');
}

describe('toast limit', () => {
  it('is 20 by the spec', () => {
    expect(TOAST_LIMIT).toBe(20);
  });

  it('keeps at most `limit` toasts visible and dismisses the oldest ones', () => {
    vi.useFakeTimers();
    render(<AppToaster limit={3} />);
    act(() => {
      for (let i = 1; i <= 5; i++) toast(`Message ${i}`);
    });
    afterExitAnimations();
    const texts = visibleToastTexts();
    expect(texts).toHaveLength(3);
    expect(texts.join(' ')).toContain('Message 5');
    expect(texts.join(' ')).toContain('Message 3');
    expect(texts.join(' ')).not.toContain('Message 2');
  });

  it('leaves toasts alone while there are fewer than the limit', () => {
    vi.useFakeTimers();
    render(<AppToaster limit={3} />);
    act(() => {
      toast.success('Saved');
      toast('Hello');
    });
    afterExitAnimations();
    expect(visibleToastTexts()).toHaveLength(2);
  });

  it('never shows more than TOAST_LIMIT toasts by default', () => {
    vi.useFakeTimers();
    render(<AppToaster />);
    act(() => {
      for (let i = 1; i <= TOAST_LIMIT + 5; i++) toast.error(`Error ${i}`);
    });
    afterExitAnimations();
    // Errors are announced with role=status by react-hot-toast as well.
    expect(visibleToastTexts()).toHaveLength(TOAST_LIMIT);
    expect(visibleToastTexts().join(' ')).toContain(`Error ${TOAST_LIMIT + 5}`);
  }, 20_000); // 25 toasts in jsdom take seconds on a busy machine
});
