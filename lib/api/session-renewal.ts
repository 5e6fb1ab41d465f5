import { decodeJwt } from 'jose';
import { LOGIN_TYPE } from '@/lib/constants';
import { isIdentityConfigured, withIdentity, type IdentitySession } from '@/lib/identity';
import { clearLogin, readStoredSession, readToken, saveRenewedSession } from '@/lib/session';
import type { ApiUser, AuthenticateBody, LoginType } from '@/lib/contracts/auth';
import { authenticateWith, type Poster } from './authenticate';
import { isApiError } from './errors';
import { notifySessionEnded } from '@/lib/session';

/**
 * Silent renewal of the product access token, which lives at most 24 h (lib/server/auth/access-token.ts), from the
 * identity SDK's session, which lives as long as the viewer stays signed in to Firebase: a viewer never sees 'your
 * session has ended' while that session is valid. The HTTP client (axios-client.ts) asks for a renewal when a call
 * answers 401 E_UNAUTHENTICATED, and ahead of time when the stored token is within RENEW_BEFORE_MS of its expiry.
 *
 * A renewal fails for good ('ended') when Firebase has no signed-in user, a different one or a guest, or when the
 * server refuses the ID token: revoked by 'log out everywhere', the account deleted or blocked. Then the client does
 * what it did before renewals existed: the session is cleared and the viewer asked to log in.
 */

/** Renew proactively within the last hour of the token's life. */
export const RENEW_BEFORE_MS = 60 * 60 * 1000;

export type RenewalOutcome = { token: string } | { ended: true } | { unavailable: true };

export type RenewalDeps = {
  /** The identity SDK's signed-in user with a current ID token, null when none; throws what the SDK throws. */
  identitySession: () => Promise<IdentitySession | null>;
  /** The product login with that ID token (`POST api/client/user/authenticateOrRegister`). */
  authenticate: (body: AuthenticateBody, idToken: string) => Promise<{ status: boolean; data?: { user: ApiUser; token: string } }>;
  signOutIdentity: () => Promise<void>;
};

export type SessionRenewal = {
  /** A new product token, or why there is none. Single-flight: calls made while one runs share its outcome. */
  renew: () => Promise<RenewalOutcome>;
  /** The fallback: clears the stored session and the identity's, and tells the store (the viewer is logged out). */
  end: () => Promise<void>;
};

/** The Firebase sign-in provider each login type comes from (the server checks the same pairs). */
const LOGIN_TYPE_FOR_PROVIDER: Record<string, LoginType> = {
  'google.com': LOGIN_TYPE.GOOGLE,
  'apple.com': LOGIN_TYPE.APPLE,
  password: LOGIN_TYPE.EMAIL,
};

const ENDED: RenewalOutcome = { ended: true };
const UNAVAILABLE: RenewalOutcome = { unavailable: true };

/** No network, or a server that failed (5xx): the session may be fine; do not throw it away. */
function isTransient(error: unknown): boolean {
  if (isApiError(error)) return !error.response || error.response.status >= 500;
  return (error as { code?: unknown })?.code === 'auth/network-request-failed';
}

/** Whether the token expires within `RENEW_BEFORE_MS` (a token that cannot be read never counts as expiring). */
export function expiresSoon(token: string, now = Date.now()): boolean {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' && exp * 1000 - now < RENEW_BEFORE_MS;
  } catch {
    return false;
  }
}

export function createSessionRenewal(deps: RenewalDeps): SessionRenewal {
  let inflight: Promise<RenewalOutcome> | null = null;

  async function attempt(): Promise<RenewalOutcome> {
    const stored = readStoredSession().user;
    if (!stored) return ENDED;
    let session: IdentitySession | null;
    try {
      session = await deps.identitySession();
    } catch (error) {
      return isTransient(error) ? UNAVAILABLE : ENDED;
    }
    // Only the account the stored session belongs to may renew it (never a guest, never whoever signed in since).
    if (!session || session.isAnonymous || session.uid !== stored.uid) return ENDED;
    const loginType = session.signInProvider ? LOGIN_TYPE_FOR_PROVIDER[session.signInProvider] : undefined;
    if (!loginType) return ENDED;
    try {
      // The stored name and picture: a renewal must not change the profile the viewer sees.
      const body: AuthenticateBody = { loginType, identity: session.uid, email: session.email, name: stored.name || session.name, image: stored.image ?? session.image };
      const res = await deps.authenticate(body, session.idToken);
      if (!res?.status || !res.data?.token || !res.data.user?._id) return ENDED;
      saveRenewedSession(res.data.user, res.data.token);
      return { token: res.data.token };
    } catch (error) {
      return isTransient(error) ? UNAVAILABLE : ENDED;
    }
  }

  return {
    renew: () =>
      (inflight ??= attempt().finally(() => {
        inflight = null;
      })),
    end: async () => {
      // Several calls may fail with the same void token: the first one ends the session, the others find it ended.
      if (!readToken()) return;
      clearLogin();
      await deps.signOutIdentity().catch(() => undefined);
      notifySessionEnded();
    },
  };
}

/** The app's renewal for the HTTP client `http`: the Firebase SDK (loaded on demand, as everywhere) and the real product login through that client. */
export const appSessionRenewal = (http: Poster): SessionRenewal =>
  createSessionRenewal({
    identitySession: () => (isIdentityConfigured() ? withIdentity((m) => m.currentIdentitySession()) : Promise.resolve(null)),
    authenticate: (body, idToken) => authenticateWith(http, body, idToken),
    signOutIdentity: () => (isIdentityConfigured() ? withIdentity((m) => m.signOutIdentity()) : Promise.resolve()),
  });
