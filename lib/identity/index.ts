import { publicEnv } from '@/lib/public-env';
import type * as Firebase from './firebase';

/**
 * The identity facade the rest of the client uses. The Firebase SDK is a chunk of its own, loaded on demand: a
 * returning visitor's pages never wait for it, and a first visit fetches it after the page is interactive.
 */
export type { IdentitySession, SignedIn } from './firebase';
export type IdentityModule = typeof Firebase;

let loaded: IdentityModule | null = null;
let loading: Promise<IdentityModule> | null = null;

/** Spec §4: the anonymous sign-in is skipped when the identity service is not set up (no Firebase web API key). */
export function isIdentityConfigured(): boolean {
  return Boolean(publicEnv.NEXT_PUBLIC_FIREBASE_API_KEY.trim() && publicEnv.NEXT_PUBLIC_FIREBASE_PROJECT_ID.trim());
}

/** Fetches the SDK once. Call it early where a popup will need it (the login dialog opening). */
export function loadIdentity(): Promise<IdentityModule> {
  loading ??= import('./firebase').then(
    (m) => (loaded = m),
    (err: unknown) => {
      loading = null; // a failed chunk load may be retried
      throw err;
    },
  );
  return loading;
}

/**
 * Runs `fn` with the SDK: synchronously when it is loaded already, which a sign-in popup needs (browsers block a
 * popup that does not open within the click), else once it has loaded.
 */
export function withIdentity<T>(fn: (m: IdentityModule) => Promise<T>): Promise<T> {
  return loaded ? fn(loaded) : loadIdentity().then(fn);
}
