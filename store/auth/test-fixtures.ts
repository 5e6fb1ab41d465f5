import { AxiosError, AxiosHeaders } from 'axios';
import { vi } from 'vitest';
import type { ApiUser } from '@/lib/contracts/auth';

/** What the auth tests share: a product user, an identity sign-in, an error answer, and the storage as a record. */

export const apiUser: ApiUser = {
  _id: 'user-1',
  uid: 'fb-email-1',
  name: 'Maria Clara',
  email: 'maria@example.ph',
  image: null,
  loginType: 5,
  isAnonymous: false,
  isVip: false,
  vipExpiresAt: null,
  vipLifetime: false,
  coins: 12,
  createdAt: '2025-01-01T00:00:00.000Z',
};

export const signed = (over: Partial<{ uid: string; email: string | null; name: string | null; image: string | null }> = {}) => ({
  uid: 'fb-email-1',
  idToken: 'firebase-id-token',
  email: 'maria@example.ph',
  name: null,
  image: null,
  isAnonymous: false,
  ...over,
});

export function axiosError(status: number, data: unknown) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, {}, { status, statusText: '', data, headers: {}, config });
}

export const storage = () => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]));

/** The identity SDK's calls, stood in (vi.mock factories load this module: a factory cannot use a top-level import). */
export const identityStandIn = () => ({
  signInAsGuest: vi.fn(),
  signInWithEmail: vi.fn(),
  signUpWithEmail: vi.fn(),
  signInWithGoogle: vi.fn(),
  signInWithApple: vi.fn(),
  signInWithGoogleIdToken: vi.fn(),
  signOutIdentity: vi.fn(async () => undefined),
});

/** The backend's auth calls, stood in. */
export const authApiStandIn = () => ({ authenticateOrRegister: vi.fn(), fetchProfile: vi.fn(), retrieveContentPages: vi.fn() });
