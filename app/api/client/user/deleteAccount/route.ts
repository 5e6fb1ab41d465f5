import { titleEngagementChanged } from '@/lib/server/cache';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { deleteAccount } from '@/lib/server/users/account';

export const dynamic = 'force-dynamic';

// DELETE api/client/user/deleteAccount – deletes the token's user: profile, list, likes, ratings, watch sessions,
// unlocks, coins and the Firebase account; payment records stay without the user (lib/server/users/account.ts).
export const DELETE = route({ auth: 'required' }, async ({ user }) => {
  const { changedTitleIds } = await deleteAccount(await getDb(), user);
  // The deleted list entries lowered these titles' favourites counts, which their cached pages show.
  for (const id of changedTitleIds) await titleEngagementChanged(id);
  return ok('Your account has been deleted.', {});
});
