import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { actorOf } from '@/lib/server/studio/audit';
import { deleteCoinPlan, updateCoinPlan } from '@/lib/server/studio/plans';
import { idParamsSchema, coinPlanUpdateSchema } from '@/lib/contracts/studio-admin';

export const dynamic = 'force-dynamic';

// PATCH api/admin/coin-plans/{id} – changes the price, (de)activates, or (while no payment names it) the coins and bonus.
export const PATCH = route({ role: 'admin', auth: 'required', params: idParamsSchema, body: coinPlanUpdateSchema, maxBody: 4096 }, async ({ params, body, user }) =>
  ok('Coin plan updated', { data: await updateCoinPlan(await getDb(), actorOf(user), params.id, body) }),
);

// DELETE api/admin/coin-plans/{id} – removes a plan no payment names; 409 otherwise (deactivate it instead).
export const DELETE = route({ role: 'admin', auth: 'required', params: idParamsSchema }, async ({ params, user }) => {
  await deleteCoinPlan(await getDb(), actorOf(user), params.id);
  return ok('Coin plan deleted', { data: null });
});
