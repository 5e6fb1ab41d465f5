import { NextResponse } from 'next/server';
import { authenticateOrRegisterSchema } from '@/lib/contracts/auth';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { SIGN_IN_LIMIT } from '@/lib/server/rate-limit';
import { authenticateOrRegister } from '@/lib/server/users/sign-in';

export const dynamic = 'force-dynamic';

/** The Firebase ID token comes as `Authorization: Bearer`; the answer carries the product's own token. */
export const POST = route({ body: authenticateOrRegisterSchema, rateLimit: SIGN_IN_LIMIT, maxBody: 8192 }, async ({ req, body }) => {
  const idToken = /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1]?.trim() ?? null;
  const data = await authenticateOrRegister(await getDb(), idToken, body);
  return NextResponse.json({ status: true, message: 'Login successful', data });
});
