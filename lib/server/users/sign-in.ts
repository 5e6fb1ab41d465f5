import 'server-only';
import { LOGIN_TYPE } from '@/lib/constants';
import type { AuthenticateOrRegisterBody } from '@/lib/contracts/auth';
import { signAccessToken } from '@/lib/server/auth/access-token';
import { verifyFirebaseIdToken } from '@/lib/server/auth/firebase';
import type { Db } from '@/lib/server/db/client';
import { AppError } from '@/lib/server/http/app-error';
import { toClientUser, upsertUser, type ClientUser } from './index';

/** Which Firebase sign-in provider each login type must come from. */
const PROVIDER_FOR: Record<number, string> = {
  [LOGIN_TYPE.GOOGLE]: 'google.com',
  [LOGIN_TYPE.APPLE]: 'apple.com',
  [LOGIN_TYPE.EMAIL]: 'password',
};

const isHttpUrl = (s: string) => /^https?:\/\/[^\s]+$/i.test(s);

/**
 * Verifies the Firebase ID token, requires `identity` to be its uid and the login type to match its provider,
 * upserts the user and issues the product's own access token. Profile data prefers the verified token's claims.
 */
export async function authenticateOrRegister(db: Db, idToken: string | null, body: AuthenticateOrRegisterBody): Promise<{ user: ClientUser; token: string }> {
  if (!idToken) throw new AppError('E_UNAUTHENTICATED', 'Your sign-in could not be verified. Please log in again.');
  const decoded = await verifyFirebaseIdToken(idToken);
  if (decoded.uid !== body.identity) throw new AppError('E_UNAUTHENTICATED', 'Your sign-in could not be verified. Please log in again.');
  const provider = decoded.firebase?.sign_in_provider;
  if (provider !== PROVIDER_FOR[body.loginType]) {
    throw new AppError('E_UNAUTHENTICATED', 'Please sign in with e-mail or Google to continue.');
  }
  const email = decoded.email ?? body.email ?? null;
  const name = body.name || (decoded.name as string | undefined) || email?.split('@')[0] || '';
  const picture = body.image || (decoded.picture as string | undefined) || null;
  const user = await upsertUser(db, {
    firebaseUid: decoded.uid,
    loginType: body.loginType,
    email,
    name,
    image: picture && isHttpUrl(picture) ? picture : null,
  });
  return { user: toClientUser(user), token: await signAccessToken(user.id, user.firebaseUid, user.tokenVersion) };
}
