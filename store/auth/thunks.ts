import { authenticateOrRegister, deleteAccount as deleteAccountCall, fetchProfile, logoutEverywhere as logoutEverywhereCall, retrieveContentPages } from '@/lib/api/auth';
import type { LoginType } from '@/lib/contracts/auth';
import { forgetSessionOn } from '@/lib/api/errors';
import { clearLogin, onSessionEnded, readStoredSession, saveAnonymous, saveLogin, saveProfile } from '@/lib/session';
import { LOGIN_TYPE } from '@/lib/constants';
import { authErrorMessage, LOGIN_FAILED, SIGNUP_FAILED } from '@/lib/identity/errors';
import { isIdentityConfigured, withIdentity, type SignedIn } from '@/lib/identity';
import { remove, STORAGE_KEYS } from '@/lib/storage';
import { apiThunk, ok } from '@/store/api-thunk';
import { anonymousSignedIn, AUTH_MESSAGES, authRequests, loggedIn, loggedOut, storedUserInvalid, toAuthUser, type AuthState, type AuthUser } from './slice';
import './listeners';

/**
 * The auth thunks (spec §4 Auth). What the viewer sees around them (toasts, dialogs closing) is in
 * store/auth/listeners.ts; storage is written here, as part of the login itself.
 */

/**
 * The product login after any identity sign-in: authenticateOrRegister with the Firebase ID token, then the user,
 * our token and the last login type are stored and the guest markers removed (spec §4).
 */
async function completeLogin(signed: SignedIn, loginType: LoginType, name?: string): Promise<AuthUser> {
  const res = await authenticateOrRegister(
    { loginType, identity: signed.uid, email: signed.email, name: name ?? signed.name, image: signed.image },
    signed.idToken,
  );
  if (!res?.status || !res.data?.user?._id || !res.data.token) throw new Error(res?.message || 'Something went wrong');
  saveLogin(res.data.user, res.data.token, loginType);
  return toAuthUser(res.data.user);
}

/** Runs one login flow; a failure clears storage as spec §8 says and leaves no half-signed-in identity behind. */
async function attemptLogin(signIn: Promise<SignedIn>, loginType: LoginType, fallback: string, name?: string): Promise<{ ok: true; user: AuthUser } | { ok: false; message: string }> {
  let signedIn = false;
  try {
    const identityUser = await signIn;
    signedIn = true;
    return { ok: true, user: await completeLogin(identityUser, loginType, name) };
  } catch (error) {
    const message = authErrorMessage(error, fallback);
    clearLogin();
    forgetSessionOn(error);
    if (signedIn) await withIdentity((m) => m.signOutIdentity()).catch(() => undefined);
    return { ok: false, message };
  }
}

const notWhileLoggingIn = (_: unknown, { getState }: { getState: () => { auth: AuthState } }) => getState().auth.loginStatus !== 'pending';
const login = { fallback: LOGIN_FAILED, condition: notWhileLoggingIn };

export const loginWithEmail = apiThunk(
  authRequests.loginWithEmail,
  async ({ email, password }, { rejectWithValue }) => {
    const r = await attemptLogin(withIdentity((m) => m.signInWithEmail(email, password)), LOGIN_TYPE.EMAIL, LOGIN_FAILED);
    return r.ok ? r.user : rejectWithValue(r.message);
  },
  login,
);

export const signUpWithEmail = apiThunk(
  authRequests.signUpWithEmail,
  async ({ name, email, password }, { rejectWithValue }) => {
    const r = await attemptLogin(withIdentity((m) => m.signUpWithEmail(email, password, name)), LOGIN_TYPE.EMAIL, SIGNUP_FAILED, name);
    return r.ok ? r.user : rejectWithValue(r.message);
  },
  { ...login, fallback: SIGNUP_FAILED },
);

/**
 * Google (loginType 2) or Apple (4, logic only: no button, spec §2). Dispatch straight from the click handler: the
 * popup opens synchronously inside this call (no await comes before it, and the login dialog has preloaded the
 * identity SDK), so browsers do not block it.
 */
export const loginWithSocial = apiThunk(
  authRequests.loginWithSocial,
  async (provider, { rejectWithValue }) => {
    const signIn = withIdentity((m) => (provider === 'apple' ? m.signInWithApple() : m.signInWithGoogle()));
    const r = await attemptLogin(signIn, provider === 'apple' ? LOGIN_TYPE.APPLE : LOGIN_TYPE.GOOGLE, LOGIN_FAILED);
    return r.ok ? r.user : rejectWithValue(r.message);
  },
  login,
);

/** One-tap: Google Identity Services hands us a Google ID token (the credential). */
export const loginWithGoogleOneTap = apiThunk(
  authRequests.loginWithGoogleOneTap,
  async (credential, { rejectWithValue }) => {
    const r = await attemptLogin(withIdentity((m) => m.signInWithGoogleIdToken(credential)), LOGIN_TYPE.GOOGLE, LOGIN_FAILED);
    return r.ok ? r.user : rejectWithValue(r.message);
  },
  login,
);

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
