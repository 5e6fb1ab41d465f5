import { NextResponse } from 'next/server';
import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { clearKeyLicense, clearKeyRequestSchema, whenClearKeyServed } from '@/lib/server/drm/clearkey';
import { route } from '@/lib/server/http/handler';
import { toViewer } from '@/lib/server/users';

export const dynamic = 'force-dynamic';

// POST api/drm/clearkey/{videoId} – ClearKey license server: the EME JSON request in, a JWK set out, for the keys of
// one published video only. A 404 when a multi-DRM provider is configured (whenClearKeyServed).
export const POST = whenClearKeyServed(
  route(
    { params: z.object({ videoId: z.string() }), body: clearKeyRequestSchema, maxBody: 4096, auth: 'optional', apiKey: false },
    async ({ params, body, user }) => {
      const license = await clearKeyLicense(await getDb(), user ? toViewer(user) : null, params.videoId, body);
      return NextResponse.json(license, { headers: { 'cache-control': 'no-store' } });
    },
  ),
);
