import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { hlsIdentityKey } from '@/lib/server/drm/clearkey';
import { route } from '@/lib/server/http/handler';
import { toViewer } from '@/lib/server/users';

export const dynamic = 'force-dynamic';

/** HLS SAMPLE-AES-CTR key (KEYFORMAT="identity"): the raw 16 bytes, behind the same entitlement check. */
export const GET = route({ params: z.object({ videoId: z.string() }), auth: 'optional', apiKey: false }, async ({ params, user }) => {
  const key = await hlsIdentityKey(await getDb(), user ? toViewer(user) : null, params.videoId);
  return new Response(new Uint8Array(key), { headers: { 'content-type': 'application/octet-stream', 'cache-control': 'no-store' } });
});
