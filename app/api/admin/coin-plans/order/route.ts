import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { actorOf } from '@/lib/server/studio/audit';
import { orderCoinPlans } from '@/lib/server/studio/plans';
import { planOrderSchema } from '@/lib/contracts/studio-admin';

export const dynamic = 'force-dynamic';

// PUT api/admin/coin-plans/order – {ids}: every plan once, in the order viewers see them; answers the plans.
export const PUT = route({ role: 'admin', auth: 'required', body: planOrderSchema, maxBody: 8192 }, async ({ body, user }) =>
  ok('Coin plans reordered', { data: await orderCoinPlans(await getDb(), actorOf(user), body.ids) }),
);
