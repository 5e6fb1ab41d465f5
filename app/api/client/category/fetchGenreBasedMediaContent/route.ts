import { listTitles } from '@/lib/server/cache';
import { genreSlugById, withListFlags } from '@/lib/server/catalog/for-viewer';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { genreContentQuery } from '@/lib/contracts/catalog';

export const dynamic = 'force-dynamic';

export const GET = route({ query: genreContentQuery, auth: 'optional' }, async ({ query, user }) => {
  const db = await getDb();
  const genreSlug = await genreSlugById(db, query.categoryId);
  const { items, total } = await listTitles({ genreSlug, offset: (query.start - 1) * query.limit, limit: query.limit });
  return ok('Genre content fetched', { videos: await withListFlags(db, user?.id ?? null, items), total });
});
