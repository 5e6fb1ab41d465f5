import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import toast from 'react-hot-toast';
import { authenticateOrRegister, deleteAccount as deleteAccountCall, fetchProfile, logoutEverywhere as logoutEverywhereCall, retrieveContentPages } from '@/lib/api/auth';
import type { ApiUser, ContentPage, LoginType } from '@/lib/contracts/auth';
import { errorMessages, forgetSessionOn, handleApiError, isApiError } from '@/lib/api/errors';
import { onSessionEnded } from '@/lib/session';
import { LOGIN_TYPE } from '@/lib/constants';
import { authErrorMessage, LOGIN_FAILED, SIGNUP_FAILED } from '@/lib/identity/errors';
import { isIdentityConfigured, withIdentity, type SignedIn } from '@/lib/identity';
import { remove, STORAGE_KEYS } from '@/lib/storage';
import { loginDialogClosed, logoutDialogClosed } from '@/store/ui/uiSlice';
import { clearLogin, readStoredSession, saveAnonymous, saveLogin, saveProfile } from '@/lib/session';
import type { StudioRole } from '@/lib/contracts/auth';

/** Who is using the site (spec §4 Auth): states, the thunks that move between them, and the policy texts cache. */
export type AuthStatus = 'anonymous' | 'loggedIn' | 'loggedOut';
export type RequestStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

export type AuthUser = {
  _id: string;
  uid: string;
  name: string;
  email: string | null;
  image: string | null;
  isAnonymous: boolean;
  isVip: boolean;
  /** Profile fields the server adds (spec §3 'plus profile fields returned by the server'). */
  loginType?: number;
  coins?: number;
  vipExpiresAt?: string | null;
  vipLifetime?: boolean;
  createdAt?: string;
  /** Only for editors and admins: the header then links to the studio (which checks the role again on the server). */
  role?: StudioRole;
};

export type AuthState = {
  status: AuthStatus;
  user: AuthUser | null;
  isVip: boolean;
  /** The anonymous guest's Firebase uid (spec §4: an anonymous login stores uid and isAnonymous). */
  anonymousUid: string | null;
  /** The on-load restore of spec §4; runs once per tab. */
  sessionStatus: RequestStatus;
  /** A login, sign-up or social login in flight: the global spinner shows (spec §2 Login dialog). */
  loginStatus: RequestStatus;
  error: string | null;
  /** Terms, Privacy… from retrieveContentPages, loaded once (the policy modals read them). */
  contentPages: ContentPage[];
  contentPagesStatus: RequestStatus;
};

export const initialAuthState: AuthState = {
  status: 'loggedOut',
  user: null,
  isVip: false,
  anonymousUid: null,
  sessionStatus: 'idle',
  loginStatus: 'idle',
  error: null,
  contentPages: [],
  contentPagesStatus: 'idle',
};

/** Spec §4 / §8 and the toasts decided for this product (spec spelling kept: 'sucessfully'). */
export const AUTH_MESSAGES = {
  emailLoginSucceeded: 'Successfully logged in!',
  signUpSucceeded: 'Account created successfully!',
  socialLoginSucceeded: 'You have been logged in sucessfully!',
  loggedOut: 'You have been logged out sucessfully!',
  storedUserInvalid: 'you are not authenticated, please login',
  anonymousLoginFailed: 'Anonymous login failed',
  accountDeleted: 'Your account has been deleted.',
  loggedOutEverywhere: 'You have been logged out on every device.',
} as const;

/** Codes after which the client forgets everything it stored (spec §8), also when they answer a login. */

export function toAuthUser(u: ApiUser): AuthUser {
  return {
    _id: u._id,
    uid: u.uid,
    name: u.name,
    email: u.email ?? null,
    image: u.image ?? null,
    isAnonymous: Boolean(u.isAnonymous),
    isVip: Boolean(u.isVip),
    loginType: u.loginType,
    coins: u.coins,
    vipExpiresAt: u.vipExpiresAt ?? null,
    vipLifetime: u.vipLifetime,
    createdAt: u.createdAt,
    ...(u.role && u.role !== 'viewer' ? { role: u.role } : {}),
  };
}

type ThunkApi = { state: { auth: AuthState } };

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

/** A failed attempt: the error toast, storage cleared as spec §8 says, and no half-signed-in identity left behind. */
async function failLogin(error: unknown, fallback: string, identitySignedIn: boolean): Promise<string> {
  const message = authErrorMessage(error, fallback);
  toast.error(message);
  clearLogin();
  forgetSessionOn(error);
  if (identitySignedIn) await withIdentity((m) => m.signOutIdentity()).catch(() => undefined);
  return message;
}

