import { initializeApp, getApps, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  browserSessionPersistence,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  OAuthProvider,
  signInAnonymously,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  updateProfile,
  type Auth,
  type UserCredential,
} from 'firebase/auth';
import { publicEnv } from '@/lib/public-env';
import { pickEmulatorGoogleAccount } from './emulator-google';

/** Loaded on demand through `lib/identity` (withIdentity), never imported statically by page code. */
let auth: Auth | null = null;

/** The Firebase Auth client, pointed at the emulator when one is configured (the embedded default). */
export function identity(): Auth {
  if (auth) return auth;
  const app: FirebaseApp =
    getApps()[0] ??
    initializeApp({
      apiKey: publicEnv.NEXT_PUBLIC_FIREBASE_API_KEY,
      authDomain: publicEnv.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN,
      projectId: publicEnv.NEXT_PUBLIC_FIREBASE_PROJECT_ID,
    });
  // getAuth() without the popup/redirect resolver: getAuth sets it up at once, and it loads Google's gapi script from
  // apis.google.com on every page that signs a guest in (a failed request and a console error offline, a third-party
  // script for everyone). Only the popup sign-ins need it, so they pass it themselves. Persistence as getAuth's.
  auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence] });
  if (publicEnv.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL) {
    connectAuthEmulator(auth, publicEnv.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL, { disableWarnings: true });
  }
  return auth;
}

export type SignedIn = { uid: string; idToken: string; email: string | null; name: string | null; image: string | null; isAnonymous: boolean };

async function signedIn(cred: UserCredential): Promise<SignedIn> {
  const u = cred.user;
  return { uid: u.uid, idToken: await u.getIdToken(), email: u.email, name: u.displayName, image: u.photoURL, isAnonymous: u.isAnonymous };
}

export const signInAsGuest = async () => signedIn(await signInAnonymously(identity()));
export const signInWithEmail = async (email: string, password: string) => signedIn(await signInWithEmailAndPassword(identity(), email, password));
/** The name goes onto the Firebase account too, so later e-mail logins carry it (the server keeps the latest name). */
export async function signUpWithEmail(email: string, password: string, name?: string): Promise<SignedIn> {
  const cred = await createUserWithEmailAndPassword(identity(), email, password);
  if (name) await updateProfile(cred.user, { displayName: name });
  return signedIn(cred);
}
/** Google popup; against the emulator, its account chooser through our same-origin relay (works offline). */
export async function signInWithGoogle(): Promise<SignedIn> {
  if (publicEnv.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL) {
    const googleIdToken = await pickEmulatorGoogleAccount(publicEnv.NEXT_PUBLIC_FIREBASE_API_KEY);
    return signedIn(await signInWithCredential(identity(), GoogleAuthProvider.credential(googleIdToken)));
  }
  return signedIn(await signInWithPopup(identity(), new GoogleAuthProvider(), browserPopupRedirectResolver));
}
/** Apple exists in logic (loginType 4) with no button (spec §2). */
export const signInWithApple = async () => signedIn(await signInWithPopup(identity(), new OAuthProvider('apple.com'), browserPopupRedirectResolver));
/** One-tap: a Google ID token from Google Identity Services turned into a Firebase sign-in. */
export const signInWithGoogleIdToken = async (googleIdToken: string) =>
  signedIn(await signInWithCredential(identity(), GoogleAuthProvider.credential(googleIdToken)));

export async function signOutIdentity(): Promise<void> {
  await identity().signOut();
}

/** The signed-in identity as a silent renewal needs it: a current ID token and the provider it was signed in with. */
export type IdentitySession = SignedIn & { signInProvider: string | null };

/**
 * The identity the SDK has restored (it reads its persisted session after a page load: `authStateReady`), with a
 * current ID token (the SDK refreshes an expiring one). Null when nobody is signed in. Throws the SDK's error when the
 * session cannot be refreshed: revoked ('auth/user-token-expired'), deleted or disabled, or no network.
 */
export async function currentIdentitySession(): Promise<IdentitySession | null> {
  const auth = identity();
  await auth.authStateReady();
  const u = auth.currentUser;
  if (!u) return null;
  const result = await u.getIdTokenResult();
  return { uid: u.uid, idToken: result.token, email: u.email, name: u.displayName, image: u.photoURL, isAnonymous: u.isAnonymous, signInProvider: result.signInProvider };
}
