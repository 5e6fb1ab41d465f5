import 'server-only';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { publicEnv } from '@/lib/env';
import { isId } from '@/lib/ids';
import type { Db } from '@/lib/server/db/client';
import { movieSeries, videos } from '@/lib/server/db/schema';
import { episodeVisible } from '@/lib/server/catalog/visibility';
import { canWatch, type Viewer } from '@/lib/server/entitlement/can-watch';
import { AppError } from '@/lib/server/http/app-error';
import { errorResponse } from '@/lib/server/http/handler';
import { openContentKey } from './keys';

/**
 * The site's own key server (ClearKey licences and HLS identity keys) is the demo's DRM. Once any multi-DRM licence URL
 * is configured, production licenses through that provider and the raw-key endpoints are off: they would otherwise
 * hand out the same content keys with none of the provider's protection. Read per call (publicEnv is fixed in a
 * running server; tests switch it).
 */
export function clearKeyServed(): boolean {
  return !(publicEnv.NEXT_PUBLIC_DRM_WIDEVINE_URL || publicEnv.NEXT_PUBLIC_DRM_PLAYREADY_URL || publicEnv.NEXT_PUBLIC_DRM_FAIRPLAY_URL);
}

const clearKeyOff = () => new AppError('E_NOT_FOUND', 'This site licenses its videos through its DRM provider.');

/**
 * Puts a key endpoint behind `clearKeyServed()`, ahead of the route wrapper: when off, every request is the same 404
 * (no body parsed, no token looked at), as if the route did not exist. The domain functions below check it too.
 */
export function whenClearKeyServed<R extends Request, C>(handler: (req: R, ctx: C) => Promise<Response>): (req: R, ctx: C) => Promise<Response> {
  return async (req, ctx) => (clearKeyServed() ? handler(req, ctx) : errorResponse(clearKeyOff()));
}

/** The EME ClearKey license request (W3C EME §9.1.3): base64url key ids. */
export const clearKeyRequestSchema = z.object({
  kids: z.array(z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'a key id is 16 bytes in base64url')).min(1).max(16),
  type: z.enum(['temporary', 'persistent-license']).default('temporary'),
});
export type ClearKeyRequest = z.infer<typeof clearKeyRequestSchema>;

export type ClearKeyResponse = { keys: { kty: 'oct'; kid: string; k: string }[]; type: string };

const b64url = (buf: Buffer) => buf.toString('base64url');

/**
 * Loads a video's key material after the entitlement check; locked videos never reach openContentKey. Only videos the
 * catalogue shows (catalog/visibility.ts): a scheduled, unpublished or still-ingesting episode, or any episode of a
 * hidden title, is "not found" here as everywhere else, so no key leaves before the studio's publish time.
 */
async function entitledKey(db: Db, viewer: Viewer, videoId: string): Promise<{ keyId: Buffer; key: Buffer }> {
  if (!clearKeyServed()) throw clearKeyOff();
  if (!isId(videoId)) throw new AppError('E_NOT_FOUND', 'Video not found.');
  const [video] = await db
    .select({ id: videos.id, episodeNumber: videos.episodeNumber, isPremium: videos.isPremium, drmKeyId: videos.drmKeyId, sealedKey: videos.sealedKey })
    .from(videos)
    .innerJoin(movieSeries, eq(movieSeries.id, videos.movieSeriesId))
    .where(and(eq(videos.id, videoId), episodeVisible))
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
