// @vitest-environment jsdom
import { AxiosError, AxiosHeaders } from 'axios';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiUser, ContentPage } from '@/lib/contracts/auth';
import { makeStore } from '@/store/store';
import { loginDialogOpened, logoutDialogOpened } from '@/store/ui/slice';
import { AUTH_MESSAGES } from '@/store/auth/slice';
import { loadContentPages, loginWithEmail, loginWithGoogleOneTap, loginWithSocial, logOut, restoreSession, signInAnonymously, signUpWithEmail } from '@/store/auth/thunks';
import { selectContentPage, selectIsLoggingIn } from '@/store/auth/selectors';

// The identity provider and the backend are the edges of this slice: stand them in, keep the store and storage real.
vi.mock('@/lib/identity', async (importOriginal) => ({ ...(await importOriginal<object>()), isIdentityConfigured: vi.fn(() => true) }));
vi.mock('@/lib/identity/firebase', () => ({
  signInAsGuest: vi.fn(),
  signInWithEmail: vi.fn(),
  signUpWithEmail: vi.fn(),
  signInWithGoogle: vi.fn(),
  signInWithApple: vi.fn(),
  signInWithGoogleIdToken: vi.fn(),
  signOutIdentity: vi.fn(async () => undefined),
}));
vi.mock('@/lib/api/auth', () => ({
  authenticateOrRegister: vi.fn(),
  fetchProfile: vi.fn(),
  retrieveContentPages: vi.fn(),
}));

const firebase = await import('@/lib/identity/firebase');
const identity = await import('@/lib/identity');
const api = await import('@/lib/api/auth');

const apiUser: ApiUser = {
  _id: 'user-1',
  uid: 'fb-email-1',
  name: 'Maria Clara',
  email: 'maria@example.ph',
  image: null,
  loginType: 5,
  isAnonymous: false,
  isVip: false,
  vipExpiresAt: null,
  vipLifetime: false,
  coins: 12,
  createdAt: '2025-01-01T00:00:00.000Z',
};

const signed = (over: Partial<{ uid: string; email: string | null; name: string | null; image: string | null }> = {}) => ({
  uid: 'fb-email-1',
  idToken: 'firebase-id-token',
  email: 'maria@example.ph',
  name: null,
  image: null,
  isAnonymous: false,
  ...over,
});

function axiosError(status: number, data: unknown) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, {}, { status, statusText: '', data, headers: {}, config });
}

const storage = () => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]));

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

