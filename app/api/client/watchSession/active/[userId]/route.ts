import { NextResponse } from 'next/server';
import { getDb } from '@/lib/server/db/client';
import { AppError } from '@/lib/server/http/app-error';
import { route } from '@/lib/server/http/handler';
import { activeWatchSessions } from '@/lib/server/sessions';
import { userIdParamsSchema } from '@/lib/contracts/sessions';

export const dynamic = 'force-dynamic';

/** GET api/client/watchSession/active/{userId} (spec §7): the token's user's open sessions, and nobody else's. */
export const GET = route({ params: userIdParamsSchema, auth: 'required' }, async ({ params, user }) => {
  // The wrapper checks a userId in the query or body; this one is in the path.
  if (params.userId !== user.id) throw new AppError('E_UNAUTHORIZED', 'You are not allowed to act for this user.');
  const sessions = await activeWatchSessions(await getDb(), user.id);
  return NextResponse.json({ status: true, success: true, message: 'Active watch sessions', data: sessions }, { headers: { 'cache-control': 'private, no-store' } });
});
