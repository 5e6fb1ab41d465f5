import { getDb } from '@/lib/server/db/client';
import { removeVideoRating } from '@/lib/server/engagement';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { videoQuery } from '@/lib/contracts/catalog';

export const dynamic = 'force-dynamic';

export const DELETE = route({ query: videoQuery, auth: 'required' }, async ({ query, user }) => {
  return ok('Rating removed', { data: await removeVideoRating(await getDb(), user.id, query.videoId) });
});
