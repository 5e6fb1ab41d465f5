import { UNLOCK_LIMIT } from '@/lib/server/coins/limits';
import { unlockAllRemaining } from '@/lib/server/coins/unlock';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { seriesQuerySchema } from '@/lib/contracts/coins';

export const dynamic = 'force-dynamic';

// POST api/client/shortVideo/unlockAllRemaining?userId=&movieSeriesId= – every locked coin episode of the series in one atomic charge at UNLOCK_ALL_DISCOUNT_PERCENT off: data {movieSeriesId, unlockedVideoIds, charged, coins}; 402 E_INSUFFICIENT_COINS with data {balance, price, shortfall}.
export const POST = route({ query: seriesQuerySchema, auth: 'required', rateLimit: UNLOCK_LIMIT }, async ({ query, user }) => {
  const data = await unlockAllRemaining(await getDb(), user, query.movieSeriesId);
  return ok(data.charged > 0 || data.unlockedVideoIds.length > 0 ? 'Successfully unlocked!' : 'Nothing left to unlock.', { data });
});
