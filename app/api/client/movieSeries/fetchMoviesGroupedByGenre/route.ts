import { listTitlesGroupedByGenre } from '@/lib/server/cache';
import { withListFlags } from '@/lib/server/catalog/for-viewer';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { groupedQuery } from '@/lib/contracts/catalog';

export const dynamic = 'force-dynamic';

export const GET = route({ query: groupedQuery, auth: 'optional' }, async ({ query, user }) => {
  const db = await getDb();
  const groups = await listTitlesGroupedByGenre(query.moviesLimit);
  const flagged = await withListFlags(db, user?.id ?? null, groups.flatMap((g) => g.movies));
  const byId = new Map(flagged.map((t) => [t._id, t]));
  const groupedMovies = groups.map((g) => ({ _id: g.genre._id, name: g.genre.name, slug: g.genre.slug, movies: g.movies.map((m) => byId.get(m._id)!) }));
  return ok('Movies grouped by genre fetched', { groupedMovies });
});
