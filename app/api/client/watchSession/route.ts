import { NextResponse } from 'next/server';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { createWatchSession } from '@/lib/server/sessions';
import { toViewer } from '@/lib/server/users';
import { createWatchSessionSchema } from '@/lib/contracts/sessions';
import { WATCH_SESSION_CREATE_LIMIT } from './limits';

export const dynamic = 'force-dynamic';

/** POST api/client/watchSession (spec §7): starts a session for the token's user; reads success and data._id. */
export const POST = route(
  { body: createWatchSessionSchema, auth: 'required', rateLimit: WATCH_SESSION_CREATE_LIMIT, maxBody: 4096 },
  async ({ body, user }) => {
    const session = await createWatchSession(await getDb(), toViewer(user), body);
    return NextResponse.json(
      { status: true, success: true, message: 'Watch session started', data: session },
      { status: 201, headers: { 'cache-control': 'no-store' } },
    );
  },
);
