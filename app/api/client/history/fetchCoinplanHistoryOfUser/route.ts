import { coinPlanHistory } from '@/lib/server/coins/purchases';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { pageSchema } from '@/lib/contracts/coins';

export const dynamic = 'force-dynamic';

// GET api/client/history/fetchCoinplanHistoryOfUser?userId=&page=&limit= (spec §7) – the token's user's paid coin-plan purchases, newest first: data [entry], pagination.
export const GET = route({ query: pageSchema, auth: 'required' }, async ({ query, user }) => {
  const { data, pagination } = await coinPlanHistory(await getDb(), user.id, query.page, query.limit);
  return ok('Coin plan history', { data, pagination });
});
