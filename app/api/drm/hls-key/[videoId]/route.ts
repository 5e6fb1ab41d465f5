import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { hlsIdentityKey, whenClearKeyServed } from '@/lib/server/drm/clearkey';
import { route } from '@/lib/server/http/handler';
import { toViewer } from '@/lib/server/users';

export const dynamic = 'force-dynamic';

// GET api/drm/hls-key/{videoId} – the HLS SAMPLE-AES-CTR key (KEYFORMAT="identity"): the raw 16 bytes, behind the same
// entitlement and published checks as the ClearKey licence, and off with it when a multi-DRM provider is configured.
export const GET = whenClearKeyServed(
  route({ params: z.object({ videoId: z.string() }), auth: 'optional', apiKey: false }, async ({ params, user }) => {
    const key = await hlsIdentityKey(await getDb(), user ? toViewer(user) : null, params.videoId);
    return new Response(new Uint8Array(key), { headers: { 'content-type': 'application/octet-stream', 'cache-control': 'no-store' } });
  }),
);
