import 'server-only';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { isId } from '@/lib/ids';
import type { Db } from '@/lib/server/db/client';
import { videos } from '@/lib/server/db/schema';
import { canWatch, type Viewer } from '@/lib/server/entitlement/can-watch';
import { AppError } from '@/lib/server/http/app-error';
import { openContentKey } from './keys';

/** The EME ClearKey license request (W3C EME §9.1.3): base64url key ids. */
export const clearKeyRequestSchema = z.object({
  kids: z.array(z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'a key id is 16 bytes in base64url')).min(1).max(16),
  type: z.enum(['temporary', 'persistent-license']).default('temporary'),
});
export type ClearKeyRequest = z.infer<typeof clearKeyRequestSchema>;

export type ClearKeyResponse = { keys: { kty: 'oct'; kid: string; k: string }[]; type: string };

const b64url = (buf: Buffer) => buf.toString('base64url');

/** Loads a video's key material after the entitlement check; locked videos never reach openContentKey. */
async function entitledKey(db: Db, viewer: Viewer, videoId: string): Promise<{ keyId: Buffer; key: Buffer }> {
  if (!isId(videoId)) throw new AppError('E_NOT_FOUND', 'Video not found.');
  const [video] = await db
    .select({ id: videos.id, episodeNumber: videos.episodeNumber, isPremium: videos.isPremium, drmKeyId: videos.drmKeyId, sealedKey: videos.sealedKey })
    .from(videos)
    .where(eq(videos.id, videoId))
    .limit(1);
  if (!video) throw new AppError('E_NOT_FOUND', 'Video not found.');
  if (!(await canWatch(db, viewer, video))) {
    throw new AppError('E_LOCKED', 'This episode requires a subscription to watch.');
  }
  return { keyId: Buffer.from(video.drmKeyId, 'hex'), key: openContentKey(video.sealedKey) };
}

/** Answers the keys of one video only, and only the key ids the request names. */
export async function clearKeyLicense(db: Db, viewer: Viewer, videoId: string, request: ClearKeyRequest): Promise<ClearKeyResponse> {
  const { keyId, key } = await entitledKey(db, viewer, videoId);
  const kid = b64url(keyId);
  if (!request.kids.includes(kid)) throw new AppError('E_NOT_FOUND', 'No such key for this video.');
  return { keys: [{ kty: 'oct', kid, k: b64url(key) }], type: request.type };
}

/** The raw 16-byte key for HLS SAMPLE-AES-CTR with KEYFORMAT="identity", behind the same check. */
export async function hlsIdentityKey(db: Db, viewer: Viewer, videoId: string): Promise<Buffer> {
  return (await entitledKey(db, viewer, videoId)).key;
}
