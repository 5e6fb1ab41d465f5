import { NextResponse } from 'next/server';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { updateWatchSession } from '@/lib/server/sessions';
import { sessionIdParamsSchema, updateWatchSessionSchema } from '@/lib/contracts/sessions';
import { WATCH_SESSION_UPDATE_LIMIT } from '../limits';

export const dynamic = 'force-dynamic';

/** PUT api/client/watchSession/{sessionId} (spec §7): only the owner, only sensible values; reads success. */
export const PUT = route(
  { params: sessionIdParamsSchema, body: updateWatchSessionSchema, auth: 'required', rateLimit: WATCH_SESSION_UPDATE_LIMIT, maxBody: 4096 },
  async ({ params, body, user }) => {
    const session = await updateWatchSession(await getDb(), user.id, params.sessionId, body);
    return NextResponse.json({ status: true, success: true, message: 'Watch session updated', data: session }, { headers: { 'cache-control': 'no-store' } });
  },
);
