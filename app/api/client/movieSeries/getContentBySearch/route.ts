import { searchTitles } from '@/lib/server/catalog';
import { withListFlags } from '@/lib/server/catalog/for-viewer';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { searchQuery } from '@/lib/validation/catalog';

export const dynamic = 'force-dynamic';

export const GET = route({ query: searchQuery, auth: 'optional' }, async ({ query, user }) => {
  const { items, total } = await searchTitles(query.searchString, { offset: (query.start - 1) * query.limit, limit: query.limit });
  return ok('Search results', { searchData: await withListFlags(await getDb(), user?.id ?? null, items), total });
});
