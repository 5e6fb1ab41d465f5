import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { listMyList } from '@/lib/server/engagement';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const dynamic = 'force-dynamic';

export const GET = route({ query: z.object({ userId: z.string().max(64).optional() }), auth: 'required' }, async ({ user }) => {
  return ok('My list fetched', { data: await listMyList(await getDb(), user.id) });
});
