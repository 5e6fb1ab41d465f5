import toast from 'react-hot-toast/headless';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@/store/store';
import { initialAuthState } from '@/store/auth/slice';
import { coinRequests } from '@/store/coins/slice';
import { moviesRequests, type ListTitle } from '@/store/movies/slice';
import { startListening, toastFailure } from './listeners';
import { loadToastTexts } from '@/store/toast';
import '@/store/coins/thunks';
import '@/store/movies/thunks';

vi.mock('react-hot-toast/headless', () => ({ default: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

const USER = { _id: '0123456789abcdef01234567', uid: 'u1', name: 'Juan', email: null, image: null, isAnonymous: false, isVip: false, coins: 5 };
const signedIn = () => makeStore({ auth: { ...initialAuthState, status: 'loggedIn', user: USER } });
const TITLE: ListTitle = { _id: 't1', name: 'Lihim', thumbnail: '', type: 2, totalEpisodes: 10 };
const meta = <A>(arg: A, requestStatus: 'fulfilled' | 'rejected', extra: object = {}) => ({ arg, requestId: 'r1', requestStatus, ...extra });

afterEach(() => vi.clearAllMocks());

// The toasts' texts load with the first toast in the browser; loaded before these tests read toasts synchronously.
beforeAll(() => loadToastTexts());

describe('listener middleware', () => {
  it('runs in every store: a listener registered once sees the actions of each store, and acts on that store', () => {
    const seen: string[] = [];
    const unsubscribe = startListening({ predicate: (action) => (action as { type: string }).type === 'test/ping', effect: (_, api) => void seen.push(String(api.getState() !== undefined)) });
    makeStore().dispatch({ type: 'test/ping' });
    makeStore().dispatch({ type: 'test/ping' });
    unsubscribe();
    expect(seen).toEqual(['true', 'true']);
  });

  it("spec §8: one toast per message; 'your session has ended' shows once however many calls fail", () => {
    toastFailure({ messages: ['Name is required', 'Email is invalid'], code: null });
    expect(toast.error).toHaveBeenCalledWith('Name is required');
    expect(toast.error).toHaveBeenCalledWith('Email is invalid');
    toastFailure({ messages: ['Your session has ended.'], code: 'E_UNAUTHENTICATED' });
    expect(toast.error).toHaveBeenLastCalledWith('Your session has ended.', { id: 'session-ended' });
  });
});

describe('what the requests show (the thunks do not)', () => {
  it('too few coins: the message, then the top-up dialog for that episode; an automatic unlock opens nothing', () => {
    const store = signedIn();
    const rejection = { code: 'E_INSUFFICIENT_COINS', message: 'Not enough coins' };
    store.dispatch({ type: `${coinRequests.unlockEpisode.typePrefix}/rejected`, payload: rejection, meta: meta({ videoId: 'v1' }, 'rejected', { rejectedWithValue: true }), error: {} });
    expect(toast.error).toHaveBeenCalledWith('Not enough coins');
    expect(store.getState().ui).toMatchObject({ topUpDialogOpen: true, topUpForUnlock: 'v1' });

    const other = signedIn();
    other.dispatch({ type: `${coinRequests.unlockEpisode.typePrefix}/rejected`, payload: rejection, meta: meta({ videoId: 'v2', auto: true }, 'rejected', { rejectedWithValue: true }), error: {} });
    expect(other.getState().ui.topUpDialogOpen).toBe(false);
  });

  it('an expired login on a personal call: its message, then the login dialog', () => {
    const store = signedIn();
    const payload = { message: 'Your session has ended.', messages: ['Your session has ended.'], code: 'E_UNAUTHENTICATED', loginNeeded: true };
    store.dispatch({ type: `${moviesRequests.toggleMyList.typePrefix}/rejected`, payload, meta: meta(TITLE, 'rejected', { rejectedWithValue: true }), error: {} });
    expect(toast.error).toHaveBeenCalledWith('Your session has ended.', { id: 'session-ended' });
    expect(store.getState().ui.loginDialogOpen).toBe(true);
  });

  it("a call its condition refused shows nothing", () => {
    const store = signedIn();
    store.dispatch({ type: `${moviesRequests.toggleMyList.typePrefix}/rejected`, payload: undefined, meta: meta(TITLE, 'rejected', { condition: true }), error: {} });
    expect(toast.error).not.toHaveBeenCalled();
    expect(store.getState().ui.loginDialogOpen).toBe(false);
  });

  it("a toggle's success shows the server's message", () => {
    const store = signedIn();
    const payload = { title: TITLE, isAddedToList: true, totalAddedToList: 3, message: 'Added to My List' };
    store.dispatch({ type: `${moviesRequests.toggleMyList.typePrefix}/fulfilled`, payload, meta: meta(TITLE, 'fulfilled') });
    expect(toast.success).toHaveBeenCalledWith('Added to My List');
  });
});