/** Runs one login flow: spinner while pending, success toast, error toast, and the dialog closes after the attempt. */
async function attemptLogin(
  closeDialog: () => void,
  signIn: Promise<SignedIn>,
  loginType: LoginType,
  texts: { success: string; fallback: string },
  name?: string,
): Promise<{ ok: true; user: AuthUser } | { ok: false; message: string }> {
  let signedIn = false;
  try {
    const identityUser = await signIn;
    signedIn = true;
    const user = await completeLogin(identityUser, loginType, name);
    toast.success(texts.success);
    return { ok: true, user };
  } catch (error) {
    return { ok: false, message: await failLogin(error, texts.fallback, signedIn) };
  } finally {
    closeDialog();
  }
}

const notWhileLoggingIn = (_: unknown, { getState }: { getState: () => { auth: AuthState } }) =>
  getState().auth.loginStatus !== 'pending';

export const loginWithEmail = createAsyncThunk<AuthUser, { email: string; password: string }, ThunkApi & { rejectValue: string }>(
  'auth/loginWithEmail',
  async ({ email, password }, { dispatch, rejectWithValue }) => {
    const r = await attemptLogin(() => dispatch(loginDialogClosed()), withIdentity((m) => m.signInWithEmail(email, password)), LOGIN_TYPE.EMAIL, {
      success: AUTH_MESSAGES.emailLoginSucceeded,
      fallback: LOGIN_FAILED,
    });
    return r.ok ? r.user : rejectWithValue(r.message);
  },
  { condition: notWhileLoggingIn },
);

export const signUpWithEmail = createAsyncThunk<AuthUser, { name: string; email: string; password: string }, ThunkApi & { rejectValue: string }>(
  'auth/signUpWithEmail',
  async ({ name, email, password }, { dispatch, rejectWithValue }) => {
    const r = await attemptLogin(
      () => dispatch(loginDialogClosed()),
      withIdentity((m) => m.signUpWithEmail(email, password, name)),
      LOGIN_TYPE.EMAIL,
      { success: AUTH_MESSAGES.signUpSucceeded, fallback: SIGNUP_FAILED },
      name,
    );
    return r.ok ? r.user : rejectWithValue(r.message);
  },
  { condition: notWhileLoggingIn },
);

export type SocialProvider = 'google' | 'apple';

/**
 * Google (loginType 2) or Apple (4, logic only: no button, spec §2). Dispatch straight from the click handler: the
 * popup opens synchronously inside this call (no await comes before it, and the login dialog has preloaded the
 * identity SDK), so browsers do not block it.
 */
export const loginWithSocial = createAsyncThunk<AuthUser, SocialProvider, ThunkApi & { rejectValue: string }>(
  'auth/loginWithSocial',
  async (provider, { dispatch, rejectWithValue }) => {
    const signIn = withIdentity((m) => (provider === 'apple' ? m.signInWithApple() : m.signInWithGoogle()));
    const loginType = provider === 'apple' ? LOGIN_TYPE.APPLE : LOGIN_TYPE.GOOGLE;
    const r = await attemptLogin(() => dispatch(loginDialogClosed()), signIn, loginType, { success: AUTH_MESSAGES.socialLoginSucceeded, fallback: LOGIN_FAILED });
    return r.ok ? r.user : rejectWithValue(r.message);
  },
  { condition: notWhileLoggingIn },
);

/** One-tap: Google Identity Services hands us a Google ID token (the credential). */
export const loginWithGoogleOneTap = createAsyncThunk<AuthUser, string, ThunkApi & { rejectValue: string }>(
  'auth/loginWithGoogleOneTap',
  async (credential, { dispatch, rejectWithValue }) => {
    const r = await attemptLogin(() => dispatch(loginDialogClosed()), withIdentity((m) => m.signInWithGoogleIdToken(credential)), LOGIN_TYPE.GOOGLE, {
      success: AUTH_MESSAGES.socialLoginSucceeded,
      fallback: LOGIN_FAILED,
    });
    return r.ok ? r.user : rejectWithValue(r.message);
  },
  { condition: notWhileLoggingIn },
);

/** Guests have no product user (spec §6): only Firebase is asked, never authenticateOrRegister. Failure: console only. */
export const signInAnonymously = createAsyncThunk<string, void, ThunkApi & { rejectValue: string }>(
  'auth/signInAnonymously',
  async (_, { getState, rejectWithValue }) => {
    try {
      const guest = await withIdentity((m) => m.signInAsGuest());
      // A login that finished meanwhile wins: do not put the guest markers back.
      if (getState().auth.status !== 'loggedIn') saveAnonymous(guest.uid);
      return guest.uid;
    } catch (error) {
      console.error(AUTH_MESSAGES.anonymousLoginFailed, error);
      return rejectWithValue(AUTH_MESSAGES.anonymousLoginFailed);
    }
  },
  // Spec §4: skipped if the identity service is not initialised.
  { condition: () => isIdentityConfigured() },
);

