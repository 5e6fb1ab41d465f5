import { titleVideosForViewer } from '@/lib/server/catalog/for-viewer';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { toViewer } from '@/lib/server/users';
import { seriesVideosQuery } from '@/lib/contracts/catalog';

export const dynamic = 'force-dynamic';

export const GET = route({ query: seriesVideosQuery, auth: 'optional' }, async ({ query, user }) => {
  const result = await titleVideosForViewer(await getDb(), user ? toViewer(user) : null, query.movieSeriesId, query.start, query.limit);
  return ok('Videos fetched', result);
});
