import { listLatest } from '@/lib/server/cache';
import { withListFlags } from '@/lib/server/catalog/for-viewer';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { pagedQuery } from '@/lib/contracts/catalog';

export const dynamic = 'force-dynamic';

export const GET = route({ query: pagedQuery, auth: 'optional' }, async ({ query, user }) => {
  const cards = await listLatest({ offset: (query.start - 1) * query.limit, limit: query.limit });
  return ok('Latest content fetched', { videos: await withListFlags(await getDb(), user?.id ?? null, cards) });
});