/** `keep`: the server could not be reached, so the stored session is neither confirmed nor thrown away. */
type ProfileRejection = { message: string; keep: boolean };

/** Spec §4: status true sets the user and auth; otherwise both are cleared. */
export const fetchUserProfile = createAsyncThunk<AuthUser, string, ThunkApi & { rejectValue: ProfileRejection }>(
  'auth/fetchUserProfile',
  async (userId, { rejectWithValue }) => {
    try {
      const res = await fetchProfile(userId);
      if (res?.status && res.user?._id) {
        saveProfile(res.user);
        return toAuthUser(res.user);
      }
      clearLogin();
      return rejectWithValue({ message: res?.message ?? '', keep: false });
    } catch (error) {
      const [message] = handleApiError(error);
      const unreachable = isApiError(error) && !error.response;
      if (!unreachable) clearLogin();
      return rejectWithValue({ message, keep: unreachable });
    }
  },
);

/**
 * On load (spec §4): a stored user → its profile is fetched; else, with no anonymous user stored, an anonymous
 * sign-in starts. The stored state is shown at once, the anonymous flag checked first, then the auth flag.
 */
export const restoreSession = createAsyncThunk<void, void, ThunkApi>(
  'auth/restoreSession',
  async (_, { dispatch, getState }) => {
    // A session the HTTP client found void and could not renew (lib/api/session-renewal.ts) has been cleared from
    // storage by then; the store follows. Once per store, for the life of the tab, like this thunk.
    onSessionEnded(() => dispatch(loggedOut()));
    const stored = readStoredSession();
    if (stored.rawUser === 'undefined' || stored.rawUser === 'null') {
      toast.error(AUTH_MESSAGES.storedUserInvalid);
    }
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
  { condition: (_, { getState }) => getState().auth.sessionStatus === 'idle' },
);

/** What logging out does on this device: the auth flag, user and token cleared, and the identity signed out. */
async function endLocalSession(): Promise<void> {
  clearLogin();
  await withIdentity((m) => m.signOutIdentity()).catch(() => undefined);
}

/** Spec §4: no server call; the auth flag, user and token are cleared. */
export const logOut = createAsyncThunk<void, void, ThunkApi>('auth/logOut', async (_, { dispatch }) => {
  await endLocalSession();
  dispatch(logoutDialogClosed());
  toast.success(AUTH_MESSAGES.loggedOut);
});

/**
 * Deletes the account on the server, then logs out here the way logout does, and forgets this device's watch history
 * too (the account's history is deleted; the copy on this device was part of it). A failure is answered as the message
 * for the dialog to show; the session stays unless the server says it is void (spec §8).
 */
export const deleteAccount = createAsyncThunk<void, void, ThunkApi & { rejectValue: string }>('auth/deleteAccount', async (_, { dispatch, rejectWithValue }) => {
  try {
    const res = await deleteAccountCall();
    if (!res?.status) return rejectWithValue(res?.message || 'Something went wrong!');
  } catch (error) {
    forgetSessionOn(error);
    return rejectWithValue(errorMessages(error)[0]);
  }
  await endLocalSession();
  remove(STORAGE_KEYS.watchHistory);
  dispatch(loggedOut());
  toast.success(AUTH_MESSAGES.accountDeleted);
});

/** Ends every session of the account on the server (every device), then this one as logout does. */
export const logOutEverywhere = createAsyncThunk<void, void, ThunkApi & { rejectValue: string }>('auth/logOutEverywhere', async (_, { dispatch, rejectWithValue }) => {
  try {
    const res = await logoutEverywhereCall();
    if (!res?.status) return rejectWithValue(res?.message || 'Something went wrong!');
  } catch (error) {
    forgetSessionOn(error);
    return rejectWithValue(errorMessages(error)[0]);
  }
  await endLocalSession();
  dispatch(loggedOut());
  toast.success(AUTH_MESSAGES.loggedOutEverywhere);
});

export const loadContentPages = createAsyncThunk<ContentPage[], void, ThunkApi & { rejectValue: string }>(
  'auth/loadContentPages',
  async (_, { rejectWithValue }) => {
    try {
      const res = await retrieveContentPages();
      if (!res?.status || !Array.isArray(res.data)) return rejectWithValue('Something went wrong!');
      return res.data;
    } catch (error) {
      return rejectWithValue(authErrorMessage(error, 'Something went wrong!'));
    }
  },
  { condition: (_, { getState }) => !['pending', 'succeeded'].includes(getState().auth.contentPagesStatus) },
);

function setLoggedIn(state: AuthState, user: AuthUser) {
  state.status = 'loggedIn';
  state.user = user;
  state.isVip = user.isVip;
  state.anonymousUid = null;
}

function setLoggedOut(state: AuthState) {
  state.status = 'loggedOut';
  state.user = null;
  state.isVip = false;
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    loggedIn: (state, action: PayloadAction<AuthUser>) => setLoggedIn(state, action.payload),
    anonymousSignedIn: (state, action: PayloadAction<string | undefined>) => {
      state.status = 'anonymous';
      state.user = null;
      state.isVip = false;
      state.anonymousUid = action.payload ?? state.anonymousUid;
    },
    loggedOut: (state) => {
      setLoggedOut(state);
      state.anonymousUid = null;
      state.error = null;
    },
    /** The coin balance the server answered after a top-up, an unlock or a wallet read (store/coins keeps it in step). */
    userCoinsChanged: (state, action: PayloadAction<number>) => {
      if (state.user) state.user.coins = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(restoreSession.pending, (state) => {
        state.sessionStatus = 'pending';
      })
      .addCase(restoreSession.fulfilled, (state) => {
        state.sessionStatus = 'succeeded';
      })
      .addCase(restoreSession.rejected, (state) => {
        state.sessionStatus = 'failed';
      })
      .addCase(fetchUserProfile.fulfilled, (state, action) => setLoggedIn(state, action.payload))
      .addCase(fetchUserProfile.rejected, (state, action) => {
        if (!action.payload?.keep) setLoggedOut(state);
      })
      .addCase(signInAnonymously.fulfilled, (state, action) => {
        if (state.status === 'loggedIn') return;
        state.status = 'anonymous';
        state.anonymousUid = action.payload;
      })
      .addCase(logOut.fulfilled, (state) => {
        setLoggedOut(state);
        state.anonymousUid = null;
      })
      .addCase(loadContentPages.pending, (state) => {
        state.contentPagesStatus = 'pending';
      })
      .addCase(loadContentPages.fulfilled, (state, action) => {
        state.contentPagesStatus = 'succeeded';
        state.contentPages = action.payload;
      })
      .addCase(loadContentPages.rejected, (state, action) => {
        if (action.meta.condition) return;
        state.contentPagesStatus = 'failed';
      });

    for (const thunk of [loginWithEmail, signUpWithEmail, loginWithSocial, loginWithGoogleOneTap]) {
      builder
        .addCase(thunk.pending, (state) => {
          state.loginStatus = 'pending';
          state.error = null;
        })
        .addCase(thunk.fulfilled, (state, action) => {
          state.loginStatus = 'succeeded';
          setLoggedIn(state, action.payload);
        })
        .addCase(thunk.rejected, (state, action) => {
          if (action.meta.condition) return;
          state.loginStatus = 'failed';
          state.error = action.payload ?? action.error.message ?? LOGIN_FAILED;
          // Failure clears the user (spec §4); a guest stays a guest.
          if (state.status === 'loggedIn') setLoggedOut(state);
        });
    }
  },
  selectors: {
    selectAuthStatus: (state) => state.status,
    selectUser: (state) => state.user,
    selectIsVip: (state) => state.isVip,
    /** Guests (anonymous or logged out) see 'Log in' and are shown as 'guest' (spec §2 Top bar). */
    selectIsGuest: (state) => state.status !== 'loggedIn',
    selectIsAnonymous: (state) => state.status === 'anonymous',
    selectIsLoggingIn: (state) => state.loginStatus === 'pending',
    selectAuthError: (state) => state.error,
    selectSessionStatus: (state) => state.sessionStatus,
    selectContentPagesStatus: (state) => state.contentPagesStatus,
    selectContentPage: (state, slug: string) => state.contentPages.find((p) => p.slug === slug) ?? null,
  },
});

export const { loggedIn, anonymousSignedIn, loggedOut, userCoinsChanged } = authSlice.actions;
export const {
  selectAuthStatus,
  selectUser,
  selectIsVip,
  selectIsGuest,
  selectIsAnonymous,
  selectIsLoggingIn,
  selectAuthError,
  selectSessionStatus,
  selectContentPagesStatus,
  selectContentPage,
} = authSlice.selectors;
