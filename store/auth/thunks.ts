import { deleteAccount as deleteAccountCall, fetchProfile, logoutEverywhere as logoutEverywhereCall, retrieveContentPages } from '@/lib/api/auth';
import { clearLogin, onSessionEnded, readStoredSession, saveAnonymous, saveProfile } from '@/lib/session';
import { isIdentityConfigured, withIdentity } from '@/lib/identity';
import { remove, STORAGE_KEYS } from '@/lib/storage';
import { apiThunk, ok } from '@/store/api-thunk';
import { anonymousSignedIn, AUTH_MESSAGES, authRequests, loggedIn, loggedOut, storedUserInvalid, toAuthUser } from './slice';
import './listeners';

/**
 * The auth thunks (spec §4 Auth) a page needs from its load: the session restored, the guest signed in, logout and
 * the account's own calls. The logins are in store/auth/login.ts, loaded with the login dialog or the one-tap answer.
 * What the viewer sees around them (toasts, dialogs closing) is in store/auth/listeners.ts; storage is written by the
 * thunks themselves.
 */


/** Guests have no product user (spec §6): only Firebase is asked, never authenticateOrRegister. Failure: console only. */
export const signInAnonymously = apiThunk(
  authRequests.signInAnonymously,
  async (_, { getState }) => {
    const guest = await withIdentity((m) => m.signInAsGuest());
    // A login that finished meanwhile wins: do not put the guest markers back.
    if (getState().auth.status !== 'loggedIn') saveAnonymous(guest.uid);
    return guest.uid;
  },
  {
    fallback: AUTH_MESSAGES.anonymousLoginFailed,
    fail: (failure) => {
      console.error(AUTH_MESSAGES.anonymousLoginFailed, failure.error);
      return AUTH_MESSAGES.anonymousLoginFailed;
    },
    // Spec §4: skipped if the identity service is not initialised.
    condition: () => isIdentityConfigured(),
  },
);

/** Spec §4: status true sets the user and auth; otherwise both are cleared (not when the server could not be reached). */
export const fetchUserProfile = apiThunk(
  authRequests.fetchUserProfile,
  async (userId) => {
    const { user } = ok(await fetchProfile(userId), (r) => Boolean(r.user?._id));
    saveProfile(user);
    return toAuthUser(user);
  },
  {
    fallback: '',
    fail: ({ message, messages, code, unanswered }) => {
      if (!unanswered) clearLogin();
      return { message: messages[0] ?? message, keep: unanswered, messages, code };
    },
  },
);

/**
 * On load (spec §4): a stored user → its profile is fetched; else, with no anonymous user stored, an anonymous
 * sign-in starts. The stored state is shown at once, the anonymous flag checked first, then the auth flag.
 */
export const restoreSession = apiThunk(
  authRequests.restoreSession,
  async (_, { dispatch, getState }) => {
    // A session the HTTP client found void and could not renew (lib/api/session-renewal.ts) has been cleared from
    // storage by then; the store follows. Once per store, for the life of the tab, like this thunk.
    onSessionEnded(() => dispatch(loggedOut()));
    const stored = readStoredSession();
    if (stored.rawUser === 'undefined' || stored.rawUser === 'null') dispatch(storedUserInvalid());
    if (stored.rawUser !== null && !stored.user) remove(STORAGE_KEYS.user, STORAGE_KEYS.isAuth);

    if (stored.isAnonymous && stored.anonymousUser) dispatch(anonymousSignedIn(stored.anonymousUser.uid));
    else if (stored.isAuth && stored.user) dispatch(loggedIn(toAuthUser(stored.user)));

    if (stored.user) {
      const result = await dispatch(fetchUserProfile(stored.user._id));
      if (fetchUserProfile.fulfilled.match(result) || result.payload?.keep) return;
    }
    if (getState().auth.status === 'loggedIn') return;
    // Re-read: a failed profile fetch may have cleared everything (E_USER_NOT_FOUND / E_UNAUTHORIZED).
    const anonymous = readStoredSession().anonymousUser;
    if (anonymous) dispatch(anonymousSignedIn(anonymous.uid));
    else await dispatch(signInAnonymously());
  },
  { fallback: '', fail: () => undefined, condition: (_, { getState }) => getState().auth.sessionStatus === 'idle' },
);

/** What logging out does on this device: the auth flag, user and token cleared, and the identity signed out. */
async function endLocalSession(): Promise<void> {
  clearLogin();
  await withIdentity((m) => m.signOutIdentity()).catch(() => undefined);
}

/** Spec §4: no server call; the auth flag, user and token are cleared. */
export const logOut = apiThunk(authRequests.logOut, () => endLocalSession(), { fallback: '', fail: () => undefined });

/**
 * Deletes the account on the server, then logs out here the way logout does, and forgets this device's watch history
 * too (the account's history is deleted; the copy on this device was part of it). A failure is answered as the message
 * for the dialog to show; the session stays unless the server says it is void (spec §8).
 */
export const deleteAccount = apiThunk(
  authRequests.deleteAccount,
  async (_, { dispatch }) => {
    ok(await deleteAccountCall());
    await endLocalSession();
    remove(STORAGE_KEYS.watchHistory);
    dispatch(loggedOut());
  },
  { fallback: 'Something went wrong!' },
);

/** Ends every session of the account on the server (every device), then this one as logout does. */
export const logOutEverywhere = apiThunk(
  authRequests.logOutEverywhere,
  async (_, { dispatch }) => {
    ok(await logoutEverywhereCall());
    await endLocalSession();
    dispatch(loggedOut());
  },
  { fallback: 'Something went wrong!' },
);

export const loadContentPages = apiThunk(
  authRequests.loadContentPages,
  async () => ok(await retrieveContentPages(), (r) => Array.isArray(r.data)).data,
  {
    fallback: 'Something went wrong!',
    condition: (_, { getState }) => !['pending', 'succeeded'].includes(getState().auth.contentPagesStatus),
  },
);
