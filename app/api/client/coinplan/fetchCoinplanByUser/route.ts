import { availableCoinPlans } from '@/lib/server/coins/plans';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

export const dynamic = 'force-dynamic';

// GET api/client/coinplan/fetchCoinplanByUser (spec §7) – the active coin plans in display order: data [{_id, coins, bonusCoins, totalCoins, price, priceCentavos, currency, centavosPerCoin}]. Guests may see them.
export const GET = route({ auth: 'optional' }, async () => {
  return ok('Coin plans', { data: await availableCoinPlans(await getDb()) });
});
