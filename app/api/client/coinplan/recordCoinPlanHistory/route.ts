import { RECORD_LIMIT } from '@/lib/server/coins/limits';
import { recordCoinPlanHistory } from '@/lib/server/coins/purchases';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { recordCoinPlanBodySchema, recordCoinPlanQuerySchema } from '@/lib/contracts/coins';

export const dynamic = 'force-dynamic';

// POST api/client/coinplan/recordCoinPlanHistory?userId=&coinPlanId=&paymentGateway= (spec §7; body {requestId?}) – records the user's oldest paid, unrecorded coin purchase of that plan: data {recorded, coins, alreadyRecorded?}; 409 when none is paid. Never credits coins (fulfilment did, when the payment was paid).
export const POST = route(
  { query: recordCoinPlanQuerySchema, body: recordCoinPlanBodySchema, auth: 'required', rateLimit: RECORD_LIMIT, maxBody: 2048 },
  async ({ query, body, user }) => {
    const data = await recordCoinPlanHistory(await getDb(), user, { coinPlanId: query.coinPlanId, paymentGateway: query.paymentGateway, requestId: body.requestId });
    return ok(data.alreadyRecorded ? 'Coin purchase already recorded' : 'Coin purchase recorded', { data });
  },
);
