import 'server-only';
import { applicationDefault, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';
import { serverEnv } from '@/lib/env';
import { AppError } from '@/lib/server/http/app-error';
import { log } from '@/lib/server/log';

const APP_NAME = 'kilig';

function firebaseApp(): App {
  const existing = getApps().find((a) => a.name === APP_NAME);
  if (existing) return existing;
  const env = serverEnv();
  // firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST itself; with the emulator no credentials are needed.
  const credential = env.FIREBASE_AUTH_EMULATOR_HOST ? undefined : applicationDefault();
  return initializeApp({ projectId: env.FIREBASE_PROJECT_ID, ...(credential ? { credential } : {}) }, APP_NAME);
}

/**
 * Verifies a Firebase ID token: signature (production) or the emulator's unsigned form, audience = our project,
 * issuer, expiry, and — with checkRevoked — that the account exists, is enabled and the token was not revoked.
 * Any failure is a 401 with one message; the reason goes to the log only.
 */
export async function verifyFirebaseIdToken(idToken: string): Promise<DecodedIdToken> {
  try {
    return await getAuth(firebaseApp()).verifyIdToken(idToken, true);
  } catch (err) {
    log.info('firebase id token rejected', { reason: (err as { code?: string }).code ?? (err as Error).message });
    throw new AppError('E_UNAUTHENTICATED', 'Your sign-in could not be verified. Please log in again.');
  }
}

/** Whether a firebase-admin error says the account is not there (deleted already: nothing left to do). */
const isUserNotFound = (err: unknown) => (err as { code?: string }).code === 'auth/user-not-found';

/** What Firebase knows of an account: whether its e-mail address was proven (a link followed, or Google's word). */
export type FirebaseAccount = { uid: string; email: string | null; emailVerified: boolean };

/** The Firebase account with this e-mail (Firebase compares case-insensitively), or null when there is none. */
export async function firebaseAccountByEmail(email: string): Promise<FirebaseAccount | null> {
  try {
    const u = await getAuth(firebaseApp()).getUserByEmail(email);
    return { uid: u.uid, email: u.email ?? null, emailVerified: u.emailVerified };
  } catch (err) {
    if (isUserNotFound(err)) return null;
    throw err;
  }
}

/** Deletes the Firebase account (e-mail, password, linked Google). An account that is gone already counts as done. */
export async function deleteFirebaseUser(uid: string): Promise<void> {
  try {
    await getAuth(firebaseApp()).deleteUser(uid);
  } catch (err) {
    if (!isUserNotFound(err)) throw err;
  }
}

/**
 * Ends the account's Firebase sessions everywhere: refresh tokens stop working and ID tokens issued until now fail
 * `verifyFirebaseIdToken` (it checks revocation). Without this, a device whose product token was revoked would simply
 * renew it from its still-valid Firebase session.
 */
export async function revokeFirebaseSessions(uid: string): Promise<void> {
  try {
    await getAuth(firebaseApp()).revokeRefreshTokens(uid);
  } catch (err) {
    if (!isUserNotFound(err)) throw err;
  }
}
