import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import type { ContentPage } from '@/lib/contracts/auth';
import { initialAuthState } from '@/store/auth/slice';
import { initialUiState } from '@/store/ui/slice';
import { shownToasts, toastTexts } from '@/tests/fixtures/toasts';
import type { Locale } from '@/i18n/routing';
import { GlobalDialogs } from './GlobalDialogs';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
// The identity provider and the backend are the edges; the store, the dialog and its validation are real.
vi.mock('@/lib/identity', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/identity')>();
  return { ...original, isIdentityConfigured: vi.fn(() => true), loadIdentity: vi.fn(original.loadIdentity) };
});
vi.mock('@/lib/identity/firebase', () => ({
  signInAsGuest: vi.fn(),
  signInWithEmail: vi.fn(),
  signUpWithEmail: vi.fn(),
  signInWithGoogle: vi.fn(),
  signInWithApple: vi.fn(),
  signInWithGoogleIdToken: vi.fn(),
  signOutIdentity: vi.fn(async () => undefined),
}));
vi.mock('@/lib/api/auth', () => ({ authenticateOrRegister: vi.fn(), fetchProfile: vi.fn(), retrieveContentPages: vi.fn() }));

const firebase = await import('@/lib/identity/firebase');
const identity = await import('@/lib/identity');
const api = await import('@/lib/api/auth');

const page = (slug: string, title: string, headings: string[]): ContentPage => ({
  _id: slug,
  slug,
  title,
  sections: headings.map((heading) => ({ heading, paragraphs: [`${heading} text.`] })),
});
const TERMS = page('terms', 'Mobile App Terms and Conditions', ['Introduction', 'Use of the App', 'Governing Law']);
const PRIVACY = page('privacy', 'Mobile App Privacy Policy', ['Introduction', "Children's Privacy"]);

const apiUser = {
  _id: 'user-1',
  uid: 'fb-1',
  name: 'Maria Clara',
  email: 'maria@example.ph',
  image: null,
  loginType: 5,
  isAnonymous: false,
  isVip: false,
  vipExpiresAt: null,
  vipLifetime: false,
  coins: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
};

let toastError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  localStorage.clear();
  toastError = vi.spyOn(toast, 'error');
  vi.mocked(api.retrieveContentPages).mockResolvedValue({ status: true, data: [TERMS, PRIVACY] });
});
afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
  document.documentElement.style.overflow = '';
});

async function openDialog(locale: Locale = 'en') {
  const opener = document.createElement('button');
  opener.textContent = 'Log in';
  document.body.appendChild(opener);
  opener.focus();
  const view = renderWithProviders(<GlobalDialogs />, {
    locale,
    preloadedState: { auth: { ...initialAuthState, status: 'anonymous' }, ui: { ...initialUiState, loginDialogOpen: true } },
  });
  // The dialog's code arrives on demand (next/dynamic), so it shows a moment after opening.
  return { ...view, opener, dialog: await screen.findByRole('dialog', { name: locale === 'fil' ? 'Mag-log in sa Kilig' : 'Log in to Kilig' }) };
}

async function toSignUp(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Create an account' }));
  return screen.getByRole('dialog', { name: 'Create your account' });
}

