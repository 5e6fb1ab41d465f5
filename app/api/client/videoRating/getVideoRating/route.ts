import { getDb } from '@/lib/server/db/client';
import { getVideoRating } from '@/lib/server/engagement';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { videoQuery } from '@/lib/contracts/catalog';

export const dynamic = 'force-dynamic';

export const GET = route({ query: videoQuery, auth: 'optional' }, async ({ query, user }) => {
  return ok('Rating fetched', { data: await getVideoRating(await getDb(), user?.id ?? null, query.videoId) });
});
