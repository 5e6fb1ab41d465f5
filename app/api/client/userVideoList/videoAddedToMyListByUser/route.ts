import { titleEngagementChanged } from '@/lib/server/cache';
import { getDb } from '@/lib/server/db/client';
import { toggleMyList } from '@/lib/server/engagement';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { titleQuery } from '@/lib/contracts/catalog';

export const dynamic = 'force-dynamic';

/** Toggles the title in the user's list; the message is what the client toasts. */
export const POST = route({ query: titleQuery, auth: 'required' }, async ({ query, user }) => {
  const { message, ...data } = await toggleMyList(await getDb(), user.id, query.movieSeriesId);
  // The title's favourites count is on its cached page.
  await titleEngagementChanged(query.movieSeriesId);
  return ok(message, { data });
});
