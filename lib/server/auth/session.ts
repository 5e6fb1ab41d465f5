import 'server-only';
import type { DbOrTx } from '@/lib/server/db/client';
import { AppError } from '@/lib/server/http/app-error';
import { requireUser } from '@/lib/server/users';
import { SESSION_ENDED_MESSAGE, verifyAccessToken, type AccessClaims } from './access-token';

type UserRow = Awaited<ReturnType<typeof requireUser>>;

/**
 * The user a verified token names, if the token is still theirs: the user must exist and not be blocked
 * (`requireUser`: 404 E_USER_NOT_FOUND, 403 E_UNAUTHORIZED) and the token's version must be the user's current one.
 * Raising `users.token_version` (deletion, blocking, 'log out everywhere') thereby ends every token of that user at
 * once. Claims without a version fail closed.
 */
export async function userFromTokenClaims(db: DbOrTx, claims: { userId: string; tokenVersion?: AccessClaims['tokenVersion'] }): Promise<UserRow> {
  const user = await requireUser(db, claims.userId);
  if (claims.tokenVersion === undefined || claims.tokenVersion !== user.tokenVersion) {
    throw new AppError('E_UNAUTHENTICATED', SESSION_ENDED_MESSAGE);
  }
  return user;
}

/** Verifies a product access token (signature, expiry, at most 24 h old) and answers its user (see above). */
export async function userFromAccessToken(db: DbOrTx, token: string): Promise<UserRow> {
  return userFromTokenClaims(db, await verifyAccessToken(token));
}