describe('restoreSession (spec §4 on load)', () => {
  it('signs a first-time visitor in anonymously and stores the anonymous record and flag, never calling the product login', async () => {
    vi.mocked(firebase.signInAsGuest).mockResolvedValue({ ...signed({ uid: 'anon-1', email: null }), isAnonymous: true });
    const store = makeStore();
    await store.dispatch(restoreSession());
    expect(store.getState().auth).toMatchObject({ status: 'anonymous', anonymousUid: 'anon-1', user: null, sessionStatus: 'succeeded' });
    expect(JSON.parse(localStorage.getItem('anonymousUser')!)).toEqual({ uid: 'anon-1', isAnonymous: true });
    expect(localStorage.getItem('isAnonymous')).toBe('true');
    expect(api.authenticateOrRegister).not.toHaveBeenCalled();
    expect(api.fetchProfile).not.toHaveBeenCalled();
  });

  it('reuses a stored anonymous user instead of signing in again', async () => {
    localStorage.setItem('anonymousUser', JSON.stringify({ uid: 'anon-9', isAnonymous: true }));
    localStorage.setItem('isAnonymous', 'true');
    const store = makeStore();
    await store.dispatch(restoreSession());
    expect(firebase.signInAsGuest).not.toHaveBeenCalled();
    expect(store.getState().auth).toMatchObject({ status: 'anonymous', anonymousUid: 'anon-9' });
  });

  it('skips the anonymous sign-in when the identity service is not set up', async () => {
    vi.mocked(identity.isIdentityConfigured).mockReturnValue(false);
    const store = makeStore();
    await store.dispatch(restoreSession());
    expect(firebase.signInAsGuest).not.toHaveBeenCalled();
    expect(store.getState().auth.status).toBe('loggedOut');
  });

  it('logs a failed anonymous sign-in to the console only', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(firebase.signInAsGuest).mockRejectedValue(new Error('offline'));
    const store = makeStore();
    await store.dispatch(restoreSession());
    expect(consoleError).toHaveBeenCalledWith('Anonymous login failed', expect.any(Error));
    expect(error).not.toHaveBeenCalled();
    expect(store.getState().auth.status).toBe('loggedOut');
  });

  it("fetches a stored user's profile by _id: status true logs in with the server's data", async () => {
    localStorage.setItem('isAuth', 'true');
    localStorage.setItem('user', JSON.stringify(apiUser));
    localStorage.setItem('token', 'product-token');
    vi.mocked(api.fetchProfile).mockResolvedValue({ status: true, message: 'ok', user: { ...apiUser, isVip: true } });
    const store = makeStore();
    const pending = store.dispatch(restoreSession());
    // The stored session shows at once, before the server answers.
    expect(store.getState().auth).toMatchObject({ status: 'loggedIn', isVip: false });
    await pending;
    expect(api.fetchProfile).toHaveBeenCalledWith('user-1');
    expect(store.getState().auth).toMatchObject({ status: 'loggedIn', isVip: true, user: { _id: 'user-1', isVip: true } });
    expect(JSON.parse(localStorage.getItem('user')!).isVip).toBe(true);
    expect(firebase.signInAsGuest).not.toHaveBeenCalled();
  });

  it('clears the user and auth when the profile answer is not status true, then signs the visitor in as a guest', async () => {
    localStorage.setItem('isAuth', 'true');
    localStorage.setItem('user', JSON.stringify(apiUser));
    localStorage.setItem('token', 'product-token');
    localStorage.setItem('watchHistory', '[]');
    vi.mocked(api.fetchProfile).mockRejectedValue(axiosError(401, { status: false, message: 'Your session has ended. Please log in again.', code: 'E_UNAUTHENTICATED' }));
    vi.mocked(firebase.signInAsGuest).mockResolvedValue({ ...signed({ uid: 'anon-2' }), isAnonymous: true });
    const store = makeStore();
    await store.dispatch(restoreSession());
    // One toast however many calls find the session ended at once.
    expect(error).toHaveBeenCalledWith('Your session has ended. Please log in again.', { id: 'session-ended' });
    expect(storage()).toEqual({ watchHistory: '[]', anonymousUser: JSON.stringify({ uid: 'anon-2', isAnonymous: true }), isAnonymous: 'true' });
    expect(store.getState().auth.status).toBe('anonymous');
  });

  it('marks the viewer logged out when the HTTP client finds the session ended and cannot renew it', async () => {
    localStorage.setItem('isAuth', 'true');
    localStorage.setItem('user', JSON.stringify(apiUser));
    localStorage.setItem('token', 'product-token');
    vi.mocked(api.fetchProfile).mockResolvedValue({ status: true, message: 'ok', user: apiUser });
    const store = makeStore();
    await store.dispatch(restoreSession());
    expect(store.getState().auth.status).toBe('loggedIn');
    const { notifySessionEnded } = await import('@/lib/session');
    notifySessionEnded();
    expect(store.getState().auth).toMatchObject({ status: 'loggedOut', user: null });
  });

  it('clears all local storage on E_USER_NOT_FOUND (spec §8)', async () => {
    localStorage.setItem('user', JSON.stringify(apiUser));
    localStorage.setItem('watchHistory', '[]');
    vi.mocked(api.fetchProfile).mockRejectedValue(axiosError(404, { status: false, message: 'User not found.', code: 'E_USER_NOT_FOUND' }));
    vi.mocked(firebase.signInAsGuest).mockResolvedValue({ ...signed({ uid: 'anon-3' }), isAnonymous: true });
    const store = makeStore();
    await store.dispatch(restoreSession());
    expect(localStorage.getItem('watchHistory')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('keeps the stored session when the server cannot be reached', async () => {
    localStorage.setItem('isAuth', 'true');
    localStorage.setItem('user', JSON.stringify(apiUser));
    localStorage.setItem('token', 'product-token');
    vi.mocked(api.fetchProfile).mockRejectedValue(new AxiosError('Network Error', 'ERR_NETWORK'));
    const store = makeStore();
    await store.dispatch(restoreSession());
    expect(store.getState().auth.status).toBe('loggedIn');
    expect(localStorage.getItem('token')).toBe('product-token');
    expect(firebase.signInAsGuest).not.toHaveBeenCalled();
  });

  it("shows 'you are not authenticated, please login' for a stored user of 'undefined' or 'null'", async () => {
    for (const junk of ['undefined', 'null']) {
      localStorage.clear();
      localStorage.setItem('user', junk);
      localStorage.setItem('anonymousUser', JSON.stringify({ uid: 'anon-4', isAnonymous: true }));
      localStorage.setItem('isAnonymous', 'true');
      const store = makeStore();
      await store.dispatch(restoreSession());
      expect(error).toHaveBeenLastCalledWith('you are not authenticated, please login');
      expect(localStorage.getItem('user')).toBeNull();
      expect(api.fetchProfile).not.toHaveBeenCalled();
    }
  });

  it('checks the anonymous flag before the auth flag', async () => {
    localStorage.setItem('anonymousUser', JSON.stringify({ uid: 'anon-5', isAnonymous: true }));
    localStorage.setItem('isAnonymous', 'true');
    localStorage.setItem('isAuth', 'true');
    localStorage.setItem('user', JSON.stringify(apiUser));
    vi.mocked(api.fetchProfile).mockReturnValue(new Promise(() => undefined));
    const store = makeStore();
    void store.dispatch(restoreSession());
    expect(store.getState().auth.status).toBe('anonymous');
  });

  it('runs once per store', async () => {
    vi.mocked(firebase.signInAsGuest).mockResolvedValue({ ...signed({ uid: 'anon-6' }), isAnonymous: true });
    const store = makeStore();
    await Promise.all([store.dispatch(restoreSession()), store.dispatch(restoreSession())]);
    expect(firebase.signInAsGuest).toHaveBeenCalledTimes(1);
  });
});

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
    expect(error).toHaveBeenCalledWith('Invalid email or password. Please try again.');
    expect(api.authenticateOrRegister).not.toHaveBeenCalled();
    expect(store.getState().auth).toMatchObject({ status: 'anonymous', loginStatus: 'failed' });
    expect(localStorage.getItem('isAnonymous')).toBe('true');
    expect(store.getState().ui.loginDialogOpen).toBe(false);
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
    expect(error).toHaveBeenLastCalledWith('Password should be at least 6 characters.');
    vi.mocked(firebase.signUpWithEmail).mockRejectedValueOnce({});
    await store.dispatch(signUpWithEmail({ name: 'A', email: 'a@b.ph', password: '1' }));
    expect(error).toHaveBeenLastCalledWith('Signup failed');
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
    expect(error).toHaveBeenCalledWith('This account is blocked.');
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

describe('logOut', () => {
  it("clears isAuth, user and token only, makes no server call, closes the dialog and toasts 'You have been logged out sucessfully!'", async () => {
    localStorage.setItem('isAuth', 'true');
    localStorage.setItem('user', JSON.stringify(apiUser));
    localStorage.setItem('token', 'product-token');
    localStorage.setItem('loginType', '5');
    localStorage.setItem('watchHistory', '[]');
    const store = makeStore();
    store.dispatch({ type: 'auth/loggedIn', payload: { ...apiUser } });
    store.dispatch(logoutDialogOpened());
    await store.dispatch(logOut());
    expect(storage()).toEqual({ loginType: '5', watchHistory: '[]' });
    expect(api.authenticateOrRegister).not.toHaveBeenCalled();
    expect(api.fetchProfile).not.toHaveBeenCalled();
    expect(firebase.signOutIdentity).toHaveBeenCalled();
    expect(success).toHaveBeenCalledWith(AUTH_MESSAGES.loggedOut);
    expect(AUTH_MESSAGES.loggedOut).toBe('You have been logged out sucessfully!');
    expect(store.getState().auth).toMatchObject({ status: 'loggedOut', user: null, isVip: false });
    expect(store.getState().ui.logoutDialogOpen).toBe(false);
  });
});

describe('loadContentPages', () => {
  it('loads the policy pages once and caches them', async () => {
    const terms: ContentPage = { _id: 't', slug: 'terms', title: 'Mobile App Terms and Conditions', sections: [{ heading: 'Introduction', paragraphs: ['Hi'] }] };
    vi.mocked(api.retrieveContentPages).mockResolvedValue({ status: true, data: [terms] });
    const store = makeStore();
    await Promise.all([store.dispatch(loadContentPages()), store.dispatch(loadContentPages())]);
    await store.dispatch(loadContentPages());
    expect(api.retrieveContentPages).toHaveBeenCalledTimes(1);
    expect(selectContentPage(store.getState(), 'terms')).toEqual(terms);
    expect(selectContentPage(store.getState(), 'privacy')).toBeNull();
  });

  it('can retry after a failure', async () => {
    vi.mocked(api.retrieveContentPages).mockRejectedValueOnce(new AxiosError('Network Error', 'ERR_NETWORK'));
    vi.mocked(api.retrieveContentPages).mockResolvedValueOnce({ status: true, data: [] });
    const store = makeStore();
    await store.dispatch(loadContentPages());
    expect(store.getState().auth.contentPagesStatus).toBe('failed');
    await store.dispatch(loadContentPages());
    expect(store.getState().auth.contentPagesStatus).toBe('succeeded');
  });
});
