// @vitest-environment jsdom
import toast from 'react-hot-toast/headless';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@/store/store';
import { loginDialogOpened } from '@/store/ui/slice';
import { signInAnonymously } from '@/store/auth/thunks';
import { loginWithEmail, loginWithGoogleOneTap, loginWithSocial, signUpWithEmail } from '@/store/auth/login';
import { selectIsLoggingIn } from '@/store/auth/selectors';
import { shownToasts, toastTexts } from '@/tests/fixtures/toasts';
import { apiUser, axiosError, signed, storage } from './test-fixtures';
import { loadToastTexts } from '@/store/toast';

// The identity provider and the backend are the edges of this slice: stand them in, keep the store and storage real.
vi.mock('@/lib/identity', async (importOriginal) => ({ ...(await importOriginal<object>()), isIdentityConfigured: vi.fn(() => true) }));
vi.mock('@/lib/identity/firebase', async () => (await import('./test-fixtures')).identityStandIn());
vi.mock('@/lib/api/auth', async () => (await import('./test-fixtures')).authApiStandIn());

const firebase = await import('@/lib/identity/firebase');
const identity = await import('@/lib/identity');
const api = await import('@/lib/api/auth');

let success: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  localStorage.clear();
  vi.mocked(identity.isIdentityConfigured).mockReturnValue(true);
  success = vi.spyOn(toast, 'success');
  error = vi.spyOn(toast, 'error');
});

afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

// The toasts' texts load with the first toast in the browser; loaded before these tests read toasts synchronously.
beforeAll(() => loadToastTexts());

