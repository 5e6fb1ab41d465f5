import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigation, renderWithProviders } from '@/tests/fixtures/render';
import { initialAuthState, type AuthUser } from '@/store/auth/slice';
import { AccountSettings } from './AccountSettings';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('@/lib/identity', async (importOriginal) => ({ ...(await importOriginal<object>()), isIdentityConfigured: vi.fn(() => true) }));
vi.mock('@/lib/identity/firebase', () => ({ signOutIdentity: vi.fn(async () => undefined) }));
vi.mock('@/lib/api/auth', () => ({
  authenticateOrRegister: vi.fn(),
  fetchProfile: vi.fn(),
  retrieveContentPages: vi.fn(),
  deleteAccount: vi.fn(),
  logoutEverywhere: vi.fn(),
}));

const api = await import('@/lib/api/auth');
const firebase = await import('@/lib/identity/firebase');

const member: AuthUser = {
  _id: 'u1',
  uid: 'fb1',
  name: 'Maria Clara',
  email: 'maria@example.ph',
  image: null,
  isAnonymous: false,
  isVip: true,
  vipLifetime: false,
  vipExpiresAt: '2030-03-15T04:00:00.000Z',
  coins: 1250,
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('isAuth', 'true');
  localStorage.setItem('user', JSON.stringify(member));
  localStorage.setItem('token', 'tok');
  localStorage.setItem('watchHistory', '[{"_id":"x"}]');
  localStorage.setItem('anonymousUser', '{"uid":"guest"}');
});
afterEach(() => vi.clearAllMocks());

function renderSettings(user: AuthUser | null = member) {
  return renderWithProviders(<AccountSettings />, {
    pathname: '/dashboard',
    preloadedState: { auth: { ...initialAuthState, status: user ? 'loggedIn' : 'anonymous', user } },
  });
}

async function openDeleteDialog() {
  const user = userEvent.setup();
  const view = renderSettings();
  await user.click(screen.getByRole('button', { name: 'Delete Account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  return { user, dialog, ...view };
}

describe('Account settings', () => {
  it('is not shown to guests', () => {
    renderSettings(null);
    expect(screen.queryByRole('heading', { name: 'Account settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Account' })).toBeNull();
  });

  it('Delete Account opens a dialog that names what is lost, with the coin balance and the VIP access', async () => {
    const { dialog } = await openDeleteDialog();
    const losses = within(dialog).getByTestId('delete-account-losses');
    for (const text of ['Your profile (maria@example.ph)', 'My List', 'likes and ratings', 'watch history', '1,250 coins', 'Your VIP access ends (it runs until March 15, 2030)']) {
      expect(losses.textContent).toContain(text);
    }
    expect(dialog.textContent).toContain('Payment records are kept for accounting, without your account.');
    // Focus starts on the safe choice, not on the destructive one.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
  });

  it('the confirm button stays disabled until DELETE is typed', async () => {
    const { user, dialog } = await openDeleteDialog();
    const confirm = within(dialog).getByRole('button', { name: 'Delete Account' });
    expect(confirm).toHaveProperty('disabled', true);
    const input = within(dialog).getByRole('textbox', { name: 'Type DELETE to confirm' });
    await user.type(input, 'delete');
    expect(confirm).toHaveProperty('disabled', true);
    await user.clear(input);
    await user.type(input, 'DELETE');
    expect(confirm).toHaveProperty('disabled', false);
    // Enter in the field submits too (keyboard only).
    vi.mocked(api.deleteAccount).mockReturnValue(new Promise(() => undefined));
    await user.type(input, '{Enter}');
    expect(api.deleteAccount).toHaveBeenCalledTimes(1);
  });

  it("shows 'Deleting…', then logs out as logout does, toasts, and goes home", async () => {
    const success = vi.spyOn(toast, 'success');
    let answer!: (v: { status: boolean; message: string }) => void;
    vi.mocked(api.deleteAccount).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user, dialog, store } = await openDeleteDialog();
    await user.type(within(dialog).getByRole('textbox', { name: 'Type DELETE to confirm' }), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));

    const busy = within(dialog).getByRole('button', { name: 'Deleting…' });
    expect(busy).toHaveProperty('disabled', true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    // Not closable while the deletion runs.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeTruthy();

    answer({ status: true, message: 'Your account has been deleted.' });
    await waitFor(() => expect(navigation.router.push).toHaveBeenCalledWith('/'));
    expect(success).toHaveBeenCalledWith('Your account has been deleted.');
    expect(firebase.signOutIdentity).toHaveBeenCalled();
    for (const key of ['isAuth', 'user', 'token', 'watchHistory']) expect(localStorage.getItem(key), key).toBeNull();
    expect(store.getState().auth.status).toBe('loggedOut');
    expect(store.getState().auth.user).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a failure in the dialog and keeps the viewer logged in', async () => {
    const { AxiosError, AxiosHeaders } = await import('axios');
    const config = { headers: new AxiosHeaders() };
    vi.mocked(api.deleteAccount).mockRejectedValue(
      new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, {}, { data: { status: false, message: 'Something went wrong. Please try again later.', code: 'E_INTERNAL' }, status: 500, statusText: '', headers: {}, config }),
    );
    const { user, dialog, store } = await openDeleteDialog();
    await user.type(within(dialog).getByRole('textbox', { name: 'Type DELETE to confirm' }), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Something went wrong. Please try again later.');
    expect(within(dialog).getByRole('button', { name: 'Delete Account' })).toHaveProperty('disabled', false);
    expect(store.getState().auth.status).toBe('loggedIn');
    expect(localStorage.getItem('token')).toBe('tok');
    expect(navigation.router.push).not.toHaveBeenCalled();
  });

  it('Log out everywhere asks first, then ends the session here too', async () => {
    const success = vi.spyOn(toast, 'success');
    vi.mocked(api.logoutEverywhere).mockResolvedValue({ status: true, message: 'You have been logged out on every device.' });
    const user = userEvent.setup();
    const { store } = renderSettings();
    await user.click(screen.getByRole('button', { name: 'Log out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out everywhere?' });
    expect(api.logoutEverywhere).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Log out everywhere' }));
    await waitFor(() => expect(navigation.router.push).toHaveBeenCalledWith('/'));
    expect(api.logoutEverywhere).toHaveBeenCalledTimes(1);
    expect(success).toHaveBeenCalledWith('You have been logged out on every device.');
    for (const key of ['isAuth', 'user', 'token']) expect(localStorage.getItem(key), key).toBeNull();
    expect(store.getState().auth.status).toBe('loggedOut');
  });

  it('speaks Filipino on a Filipino page, and Log out everywhere lands on the Filipino home', async () => {
    vi.mocked(api.logoutEverywhere).mockResolvedValue({ status: true, message: 'You have been logged out on every device.' });
    const user = userEvent.setup();
    renderWithProviders(<AccountSettings />, {
      pathname: '/dashboard',
      locale: 'fil',
      preloadedState: { auth: { ...initialAuthState, status: 'loggedIn', user: member } },
    });
    expect(screen.getByRole('heading', { name: 'Settings ng account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Burahin ang Account' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mag-log out sa lahat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mag-log out sa lahat ng device?' });
    expect(within(dialog).getByRole('button', { name: 'Kanselahin' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Mag-log out sa lahat' }));
    await waitFor(() => expect(navigation.router.push).toHaveBeenCalledWith('/fil'));
  });
});

