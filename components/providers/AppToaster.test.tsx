import { act, fireEvent, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast/headless';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATIONS } from '@/lib/constants';
import { pushModal, removeModal } from '@/components/dialogs/modal-stack';
import { AppToaster } from './AppToaster';

afterEach(() => {
  act(() => toast.remove());
  vi.useRealTimers();
});

const area = () => screen.getByTestId('toast-area');

describe('AppToaster', () => {
  it('shows each toast as a polite status with a mark for its kind, and injects no style sheet at run time', () => {
    render(<AppToaster />);
    act(() => {
      toast.success('Successfully unlocked!');
      toast.error('Something went wrong!');
    });
    const [error, success] = screen.getAllByRole('status');
    expect(success.textContent).toBe('Successfully unlocked!');
    expect(error.textContent).toBe('Something went wrong!');
    expect(success?.getAttribute('aria-live')).toBe('polite');
    expect(success.parentElement?.querySelector('svg[aria-hidden="true"]')?.getAttribute('data-type')).toBe('success');
    expect(error.parentElement?.querySelector('svg[aria-hidden="true"]')?.getAttribute('data-type')).toBe('error');
    // react-hot-toast's styled Toaster writes its CSS-in-JS into a <style id="_goober"> on the first toast.
    expect(document.getElementById('_goober')).toBeNull();
    expect(document.head.querySelectorAll('style')).toHaveLength(0);
  });

  it('keeps spec §9 durations: a success leaves after 2 s, an error after 4 s, a hover pauses them', () => {
    vi.useFakeTimers();
    render(<AppToaster />);
    act(() => {
      toast.success('Saved');
      toast.error('Failed');
    });
    act(() => vi.advanceTimersByTime(TOAST_DURATIONS.success + 50));
    expect(screen.getByText('Saved').closest('[data-visible]')?.getAttribute('data-visible')).toBe('false');
    expect(screen.getByText('Failed').closest('[data-visible]')?.getAttribute('data-visible')).toBe('true');

    fireEvent.mouseEnter(area());
    act(() => vi.advanceTimersByTime(TOAST_DURATIONS.error));
    expect(screen.getByText('Failed').closest('[data-visible]')?.getAttribute('data-visible')).toBe('true');
    fireEvent.mouseLeave(area());
    act(() => vi.advanceTimersByTime(TOAST_DURATIONS.error));
    expect(screen.getByText('Failed').closest('[data-visible]')?.getAttribute('data-visible')).toBe('false');
  });

  it('renders a toast given as a function (the retry toasts) and moves to the bottom while a dialog is open', () => {
    render(<AppToaster />);
    act(() => {
      toast.error((t) => <button type="button">Try again {t.type}</button>);
    });
    expect(screen.getByRole('button', { name: 'Try again error' })).toBeTruthy();
    expect(area()?.getAttribute('data-position')).toBe('top');
    act(() => pushModal('dialog-under-test'));
    expect(area()?.getAttribute('data-position')).toBe('bottom');
    act(() => removeModal('dialog-under-test'));
    expect(area()?.getAttribute('data-position')).toBe('top');
  });
});
