import axios, { type AxiosError, type AxiosInstance } from 'axios';
import { publicEnv } from '@/lib/public-env';
import { readToken } from '@/lib/session';
import { errorCode, isUsableApiKey, SkippedCallError } from './errors';
import { appSessionRenewal, expiresSoon, type SessionRenewal } from './session-renewal';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The stored product token the call was sent with, and whether it is already the one retry after a renewal. */
    productAuth?: { token: string; retried: boolean };
  }
}

/**
 * The one HTTP client, loaded on demand through `api` in client.ts: the `key` header and `Authorization: Bearer
 * <token>` on every call (spec §7). Tokens are renewed silently (session-renewal.ts): ahead of time when the stored one
 * is about to expire, and when a call answers 401 E_UNAUTHENTICATED, which is then retried once with the new token.
 */
export function createApiClient(apiKey: string | undefined = publicEnv.NEXT_PUBLIC_API_KEY, givenRenewal?: SessionRenewal | null): AxiosInstance {
  const client = axios.create({ baseURL: '/', timeout: 20_000, headers: { 'content-type': 'application/json' } });
  // The renewal logs in again through this same client (its login call carries its own credential, so no loop).
  const renewal = givenRenewal === undefined ? appSessionRenewal(client) : givenRenewal;
  /** The token whose early renewal failed: not tried again on every call (it still works until it expires). */
  let earlyRenewalFailedFor: string | null = null;

  client.interceptors.request.use(async (config) => {
    if (!isUsableApiKey(apiKey)) throw new SkippedCallError();
    config.headers.set('key', apiKey);
    // A call may carry its own credential (the Firebase ID token of authenticateOrRegister, or a retry's new token).
    if (config.headers.has('Authorization')) return config;
    let token = readToken();
    if (token && renewal && token !== earlyRenewalFailedFor && expiresSoon(token)) {
      const outcome = await renewal.renew();
      if ('token' in outcome) token = outcome.token;
      else earlyRenewalFailedFor = token;
    }
    if (token) {
      config.headers.set('Authorization', `Bearer ${token}`);
      config.productAuth = { token, retried: false };
    }
    return config;
  });

  client.interceptors.response.use(undefined, async (error: AxiosError) => {
    const config = error.config;
    const sent = config?.productAuth;
    if (!renewal || !config || !sent || sent.retried || error.response?.status !== 401 || errorCode(error) !== 'E_UNAUTHENTICATED') throw error;
    let token = readToken();
    // Logged out meanwhile: nothing to renew.
    if (!token) throw error;
    // Another call renewed the token while this one was under way: use that one.
    if (token === sent.token) {
      const outcome = await renewal.renew();
      if ('ended' in outcome) await renewal.end();
      if (!('token' in outcome)) throw error;
      token = outcome.token;
    }
    config.productAuth = { token, retried: true };
    config.headers.set('Authorization', `Bearer ${token}`);
    return client.request(config);
  });
  return client;
}
