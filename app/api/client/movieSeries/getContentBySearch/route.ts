import { searchTitles } from '@/lib/server/cache';
import { withListFlags } from '@/lib/server/catalog/for-viewer';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { searchQuery } from '@/lib/contracts/catalog';

export const dynamic = 'force-dynamic';

// GET api/client/movieSeries/getContentBySearch – titles matching the search string, best match first, with the total.
// The results come from the catalogue memo (keyed by the trimmed, lower-cased string); only the viewer's list flags are
// read per request, in one query.
export const GET = route({ query: searchQuery, auth: 'optional' }, async ({ query, user }) => {
  const { items, total } = await searchTitles(query.searchString, { offset: (query.start - 1) * query.limit, limit: query.limit });
  return ok('Search results', { searchData: await withListFlags(await getDb(), user?.id ?? null, items), total });
});
