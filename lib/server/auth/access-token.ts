import 'server-only';
import { jwtVerify, SignJWT } from 'jose';
import { serverEnv } from '@/lib/env';
import { AppError } from '@/lib/server/http/app-error';

const ISSUER = 'kilig';
const AUDIENCE = 'kilig-web';
const LIFETIME = '30d';

const secret = () => new TextEncoder().encode(serverEnv().JWT_SECRET);

/** The product's own access token (HS256), sent back as `Authorization: Bearer` on every later call. */
export async function signAccessToken(userId: string, firebaseUid: string): Promise<string> {
  return new SignJWT({ uid: firebaseUid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(LIFETIME)
    .sign(secret());
}

export async function verifyAccessToken(token: string): Promise<{ userId: string; firebaseUid: string }> {
  try {
    const { payload } = await jwtVerify(token, secret(), { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.uid !== 'string') throw new Error('claims');
    return { userId: payload.sub, firebaseUid: payload.uid };
  } catch {
    throw new AppError('E_UNAUTHENTICATED', 'Your session has expired. Please log in again.');
  }
}
