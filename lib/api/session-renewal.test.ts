// @vitest-environment jsdom
import { AxiosError, type AxiosAdapter, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IdentitySession } from '@/lib/identity';
import { createApiClient } from './axios-client';
import { onSessionEnded } from '@/lib/session';
import { createSessionRenewal, expiresSoon, type RenewalDeps } from './session-renewal';

/**
 * The client side of silent renewal: the real HTTP client (axios-client.ts) with its interceptors, the real renewal and
 * the real local storage. Two things stand in: the network, answered by a small server that keeps the product's rules
 * (401 E_UNAUTHENTICATED for a token it no longer accepts, authenticateOrRegister issuing a new one for an accepted
 * Firebase ID token), and the Firebase SDK's session. The server side of the same rules runs for real in
 * tests/integration/account.test.ts.
 */

const UID = 'firebase-uid-1';
const storedUser = { _id: 'u1', uid: UID, name: 'Maria Clara', email: 'maria@example.ph', image: null, loginType: 5, isAnonymous: false, isVip: false, vipExpiresAt: null, vipLifetime: false, coins: 3, createdAt: '2026-01-01T00:00:00.000Z' };

/** A JWT-shaped token with an `exp` (the client only reads it; the server here checks it by identity). */
function token(name: string, expiresInSeconds = 24 * 3600): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'u1', name, exp: Math.floor(Date.now() / 1000) + expiresInSeconds })}.sig`;
}

type Server = {
  adapter: AxiosAdapter;
  /** Product tokens the server accepts now. */
  accepted: Set<string>;
  /** Firebase ID tokens the server accepts for a renewal. */
  acceptedIdTokens: Set<string>;
  /** Every call: url and the Authorization it carried. */
  log: { url: string; auth: string | null }[];
  issued: string[];
  /** Refuse every product token, renewed ones too. */
  refuseAll: boolean;
  /** Runs as a call arrives, before it is answered. */
  onCall?: (url: string) => void;
};

function fakeServer(): Server {
  const server: Server = {
    accepted: new Set(),
    acceptedIdTokens: new Set(['firebase-id-token']),
    log: [],
    issued: [],
    refuseAll: false,
    adapter: async (config: InternalAxiosRequestConfig) => {
      const url = String(config.url);
      const auth = (config.headers.get('Authorization') as string | undefined) ?? null;
      const bearer = auth?.replace(/^Bearer /, '') ?? '';
      server.log.push({ url, auth });
      server.onCall?.(url);
      await new Promise((r) => setTimeout(r, 5));
      const answer = (status: number, data: unknown) => {
        const response = { data, status, statusText: '', headers: {}, config };
        if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, null, response);
        return response;
      };
      if (url.endsWith('authenticateOrRegister')) {
        if (!server.acceptedIdTokens.has(bearer)) return answer(401, { status: false, message: 'Your sign-in could not be verified. Please log in again.', code: 'E_UNAUTHENTICATED' });
        const fresh = token(`renewed-${server.issued.length + 1}`);
        server.issued.push(fresh);
        server.accepted.add(fresh);
        return answer(200, { status: true, message: 'Login successful', data: { user: { ...storedUser, coins: 4 }, token: fresh } });
      }
      if (server.refuseAll || !server.accepted.has(bearer)) return answer(401, { status: false, message: 'Your session has ended. Please log in again.', code: 'E_UNAUTHENTICATED' });
      return answer(200, { status: true, url });
    },
  };
  return server;
}

const firebaseSession = (over: Partial<IdentitySession> = {}): IdentitySession => ({
  uid: UID,
  idToken: 'firebase-id-token',
  email: storedUser.email,
  name: 'Maria',
  image: null,
  isAnonymous: false,
  signInProvider: 'password',
  ...over,
});

let server: Server;
let client: AxiosInstance;
let deps: { identitySession: ReturnType<typeof vi.fn<RenewalDeps['identitySession']>>; signOutIdentity: ReturnType<typeof vi.fn<RenewalDeps['signOutIdentity']>> };
let authenticateBodies: unknown[];
let ended: ReturnType<typeof vi.fn<() => void>>;
let stopListening: () => void;

function storeLogin(productToken: string) {
  localStorage.setItem('isAuth', 'true');
  localStorage.setItem('user', JSON.stringify(storedUser));
  localStorage.setItem('token', productToken);
  localStorage.setItem('watchHistory', '[]');
}

beforeEach(() => {
  localStorage.clear();
  server = fakeServer();
  authenticateBodies = [];
  deps = { identitySession: vi.fn(async () => firebaseSession()), signOutIdentity: vi.fn(async () => undefined) };
  const renewal = createSessionRenewal({
    ...deps,
    // The real product login call, through the same client (with its own credential: no renewal of its own).
    authenticate: async (body, idToken) => {
      authenticateBodies.push(body);
      return (await client.post('api/client/user/authenticateOrRegister', body, { headers: { Authorization: `Bearer ${idToken}` } })).data;
    },
  });
  client = createApiClient('k-123', renewal);
  client.defaults.adapter = server.adapter;
  ended = vi.fn<() => void>();
  stopListening = onSessionEnded(ended);
});
afterEach(() => stopListening());

const productCalls = () => server.log.filter((c) => !c.url.endsWith('authenticateOrRegister'));
const renewals = () => server.log.filter((c) => c.url.endsWith('authenticateOrRegister'));

describe('silent renewal', () => {
  it('renews a refused token from the Firebase session and retries the call once with the new token', async () => {
    const old = token('old');
    storeLogin(old);
    const res = await client.get('api/client/user/fetchProfile');
    expect(res.data).toMatchObject({ status: true });
    expect(renewals()).toHaveLength(1);
    expect(productCalls().map((c) => c.auth)).toEqual([`Bearer ${old}`, `Bearer ${server.issued[0]}`]);
    // Stored where the token lives, with the profile that came with it; the login itself is left as it was.
    expect(localStorage.getItem('token')).toBe(server.issued[0]);
    expect(JSON.parse(localStorage.getItem('user')!).coins).toBe(4);
    expect(localStorage.getItem('isAuth')).toBe('true');
    // The product login got the identity of the Firebase session, its login type, and the stored profile.
    expect(authenticateBodies).toEqual([{ loginType: 5, identity: UID, email: storedUser.email, name: 'Maria Clara', image: null }]);
    expect(ended).not.toHaveBeenCalled();
  });

  it('is single-flight: many calls refused at once make one renewal, and each is retried once', async () => {
    const old = token('old');
    storeLogin(old);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => client.get(`api/call/${i}`)));
    expect(results.every((r) => r.data.status === true)).toBe(true);
    expect(deps.identitySession).toHaveBeenCalledTimes(1);
    expect(renewals()).toHaveLength(1);
    expect(productCalls()).toHaveLength(12);
    for (let i = 0; i < 6; i++) expect(productCalls().filter((c) => c.url === `api/call/${i}`).map((c) => c.auth)).toEqual([`Bearer ${old}`, `Bearer ${server.issued[0]}`]);
  });

  it('a call refused after another one renewed is retried with the new token, without renewing again', async () => {
    const old = token('old');
    storeLogin(old);
    const renewedElsewhere = token('renewed-by-another-call');
    server.accepted.add(renewedElsewhere);
    // The call goes out with the old token; by the time its 401 arrives, another call has stored a renewed one.
    server.onCall = (url) => {
      if (url === 'api/late' && localStorage.getItem('token') === old) localStorage.setItem('token', renewedElsewhere);
    };
    await client.get('api/late');
    expect(renewals()).toHaveLength(0);
    expect(productCalls().map((c) => c.auth)).toEqual([`Bearer ${old}`, `Bearer ${renewedElsewhere}`]);
  });

  it('retries only once: a renewed token that is refused too ends in the error, with no loop', async () => {
    storeLogin(token('old'));
    server.refuseAll = true;
    const err = await client.get('api/x').catch((e: AxiosError) => e);
    expect((err as AxiosError).response?.status).toBe(401);
    expect(renewals()).toHaveLength(1);
    expect(productCalls()).toHaveLength(2);
  });

  it('falls back to logging out when Firebase has no signed-in user', async () => {
    storeLogin(token('old'));
    deps.identitySession.mockResolvedValue(null);
    const errors = await Promise.all([client.get('api/a').catch((e) => e), client.get('api/b').catch((e) => e)]);
    for (const e of errors) expect((e as AxiosError).response?.data).toMatchObject({ code: 'E_UNAUTHENTICATED' });
    expect(renewals()).toHaveLength(0);
    for (const key of ['isAuth', 'user', 'token']) expect(localStorage.getItem(key), key).toBeNull();
    // Only the session keys: this device's watch history stays, as on logout.
    expect(localStorage.getItem('watchHistory')).toBe('[]');
    expect(ended).toHaveBeenCalledTimes(1);
    expect(deps.signOutIdentity).toHaveBeenCalledTimes(1);
  });

  it('falls back to logging out when the server refuses the renewal (version bumped and Firebase sessions revoked)', async () => {
    storeLogin(token('old'));
    server.acceptedIdTokens.clear();
    const err = await client.get('api/x').catch((e: AxiosError) => e);
    expect((err as AxiosError).response?.data).toMatchObject({ code: 'E_UNAUTHENTICATED', message: 'Your session has ended. Please log in again.' });
    expect(renewals()).toHaveLength(1);
    expect(productCalls()).toHaveLength(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('never renews into another account, a guest or an unknown provider', async () => {
    for (const session of [firebaseSession({ uid: 'someone-else' }), firebaseSession({ isAnonymous: true, signInProvider: 'anonymous' }), firebaseSession({ signInProvider: 'phone' })]) {
      storeLogin(token('old'));
      deps.identitySession.mockResolvedValueOnce(session);
      await expect(client.get('api/x')).rejects.toBeInstanceOf(AxiosError);
      expect(localStorage.getItem('token')).toBeNull();
    }
    expect(renewals()).toHaveLength(0);
  });

  it('keeps the session when the identity service cannot be reached (the token may be fine)', async () => {
    const old = token('old');
    storeLogin(old);
    deps.identitySession.mockRejectedValue(Object.assign(new Error('offline'), { code: 'auth/network-request-failed' }));
    await expect(client.get('api/x')).rejects.toBeInstanceOf(AxiosError);
    expect(localStorage.getItem('token')).toBe(old);
    expect(ended).not.toHaveBeenCalled();
  });

  it('does not renew for calls that carry their own credential, or for other errors', async () => {
    const old = token('old');
    storeLogin(old);
    await expect(client.post('api/client/user/authenticateOrRegister', {}, { headers: { Authorization: 'Bearer bad-id-token' } })).rejects.toBeInstanceOf(AxiosError);
    expect(deps.identitySession).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe(old);
  });

  it('renews ahead of time within the last hour of the token, and only then', async () => {
    const fresh = token('fresh', 20 * 3600);
    server.accepted.add(fresh);
    storeLogin(fresh);
    await client.get('api/x');
    expect(renewals()).toHaveLength(0);

    const expiring = token('expiring', 30 * 60);
    server.accepted.add(expiring);
    storeLogin(expiring);
    await client.get('api/y');
    expect(renewals()).toHaveLength(1);
    expect(productCalls().at(-1)!.auth).toBe(`Bearer ${server.issued[0]}`);

    // An early renewal that fails leaves the still-valid token in use, and is not retried on every call.
    const expiring2 = token('expiring-2', 30 * 60);
    server.accepted.add(expiring2);
    storeLogin(expiring2);
    deps.identitySession.mockResolvedValue(null);
    await client.get('api/z');
    await client.get('api/z2');
    expect(productCalls().at(-1)!.auth).toBe(`Bearer ${expiring2}`);
    expect(deps.identitySession).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem('token')).toBe(expiring2);
    expect(ended).not.toHaveBeenCalled();
  });

  it('reads expiry from the token', () => {
    expect(expiresSoon(token('a', 59 * 60))).toBe(true);
    expect(expiresSoon(token('b', 2 * 3600))).toBe(false);
    expect(expiresSoon('not-a-jwt')).toBe(false);
  });
});
