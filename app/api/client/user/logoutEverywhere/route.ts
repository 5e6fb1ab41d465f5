import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { logOutEverywhere } from '@/lib/server/users/account';

export const dynamic = 'force-dynamic';

// POST api/client/user/logoutEverywhere – ends every session of the token's user on every device: all product tokens
// (token version) and all Firebase sessions, so that no device can renew its token silently.
export const POST = route({ auth: 'required' }, async ({ user }) => {
  await logOutEverywhere(await getDb(), user);
  return ok('You have been logged out on every device.', {});
});
