import { seriesPricing } from '@/lib/server/coins/unlock';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { seriesQuerySchema } from '@/lib/contracts/coins';

export const dynamic = 'force-dynamic';

// GET api/client/coins/series-pricing?movieSeriesId= – what the rest of a series costs this viewer (guests: every coin episode): data {movieSeriesId, episodePrice, episodePriceCentavos, lockedCount, lockedCoins, lockedCentavos, unlockAllCoins, unlockAllCentavos, discountPercent, balance}.
export const GET = route({ query: seriesQuerySchema, auth: 'optional' }, async ({ query, user }) => {
  return ok('Series pricing', { data: await seriesPricing(await getDb(), user, query.movieSeriesId) });
});
