import { authenticateOrRegister } from '@/lib/api/auth';
import type { LoginType } from '@/lib/contracts/auth';
import { forgetSessionOn } from '@/lib/api/errors';
import { clearLogin, saveLogin } from '@/lib/session';
import { LOGIN_TYPE } from '@/lib/constants';
import { authErrorMessage } from '@/lib/identity/errors';
import { LOGIN_FAILED, SIGNUP_FAILED } from '@/lib/identity/messages';
import { withIdentity, type SignedIn } from '@/lib/identity';
import { apiThunk } from '@/store/api-thunk';
import { authRequests, toAuthUser, type AuthState, type AuthUser } from './slice';
import './listeners';

/**
 * The logins (spec §4 Auth): e-mail, sign-up, Google or Apple, one-tap. Their own module, loaded with the login dialog
 * or the one-tap answer rather than with every page (decision 0015); the store's answers to them (the slice, the
 * listeners' toasts) are in the first load, since the requests' actions are declared there (`authRequests`). Storage
 * is written here, as part of the login itself.
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
