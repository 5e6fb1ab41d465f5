import { unlockHistory } from '@/lib/server/coins/history';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { pageSchema } from '@/lib/contracts/coins';

export const dynamic = 'force-dynamic';

// GET api/client/history/getEpisodeUnlockHistory?userId=&page=&limit= (spec §7) – the token's user's coin unlocks, newest first: data [{_id, videoId, episodeNumber, title, movieSeries, coinsSpent, auto, createdAt}], pagination.
export const GET = route({ query: pageSchema, auth: 'required' }, async ({ query, user }) => {
  const { data, pagination } = await unlockHistory(await getDb(), user.id, query.page, query.limit);
  return ok('Episode unlock history', { data, pagination });
});
