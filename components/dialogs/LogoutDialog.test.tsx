import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigation, renderWithProviders } from '@/tests/fixtures/render';
import { initialAuthState, type AuthUser } from '@/store/auth/slice';
import { initialUiState } from '@/store/ui/slice';
import SiteHeader from '@/components/layout/SiteHeader';
import { GlobalDialogs } from './GlobalDialogs';
import { loadToastTexts } from '@/store/toast';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('@/lib/identity', async (importOriginal) => ({ ...(await importOriginal<object>()), isIdentityConfigured: vi.fn(() => true) }));
vi.mock('@/lib/identity/firebase', () => ({ signOutIdentity: vi.fn(async () => undefined) }));
vi.mock('@/lib/api/auth', () => ({ authenticateOrRegister: vi.fn(), fetchProfile: vi.fn(), retrieveContentPages: vi.fn() }));

const api = await import('@/lib/api/auth');

const member: AuthUser = { _id: 'u1', uid: 'fb1', name: 'Maria Clara', email: 'maria@example.ph', image: null, isAnonymous: false, isVip: false };

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('isAuth', 'true');
  localStorage.setItem('user', JSON.stringify(member));
  localStorage.setItem('token', 'tok');
  localStorage.setItem('watchHistory', '[]');
});
afterEach(() => vi.restoreAllMocks());

function renderSignedIn() {
  return renderWithProviders(
    <>
      <SiteHeader />
      <GlobalDialogs />
    </>,
    { pathname: '/movie-genres/All-movies', preloadedState: { auth: { ...initialAuthState, status: 'loggedIn', user: member }, ui: initialUiState } },
  );
}

// The toasts' texts load with the first toast in the browser; loaded before these tests read toasts synchronously.
beforeAll(() => loadToastTexts());

describe('LogoutDialog', () => {
  it("opens from the header's Log out; confirming clears isAuth, user and token, closes, toasts and goes to /", async () => {
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    const { store } = renderSignedIn();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(navigation.router.push).toHaveBeenCalledWith('/'));
    expect(localStorage.getItem('isAuth')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('watchHistory')).toBe('[]');
    expect(success).toHaveBeenCalledWith('You have been logged out sucessfully!');
    expect(store.getState().ui.logoutDialogOpen).toBe(false);
    expect(store.getState().auth.status).toBe('loggedOut');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(api.authenticateOrRegister).not.toHaveBeenCalled();
  });

  it('Cancel, the close button, the backdrop and Escape keep the user logged in', async () => {
    const user = userEvent.setup();
    const { store } = renderSignedIn();
    for (const how of ['cancel', 'close', 'backdrop', 'escape'] as const) {
      await user.click(screen.getByRole('button', { name: 'Log out' }));
      const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
      if (how === 'cancel') await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      if (how === 'close') await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      if (how === 'backdrop') await user.click(screen.getByTestId('modal-backdrop'));
      if (how === 'escape') await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog'), how).toBeNull();
      expect(store.getState().auth.status).toBe('loggedIn');
      expect(localStorage.getItem('token')).toBe('tok');
    }
  });
});
