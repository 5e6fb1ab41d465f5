// @vitest-environment jsdom
import toast from 'react-hot-toast/headless';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@/store/store';
import type { ContentPage } from '@/lib/contracts/auth';
import { AxiosError } from 'axios';
import { logoutDialogOpened } from '@/store/ui/slice';
import { AUTH_MESSAGES } from '@/store/auth/slice';
import { loadContentPages, logOut, restoreSession } from '@/store/auth/thunks';
import { selectContentPage } from '@/store/auth/selectors';
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
    expect(store.getState().auth).toMatchObject({ status: 'loggedIn', user: { isVip: false } });
    await pending;
    expect(api.fetchProfile).toHaveBeenCalledWith('user-1');
    expect(store.getState().auth).toMatchObject({ status: 'loggedIn', user: { _id: 'user-1', isVip: true } });
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
    expect(store.getState().auth).toMatchObject({ status: 'loggedOut', user: null });
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
