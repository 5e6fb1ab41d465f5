import { NextResponse } from 'next/server';
import { userIdQuerySchema } from '@/lib/contracts/auth';
import { route } from '@/lib/server/http/handler';
import { toClientUser } from '@/lib/server/users';

export const dynamic = 'force-dynamic';

export const GET = route({ query: userIdQuerySchema, auth: 'required' }, ({ user }) =>
  NextResponse.json({ status: true, message: 'Profile fetched', user: toClientUser(user) }, { headers: { 'cache-control': 'private, no-store' } }),
);
