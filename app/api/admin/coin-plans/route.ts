import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { actorOf } from '@/lib/server/studio/audit';
import { createCoinPlan, listCoinPlans } from '@/lib/server/studio/plans';
import { coinPlanCreateSchema } from '@/lib/contracts/studio-admin';

export const dynamic = 'force-dynamic';

// GET api/admin/coin-plans – every coin plan, active or not, in display order, with how many payments name each. Admins only.
export const GET = route({ role: 'admin', auth: 'required' }, async () => ok('Coin plans', { data: await listCoinPlans(await getDb()) }));

// POST api/admin/coin-plans – adds a plan {coins, bonusCoins, priceCentavos, isActive}, last in order.
export const POST = route({ role: 'admin', auth: 'required', body: coinPlanCreateSchema, maxBody: 4096 }, async ({ body, user }) =>
  ok('Coin plan created', { data: await createCoinPlan(await getDb(), actorOf(user), body) }),
);