describe('LoginDialog', () => {
  it('is a labelled modal dialog with Continue with Google, the "or" divider and the login form, focusing the e-mail', async () => {
    const { dialog } = await openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(within(dialog).getByRole('separator', { name: 'or' })).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Email'));
    expect(within(dialog).getByLabelText('Password')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Name')).toBeNull();
  });

  it("login needs both fields: 'Email and password are required.'", async () => {
    const user = userEvent.setup();
    const { dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(toastError).toHaveBeenCalledWith('Email and password are required.');
    expect(within(dialog).getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(firebase.signInWithEmail).not.toHaveBeenCalled();
  });

  it('shows a check that failed before any attempt inside the open dialog too, as an alert describing the fields', async () => {
    const user = userEvent.setup();
    const { dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toBe('Email and password are required.');
    for (const label of ['Email', 'Password']) expect(within(dialog).getByLabelText(label).getAttribute('aria-describedby')).toBe(alert.id);
    // Filled in, the next check passes and the message goes.
    await user.type(within(dialog).getByLabelText('Email'), 'maria@example.ph');
    await user.type(within(dialog).getByLabelText('Password'), 'pw');
    vi.mocked(firebase.signInWithEmail).mockReturnValue(new Promise(() => undefined));
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(alert.textContent).toBe('');
  });

  it("a form's error toasts and message do not outlive a switch to the other form", async () => {
    const dismiss = vi.spyOn(toast, 'dismiss');
    const user = userEvent.setup();
    const { dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    const id = toastError.mock.results[0].value as string;
    await user.click(within(dialog).getByRole('button', { name: 'Create an account' }));
    expect(dismiss).toHaveBeenCalledWith(id);
    expect(screen.getByRole('dialog', { name: 'Create your account' }).querySelector('[role="alert"]')?.textContent).toBe('');
  });

  it("a wrong password closes the dialog; its toast's 'Try again' opens it again with the e-mail kept", async () => {
    vi.mocked(firebase.signInWithEmail).mockRejectedValue({ code: 'auth/invalid-credential', message: 'Firebase: Error (auth/invalid-credential).' });
    const user = userEvent.setup();
    const { dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Email'), 'maria@example.ph');
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [shown] = shownToasts(toastError);
    expect(shown.text).toBe('Invalid email or password. Please try again.');
    act(() => shown.retry!.click());
    const again = await screen.findByRole('dialog', { name: 'Log in to Kilig' });
    expect((within(again).getByLabelText('Email') as HTMLInputElement).value).toBe('maria@example.ph');
    expect((within(again).getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });

  it('speaks Filipino on Filipino pages: the form, its check, and the toast', async () => {
    const user = userEvent.setup();
    const { dialog } = await openDialog('fil');
    expect(within(dialog).getByRole('button', { name: 'Magpatuloy gamit ang Google' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Mag-log in' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Kailangan ang email at password.');
    expect(toastError).toHaveBeenCalledWith('Kailangan ang email at password.');
    await user.click(within(dialog).getByRole('button', { name: 'Gumawa ng account' }));
    const signUp = screen.getByRole('dialog', { name: 'Gumawa ng account' });
    expect(within(signUp).getByRole('checkbox', { name: /18 taong gulang pataas/ })).toBeTruthy();
    expect(within(signUp).getByRole('button', { name: 'Terms and Conditions' })).toBeTruthy();
  });

  it('logs in with the trimmed e-mail, shows the spinner while pending, and closes after the attempt', async () => {
    let finish: (v: Awaited<ReturnType<typeof firebase.signInWithEmail>>) => void = () => undefined;
    vi.mocked(firebase.signInWithEmail).mockReturnValue(new Promise((r) => (finish = r)));
    vi.mocked(api.authenticateOrRegister).mockResolvedValue({ status: true, message: 'ok', data: { user: apiUser, token: 'tok' } });
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    const { dialog, store } = await openDialog();
    await user.type(within(dialog).getByLabelText('Email'), '  maria@example.ph ');
    await user.type(within(dialog).getByLabelText('Password'), 'pw-123456');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(firebase.signInWithEmail).toHaveBeenCalledWith('maria@example.ph', 'pw-123456');
    expect(screen.getByTestId('global-spinner')).toBeTruthy();
    await act(async () => finish({ uid: 'fb-1', idToken: 'id', email: 'maria@example.ph', name: 'Maria Clara', image: null, isAnonymous: false }));
    await waitFor(() => expect(store.getState().auth.status).toBe('loggedIn'));
    expect(success).toHaveBeenCalledWith('Successfully logged in!');
    expect(screen.queryByTestId('global-spinner')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes after a failed attempt too, with the mapped error', async () => {
    vi.mocked(firebase.signInWithEmail).mockRejectedValue({ code: 'auth/invalid-credential', message: 'Firebase: Error (auth/invalid-credential).' });
    const user = userEvent.setup();
    const { dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Email'), 'maria@example.ph');
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(toastTexts(toastError)).toEqual(['Invalid email or password. Please try again.']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('toggles to sign-up, which says the service is for adults 18 and over, and back', async () => {
    const user = userEvent.setup();
    await openDialog();
    const dialog = await toSignUp(user);
    expect(dialog.textContent).toContain('Kilig is for adults 18 and over.');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Name'));
    for (const label of ['Name', 'Email', 'Password', 'Confirm password']) expect(within(dialog).getByLabelText(label)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('dialog', { name: 'Log in to Kilig' })).toBeTruthy();
  });

  it('shows every sign-up validation message verbatim, in the spec order', async () => {
    const user = userEvent.setup();
    await openDialog();
    const dialog = await toSignUp(user);
    const submit = () => user.click(within(dialog).getByRole('button', { name: 'Sign up' }));

    await submit();
    expect(toastError).toHaveBeenLastCalledWith('All fields are required.');
    await user.type(within(dialog).getByLabelText('Name'), '  Maria  ');
    await user.type(within(dialog).getByLabelText('Email'), 'maria@example.ph');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-1');
    await user.type(within(dialog).getByLabelText('Confirm password'), 'secret-2');
    await submit();
    expect(toastError).toHaveBeenLastCalledWith('Passwords do not match.');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Confirm password'));

    await user.clear(within(dialog).getByLabelText('Confirm password'));
    await user.type(within(dialog).getByLabelText('Confirm password'), 'secret-1');
    await submit();
    expect(toastError).toHaveBeenLastCalledWith('Please accept the Terms and Conditions.');

    // Terms' 'I Understand' accepts the Terms only: the Privacy Policy is still missing.
    await user.click(within(dialog).getByRole('button', { name: 'Terms and Conditions' }));
    await user.click(await screen.findByRole('button', { name: 'I Understand' }));
    const box = within(dialog).getByRole('checkbox') as HTMLInputElement;
    expect(box.indeterminate).toBe(true);
    await submit();
    expect(toastError).toHaveBeenLastCalledWith('Please accept the Privacy Policy.');
    expect(firebase.signUpWithEmail).not.toHaveBeenCalled();
  });

  it('has one agreement box that toggles both Terms and Privacy, then signs up with the trimmed name and e-mail', async () => {
    vi.mocked(firebase.signUpWithEmail).mockResolvedValue({ uid: 'fb-1', idToken: 'id', email: 'maria@example.ph', name: 'Maria', image: null, isAnonymous: false });
    vi.mocked(api.authenticateOrRegister).mockResolvedValue({ status: true, message: 'ok', data: { user: apiUser, token: 'tok' } });
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    const { store } = await openDialog();
    const dialog = await toSignUp(user);
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(1);
    await user.type(within(dialog).getByLabelText('Name'), '  Maria ');
    await user.type(within(dialog).getByLabelText('Email'), ' maria@example.ph ');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-1');
    await user.type(within(dialog).getByLabelText('Confirm password'), 'secret-1');
    const box = within(dialog).getByRole('checkbox', { name: /18 or older.*Terms and Conditions.*Privacy Policy/ });
    await user.click(box);
    expect((box as HTMLInputElement).checked).toBe(true);
    await user.click(box);
    expect((box as HTMLInputElement).checked).toBe(false);
    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(firebase.signUpWithEmail).toHaveBeenCalledWith('maria@example.ph', 'secret-1', 'Maria');
    await waitFor(() => expect(store.getState().auth.status).toBe('loggedIn'));
    expect(success).toHaveBeenCalledWith('Account created successfully!');
  });

  it('opens the Google popup straight from the click', async () => {
    vi.mocked(firebase.signInWithGoogle).mockReturnValue(new Promise(() => undefined));
    const { dialog } = await openDialog();
    // The dialog fetches the identity SDK as it opens, so the click below can open the popup synchronously.
    expect(identity.loadIdentity).toHaveBeenCalled();
    await vi.mocked(identity.loadIdentity).mock.results[0].value;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue with Google' }));
    expect(firebase.signInWithGoogle).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('global-spinner')).toBeTruthy();
  });

  it('closes by its close button, a backdrop click and Escape, and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    for (const how of ['button', 'backdrop', 'escape'] as const) {
      const { store, opener, unmount } = await openDialog();
      if (how === 'button') await user.click(screen.getByRole('button', { name: 'Close' }));
      if (how === 'backdrop') await user.click(screen.getByTestId('modal-backdrop'));
      if (how === 'escape') await user.keyboard('{Escape}');
      expect(store.getState().ui.loginDialogOpen, how).toBe(false);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement, how).toBe(opener);
      unmount();
      opener.remove();
    }
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    const { dialog } = await openDialog();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    close.focus();
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Create an account' }));
    await user.tab();
    expect(document.activeElement).toBe(close);
  });
});

describe('Policy modals from sign-up', () => {
  it.each([
    ['Terms and Conditions', 'Mobile App Terms and Conditions', ['Introduction', 'Use of the App', 'Governing Law']],
    ['Privacy Policy', 'Mobile App Privacy Policy', ['Introduction', "Children's Privacy"]],
  ])('%s opens with its sections and closes by X, I Understand, the backdrop and Escape', async (link, title, headings) => {
    const user = userEvent.setup();
    await openDialog();
    const dialog = await toSignUp(user);
    for (const how of ['x', 'understand', 'backdrop', 'escape'] as const) {
      await user.click(within(dialog).getByRole('button', { name: link }));
      const modal = await screen.findByRole('dialog', { name: title });
      await waitFor(() => expect(within(modal).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(headings.map((h, i) => `${i + 1}.${h}`)));
      if (how === 'x') await user.click(within(modal).getByRole('button', { name: 'Close' }));
      if (how === 'understand') await user.click(within(modal).getByRole('button', { name: 'I Understand' }));
      if (how === 'backdrop') await user.click(screen.getAllByTestId('modal-backdrop').at(-1)!);
      if (how === 'escape') await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog', { name: title }), how).toBeNull();
      // Only the policy closed: the sign-up form stays, with focus back on the link.
      expect(screen.getByRole('dialog', { name: 'Create your account' })).toBeTruthy();
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: link }));
    }
    expect(api.retrieveContentPages).toHaveBeenCalledTimes(1);
  });
});
