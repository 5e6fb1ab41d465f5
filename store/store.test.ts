import { describe, expect, it } from 'vitest';
import { makeStore } from './store';
import { initialMoviesState } from '@/store/movies/slice';
import { initialSearchState } from '@/store/search/slice';
import { initialSubscriptionState } from '@/store/subscription/slice';
import { initialCoinState } from '@/store/coins/slice';
import { initialPremiumVideoState } from '@/store/premium/slice';
import { initialAuthState, loggedIn, loggedOut, anonymousSignedIn } from '@/store/auth/slice';
import { selectIsGuest, selectIsVip } from '@/store/auth/selectors';
import { loginDialogClosed, loginDialogOpened, logoutDialogOpened, searchPanelOpened, searchPanelToggled, subscriptionDialogClosed, subscriptionDialogOpened, topUpDialogClosed, topUpDialogOpened } from '@/store/ui/slice';
import { selectLoginDialogOpen } from '@/store/ui/selectors';

const user = {
  _id: '0123456789abcdef01234567',
  uid: 'u1',
  name: 'Juan',
  email: 'juan@example.ph',
  image: null,
  isAnonymous: false,
  isVip: true,
};

describe('store', () => {
  it('starts logged out with every dialog closed', () => {
    const store = makeStore();
    expect(store.getState()).toEqual({
      ui: { loginDialogOpen: false, logoutDialogOpen: false, searchPanelOpen: false, topUpDialogOpen: false, topUpForUnlock: null, subscriptionDialogOpen: false },
      auth: initialAuthState,
      movies: initialMoviesState,
      search: initialSearchState,
      subscription: initialSubscriptionState,
      coin: initialCoinState,
      premiumVideo: initialPremiumVideoState,
    });
  });

  it('makes a new store each time (no shared module-level state)', () => {
    const a = makeStore();
    const b = makeStore();
    a.dispatch(loginDialogOpened());
    expect(selectLoginDialogOpen(a.getState())).toBe(true);
    expect(selectLoginDialogOpen(b.getState())).toBe(false);
  });

  it('opens and closes each dialog flag', () => {
    const store = makeStore();
    store.dispatch(loginDialogOpened());
    store.dispatch(logoutDialogOpened());
    store.dispatch(searchPanelOpened());
    // Opened from a locked episode's 'Unlock': the dialog knows which episode (issue 20 item 6).
    store.dispatch(topUpDialogOpened({ forUnlock: 'aaaaaaaaaaaaaaaaaaaaaaa4' }));
    store.dispatch(subscriptionDialogOpened());
    expect(Object.values(store.getState().ui).every(Boolean)).toBe(true);
    store.dispatch(loginDialogClosed());
    store.dispatch(topUpDialogClosed());
    store.dispatch(subscriptionDialogClosed());
    store.dispatch(searchPanelToggled());
    expect(store.getState().ui).toEqual({
      loginDialogOpen: false,
      logoutDialogOpen: true,
      searchPanelOpen: false,
      topUpDialogOpen: false,
      topUpForUnlock: null,
      subscriptionDialogOpen: false,
    });
  });

  it('tracks who is signed in', () => {
    const store = makeStore();
    expect(selectIsGuest(store.getState())).toBe(true);
    store.dispatch(loggedIn(user));
    expect(store.getState().auth.status).toBe('loggedIn');
    expect(selectIsGuest(store.getState())).toBe(false);
    expect(selectIsVip(store.getState())).toBe(true);
    store.dispatch(anonymousSignedIn('anon-uid'));
    expect(store.getState().auth).toMatchObject({ status: 'anonymous', user: null, anonymousUid: 'anon-uid' });
    expect(selectIsVip(store.getState())).toBe(false);
    expect(selectIsGuest(store.getState())).toBe(true);
    store.dispatch(loggedOut());
    expect(store.getState().auth.status).toBe('loggedOut');
  });

  it('accepts preloaded state', () => {
    const store = makeStore({ auth: { ...initialAuthState, status: 'loggedIn', user: { ...user, isVip: true } } });
    expect(selectIsVip(store.getState())).toBe(true);
    expect(store.getState().ui.loginDialogOpen).toBe(false);
  });
});
