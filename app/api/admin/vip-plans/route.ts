import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { actorOf } from '@/lib/server/studio/audit';
import { createVipPlan, listVipPlans } from '@/lib/server/studio/plans';
import { vipPlanCreateSchema } from '@/lib/contracts/studio-admin';

export const dynamic = 'force-dynamic';

// GET api/admin/vip-plans – every VIP plan, active or not, in display order, with how many payments name each. Admins only.
export const GET = route({ role: 'admin', auth: 'required' }, async () => ok('VIP plans', { data: await listVipPlans(await getDb()) }));

// POST api/admin/vip-plans – adds a plan {subscriptionType, priceCentavos, validityDays (null = lifetime), isActive}, last in order.
export const POST = route({ role: 'admin', auth: 'required', body: vipPlanCreateSchema, maxBody: 4096 }, async ({ body, user }) =>
  ok('VIP plan created', { data: await createVipPlan(await getDb(), actorOf(user), body) }),
);
