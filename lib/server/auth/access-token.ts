import 'server-only';
import { jwtVerify, SignJWT } from 'jose';
import { serverEnv } from '@/lib/env';
import { AppError } from '@/lib/server/http/app-error';

const ISSUER = 'kilig';
const AUDIENCE = 'kilig-web';
/**
 * At most a day: a stolen token is useful for hours, not a month. The browser renews it silently from the identity
 * SDK before it runs out (lib/api/session-renewal.ts), so viewers do not notice the short life.
 */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

/** One message for every token that no longer opens a session (expired, revoked by a version bump, forged). */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

const secret = () => new TextEncoder().encode(serverEnv().JWT_SECRET);

/** What a verified access token says. */
export type AccessClaims = { userId: string; firebaseUid: string; tokenVersion: number };

/**
 * The product's own access token (HS256), sent back as `Authorization: Bearer` on every later call. It carries the
 * user's token version (`ver`), compared with `users.token_version` on every call (see ./session.ts).
 */
export async function signAccessToken(userId: string, firebaseUid: string, tokenVersion = 0): Promise<string> {
  return new SignJWT({ uid: firebaseUid, ver: tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_LIFETIME_SECONDS}s`)
    .sign(secret());
}

/**
 * Signature, issuer, audience and expiry, with no database. `maxTokenAge` also refuses a token issued more than a day
 * ago whatever its `exp` says (the 30-day tokens issued before the lifetime was cut). A token without a `ver` claim
 * predates token versions: refused, so that it cannot outlive a version bump (the client renews it silently).
 */
export async function verifyAccessToken(token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, secret(), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      maxTokenAge: ACCESS_TOKEN_LIFETIME_SECONDS,
      requiredClaims: ['iat', 'exp'],
    });
    const { sub, uid, ver } = payload;
    if (typeof sub !== 'string' || typeof uid !== 'string' || !Number.isSafeInteger(ver) || (ver as number) < 0) throw new Error('claims');
    return { userId: sub, firebaseUid: uid, tokenVersion: ver as number };
  } catch {
    throw new AppError('E_UNAUTHENTICATED', SESSION_ENDED_MESSAGE);
  }
}
