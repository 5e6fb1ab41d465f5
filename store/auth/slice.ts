import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiUser, ContentPage, StudioRole } from '@/lib/contracts/auth';
import { LOGIN_FAILED } from '@/lib/identity/messages';
import { defineRequest, type RequestStatus } from '@/store/api-thunk';

/** Who is using the site (spec §4 Auth): states, the requests that move between them, and the policy texts cache. */
export type AuthStatus = 'anonymous' | 'loggedIn' | 'loggedOut';

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
  /** The signed-in user; its `isVip` and `coins` are the store's one copy of VIP status and balance. */
  user: AuthUser | null;
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
  /** The last e-mail login or sign-up that failed: the login dialog opens on that form with its e-mail (and name) kept. */
  lastFailedAttempt: FailedAttempt | null;
};

export type FailedAttempt = { mode: 'login' | 'signup'; email: string; name: string };

export const initialAuthState: AuthState = {
  status: 'loggedOut',
  user: null,
  anonymousUid: null,
  sessionStatus: 'idle',
  loginStatus: 'idle',
  error: null,
  contentPages: [],
  contentPagesStatus: 'idle',
  lastFailedAttempt: null,
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

export type AuthRoot = { auth: AuthState };
export type SocialProvider = 'google' | 'apple';
/**
 * `keep`: the server could not be reached, so the stored session is neither confirmed nor thrown away; `messages`:
 * what spec §8 shows for an error answer (none for a plain 'no').
 */
export type ProfileRejection = { message: string; keep: boolean; messages: string[]; code: string | null };

/** The auth requests (store/auth/thunks.ts makes the thunks; other parts reduce them too). */
export const authRequests = {
  loginWithEmail: defineRequest<AuthUser, { email: string; password: string }, string, AuthRoot>('auth/loginWithEmail'),
  signUpWithEmail: defineRequest<AuthUser, { name: string; email: string; password: string }, string, AuthRoot>('auth/signUpWithEmail'),
  loginWithSocial: defineRequest<AuthUser, SocialProvider, string, AuthRoot>('auth/loginWithSocial'),
  loginWithGoogleOneTap: defineRequest<AuthUser, string, string, AuthRoot>('auth/loginWithGoogleOneTap'),
  signInAnonymously: defineRequest<string, void, string, AuthRoot>('auth/signInAnonymously'),
  fetchUserProfile: defineRequest<AuthUser, string, ProfileRejection, AuthRoot>('auth/fetchUserProfile'),
  restoreSession: defineRequest<void, void, unknown, AuthRoot>('auth/restoreSession'),
  logOut: defineRequest<void, void, unknown, AuthRoot>('auth/logOut'),
  deleteAccount: defineRequest<void, void, string, AuthRoot>('auth/deleteAccount'),
  logOutEverywhere: defineRequest<void, void, string, AuthRoot>('auth/logOutEverywhere'),
  loadContentPages: defineRequest<ContentPage[], void, string, AuthRoot>('auth/loadContentPages'),
};

const logins = [authRequests.loginWithEmail, authRequests.signUpWithEmail, authRequests.loginWithSocial, authRequests.loginWithGoogleOneTap];

function setLoggedIn(state: AuthState, user: AuthUser) {
  state.status = 'loggedIn';
  state.user = user;
  state.anonymousUid = null;
}

function setLoggedOut(state: AuthState) {
  state.status = 'loggedOut';
  state.user = null;
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    loggedIn: (state, action: PayloadAction<AuthUser>) => setLoggedIn(state, action.payload),
    anonymousSignedIn: (state, action: PayloadAction<string | undefined>) => {
      state.status = 'anonymous';
      state.user = null;
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
    /** The server's word on the user's VIP status (its user-status answer), kept on the user like a profile's. */
    vipStatusChanged: (state, action: PayloadAction<Pick<AuthUser, 'isVip' | 'vipExpiresAt' | 'vipLifetime'>>) => {
      if (!state.user) return;
      Object.assign(state.user, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(authRequests.restoreSession.pending, (state) => {
        state.sessionStatus = 'pending';
      })
      .addMatcher(authRequests.restoreSession.fulfilled, (state) => {
        state.sessionStatus = 'succeeded';
      })
      .addMatcher(authRequests.restoreSession.rejected, (state) => {
        state.sessionStatus = 'failed';
      })
      .addMatcher(authRequests.fetchUserProfile.fulfilled, (state, action) => setLoggedIn(state, action.payload))
      .addMatcher(authRequests.fetchUserProfile.rejected, (state, action) => {
        if (!action.payload?.keep) setLoggedOut(state);
      })
      .addMatcher(authRequests.signInAnonymously.fulfilled, (state, action) => {
        if (state.status === 'loggedIn') return;
        state.status = 'anonymous';
        state.anonymousUid = action.payload;
      })
      .addMatcher(authRequests.logOut.fulfilled, (state) => {
        setLoggedOut(state);
        state.anonymousUid = null;
      })
      .addMatcher(authRequests.loadContentPages.pending, (state) => {
        state.contentPagesStatus = 'pending';
      })
      .addMatcher(authRequests.loadContentPages.fulfilled, (state, action) => {
        state.contentPagesStatus = 'succeeded';
        state.contentPages = action.payload;
      })
      .addMatcher(authRequests.loadContentPages.rejected, (state, action) => {
        if (action.meta.condition) return;
        state.contentPagesStatus = 'failed';
      });

    for (const login of logins) {
      builder
        .addMatcher(login.pending, (state) => {
          state.loginStatus = 'pending';
          state.error = null;
        })
        .addMatcher(login.fulfilled, (state, action) => {
          state.loginStatus = 'succeeded';
          state.lastFailedAttempt = null;
          setLoggedIn(state, action.payload);
        })
        .addMatcher(login.rejected, (state, action) => {
          if (action.meta.condition) return;
          state.loginStatus = 'failed';
          state.error = action.payload ?? action.error.message ?? LOGIN_FAILED;
          // Failure clears the user (spec §4); a guest stays a guest.
          if (state.status === 'loggedIn') setLoggedOut(state);
        });
    }
    builder
      .addMatcher(authRequests.loginWithEmail.rejected, (state, { meta }) => {
        if (!meta.condition) state.lastFailedAttempt = { mode: 'login', email: meta.arg.email, name: '' };
      })
      .addMatcher(authRequests.signUpWithEmail.rejected, (state, { meta }) => {
        if (!meta.condition) state.lastFailedAttempt = { mode: 'signup', email: meta.arg.email, name: meta.arg.name };
      });
  },
});

export const { loggedIn, anonymousSignedIn, loggedOut, userCoinsChanged, vipStatusChanged } = authSlice.actions;

/** The stored user was the junk 'undefined' / 'null' of an earlier broken write (spec §4 shows a message for it). */
export const storedUserInvalid = createAction('auth/storedUserInvalid');

/** The viewer is gone (logout here, or a session ended elsewhere): every part forgets what was theirs. */
export const viewerLeft = (action: unknown) => authRequests.logOut.fulfilled(action) || loggedOut.match(action);