describe('logins', () => {
  function guestStore() {
    localStorage.setItem('anonymousUser', JSON.stringify({ uid: 'anon-7', isAnonymous: true }));
    localStorage.setItem('isAnonymous', 'true');
    const store = makeStore();
    store.dispatch({ type: 'auth/anonymousSignedIn', payload: 'anon-7' });
    store.dispatch(loginDialogOpened());
    return store;
  }

  it("e-mail login: authenticateOrRegister with the ID token, stores isAuth, user, token and loginType 5, drops the guest markers, toasts 'Successfully logged in!'", async () => {
    vi.mocked(firebase.signInWithEmail).mockResolvedValue(signed({ name: 'Maria Clara' }));
    vi.mocked(api.authenticateOrRegister).mockResolvedValue({ status: true, message: 'Login successful', data: { user: apiUser, token: 'product-token' } });
    const store = guestStore();
    const pending = store.dispatch(loginWithEmail({ email: 'maria@example.ph', password: 'pw-123456' }));
    expect(selectIsLoggingIn(store.getState())).toBe(true);
    await pending;
    expect(firebase.signInWithEmail).toHaveBeenCalledWith('maria@example.ph', 'pw-123456');
    expect(api.authenticateOrRegister).toHaveBeenCalledWith(
      { loginType: 5, identity: 'fb-email-1', email: 'maria@example.ph', name: 'Maria Clara', image: null },
      'firebase-id-token',
    );
    expect(storage()).toEqual({ isAuth: 'true', user: JSON.stringify(apiUser), token: 'product-token', loginType: '5' });
    expect(success).toHaveBeenCalledWith('Successfully logged in!');
    expect(store.getState().auth).toMatchObject({ status: 'loggedIn', loginStatus: 'succeeded', anonymousUid: null, user: { _id: 'user-1', coins: 12 } });
    expect(store.getState().ui.loginDialogOpen).toBe(false);
    expect(selectIsLoggingIn(store.getState())).toBe(false);
  });

  it("a wrong password toasts 'Invalid email or password. Please try again.', keeps the guest, and closes the dialog", async () => {
    vi.mocked(firebase.signInWithEmail).mockRejectedValue(Object.assign(new Error('Firebase: Error (auth/invalid-credential).'), { code: 'auth/invalid-credential' }));
    const store = guestStore();
    const result = await store.dispatch(loginWithEmail({ email: 'maria@example.ph', password: 'nope' }));
    expect(result.payload).toBe('Invalid email or password. Please try again.');
    expect(toastTexts(error)).toEqual(['Invalid email or password. Please try again.']);
    expect(api.authenticateOrRegister).not.toHaveBeenCalled();
    expect(store.getState().auth).toMatchObject({ status: 'anonymous', loginStatus: 'failed' });
    expect(localStorage.getItem('isAnonymous')).toBe('true');
    expect(store.getState().ui.loginDialogOpen).toBe(false);
  });

  it("a failed attempt's toast offers 'Try again': it opens the login form again with the e-mail kept", async () => {
    vi.mocked(firebase.signInWithEmail).mockRejectedValue(Object.assign(new Error('Firebase: Error (auth/invalid-credential).'), { code: 'auth/invalid-credential' }));
    const store = guestStore();
    await store.dispatch(loginWithEmail({ email: 'maria@example.ph', password: 'nope' }));
    const [shown] = shownToasts(error);
    expect(shown.retry?.textContent).toBe('Try again');
    expect(store.getState().auth.lastFailedAttempt).toEqual({ mode: 'login', email: 'maria@example.ph', name: '' });
    shown.retry!.click();
    expect(store.getState().ui.loginDialogOpen).toBe(true);
  });

  it("sign-up sends the typed name and toasts 'Account created successfully!'", async () => {
    vi.mocked(firebase.signUpWithEmail).mockResolvedValue(signed({ name: 'Maria Clara' }));
    vi.mocked(api.authenticateOrRegister).mockResolvedValue({ status: true, message: 'ok', data: { user: apiUser, token: 't' } });
    const store = guestStore();
    await store.dispatch(signUpWithEmail({ name: 'Maria Clara', email: 'maria@example.ph', password: 'pw-123456' }));
    expect(firebase.signUpWithEmail).toHaveBeenCalledWith('maria@example.ph', 'pw-123456', 'Maria Clara');
    expect(vi.mocked(api.authenticateOrRegister).mock.calls[0][0]).toMatchObject({ loginType: 5, name: 'Maria Clara' });
    expect(success).toHaveBeenCalledWith('Account created successfully!');
  });

  it("a failed sign-up shows the error's message, else 'Signup failed'", async () => {
    vi.mocked(firebase.signUpWithEmail).mockRejectedValueOnce(
      Object.assign(new Error('Firebase: Password should be at least 6 characters (auth/weak-password).'), { code: 'auth/weak-password' }),
    );
    const store = guestStore();
    await store.dispatch(signUpWithEmail({ name: 'A', email: 'a@b.ph', password: '1' }));
    expect(toastTexts(error).at(-1)).toBe('Password should be at least 6 characters.');
    vi.mocked(firebase.signUpWithEmail).mockRejectedValueOnce({});
    await store.dispatch(signUpWithEmail({ name: 'A', email: 'a@b.ph', password: '1' }));
    expect(toastTexts(error).at(-1)).toBe('Signup failed');
    // 'Try again' opens the sign-up form again with what was typed (not the password).
    expect(store.getState().auth.lastFailedAttempt).toEqual({ mode: 'signup', email: 'a@b.ph', name: 'A' });
  });

  it("Google: loginType 2 and 'You have been logged in sucessfully!'; Apple: loginType 4", async () => {
    vi.mocked(firebase.signInWithGoogle).mockResolvedValue(signed({ uid: 'g-1', name: 'Juan', image: 'https://example.ph/a.png' }));
    vi.mocked(firebase.signInWithApple).mockResolvedValue(signed({ uid: 'a-1' }));
    vi.mocked(api.authenticateOrRegister).mockResolvedValue({ status: true, message: 'ok', data: { user: { ...apiUser, loginType: 2 }, token: 't' } });
    const store = guestStore();
    await store.dispatch(loginWithSocial('google'));
    expect(api.authenticateOrRegister).toHaveBeenLastCalledWith(
      { loginType: 2, identity: 'g-1', email: 'maria@example.ph', name: 'Juan', image: 'https://example.ph/a.png' },
      'firebase-id-token',
    );
    expect(localStorage.getItem('loginType')).toBe('2');
    expect(success).toHaveBeenCalledWith('You have been logged in sucessfully!');
    await store.dispatch(loginWithSocial('apple'));
    expect(vi.mocked(api.authenticateOrRegister).mock.lastCall?.[0]).toMatchObject({ loginType: 4, identity: 'a-1' });
    expect(localStorage.getItem('loginType')).toBe('4');
  });

  it('opens the Google popup synchronously inside the dispatch (no await before it)', () => {
    vi.mocked(firebase.signInWithGoogle).mockReturnValue(new Promise(() => undefined));
    const store = guestStore();
    void store.dispatch(loginWithSocial('google'));
    expect(firebase.signInWithGoogle).toHaveBeenCalledTimes(1);
  });

  it('one-tap turns the Google credential into a Firebase sign-in, then the product login', async () => {
    vi.mocked(firebase.signInWithGoogleIdToken).mockResolvedValue(signed({ uid: 'g-2' }));
    vi.mocked(api.authenticateOrRegister).mockResolvedValue({ status: true, message: 'ok', data: { user: apiUser, token: 't' } });
    const store = guestStore();
    await store.dispatch(loginWithGoogleOneTap('google-credential'));
    expect(firebase.signInWithGoogleIdToken).toHaveBeenCalledWith('google-credential');
    expect(vi.mocked(api.authenticateOrRegister).mock.lastCall?.[0]).toMatchObject({ loginType: 2, identity: 'g-2' });
    expect(store.getState().auth.status).toBe('loggedIn');
  });

  it('a backend refusal shows its message, clears the user and signs the identity back out', async () => {
    vi.mocked(firebase.signInWithGoogle).mockResolvedValue(signed({ uid: 'g-3' }));
    vi.mocked(api.authenticateOrRegister).mockRejectedValue(axiosError(403, { status: false, message: 'This account is blocked.', code: 'E_UNAUTHORIZED' }));
    const store = guestStore();
    localStorage.setItem('watchHistory', '[]');
    await store.dispatch(loginWithSocial('google'));
    expect(toastTexts(error)).toEqual(['This account is blocked.']);
    expect(firebase.signOutIdentity).toHaveBeenCalled();
    expect(localStorage.length).toBe(0); // E_UNAUTHORIZED clears all local storage (spec §8)
    expect(store.getState().auth.status).toBe('anonymous');
  });

  it('ignores a second attempt while one is in flight', async () => {
    vi.mocked(firebase.signInWithEmail).mockReturnValue(new Promise(() => undefined));
    const store = guestStore();
    void store.dispatch(loginWithEmail({ email: 'a@b.ph', password: 'x' }));
    void store.dispatch(loginWithEmail({ email: 'a@b.ph', password: 'x' }));
    expect(firebase.signInWithEmail).toHaveBeenCalledTimes(1);
  });

  it('an anonymous sign-in that finishes after a login does not turn the user back into a guest', async () => {
    let finishGuest: (v: Awaited<ReturnType<typeof firebase.signInAsGuest>>) => void = () => undefined;
    vi.mocked(firebase.signInAsGuest).mockReturnValue(new Promise((r) => (finishGuest = r)));
    vi.mocked(firebase.signInWithEmail).mockResolvedValue(signed());
    vi.mocked(api.authenticateOrRegister).mockResolvedValue({ status: true, message: 'ok', data: { user: apiUser, token: 't' } });
    const store = makeStore();
    const guest = store.dispatch(signInAnonymously());
    await store.dispatch(loginWithEmail({ email: 'a@b.ph', password: 'x' }));
    finishGuest({ ...signed({ uid: 'anon-late' }), isAnonymous: true });
    await guest;
    expect(store.getState().auth.status).toBe('loggedIn');
    expect(localStorage.getItem('isAnonymous')).toBeNull();
  });
});
