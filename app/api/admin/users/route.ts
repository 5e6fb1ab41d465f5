import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { listUsers } from '@/lib/server/studio/users';
import { userListSchema } from '@/lib/contracts/studio-admin';

export const dynamic = 'force-dynamic';

// GET api/admin/users?q&role&blocked&page&limit – accounts by id, e-mail or name, newest first: role, blocked, VIP, coins, dates.
export const GET = route({ role: 'admin', auth: 'required', query: userListSchema }, async ({ query }) => {
  const { data, pagination } = await listUsers(await getDb(), query);
  return ok('Users', { data, pagination });
});
