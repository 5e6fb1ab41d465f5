import type { AuthRoot } from './slice';

/** Reads of who is using the site. The user's `isVip` and `coins` are the one copy of VIP status and balance. */

export const selectAuthStatus = (state: AuthRoot) => state.auth.status;
export const selectUser = (state: AuthRoot) => state.auth.user;
export const selectIsVip = (state: AuthRoot) => state.auth.user?.isVip ?? false;
/** Guests (anonymous or logged out) see 'Log in' and are shown as 'guest' (spec §2 Top bar). */
export const selectIsGuest = (state: AuthRoot) => state.auth.status !== 'loggedIn';
export const selectIsAnonymous = (state: AuthRoot) => state.auth.status === 'anonymous';
export const selectIsLoggingIn = (state: AuthRoot) => state.auth.loginStatus === 'pending';
export const selectAuthError = (state: AuthRoot) => state.auth.error;
export const selectSessionStatus = (state: AuthRoot) => state.auth.sessionStatus;
export const selectContentPagesStatus = (state: AuthRoot) => state.auth.contentPagesStatus;
export const selectContentPage = (state: AuthRoot, slug: string) => state.auth.contentPages.find((p) => p.slug === slug) ?? null;

/** The signed-in (not anonymous) viewer's id, else null: personal calls need it. */
export const selectSignedInUserId = (state: AuthRoot) => {
  const { status, user } = state.auth;
  return status === 'loggedIn' && user && !user.isAnonymous ? user._id : null;
};

/** The e-mail login or sign-up that last failed (its 'Try again' reopens the dialog with what was typed). */
export const selectLastFailedAttempt = (state: AuthRoot) => state.auth.lastFailedAttempt;
