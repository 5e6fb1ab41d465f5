import { listTitles } from '@/lib/server/cache';
import { withListFlags } from '@/lib/server/catalog/for-viewer';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { mediaCollectionQuery } from '@/lib/contracts/catalog';

export const dynamic = 'force-dynamic';

// GET api/client/movieSeries/fetchMediaCollection – a page of published titles (optionally movies or series only), latest
// first, with the total. The cards come from the catalogue memo (the same for everyone, dropped on writes); only the
// viewer's list flags are read per request, in one query.
export const GET = route({ query: mediaCollectionQuery, auth: 'optional' }, async ({ query, user }) => {
  const { items, total } = await listTitles({ type: query.movieSeriesType, offset: (query.start - 1) * query.limit, limit: query.limit });
  return ok('Media collection fetched', { videos: await withListFlags(await getDb(), user?.id ?? null, items), total });
});
