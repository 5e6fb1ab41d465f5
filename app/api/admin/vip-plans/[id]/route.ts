import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { actorOf } from '@/lib/server/studio/audit';
import { deleteVipPlan, updateVipPlan } from '@/lib/server/studio/plans';
import { idParamsSchema, vipPlanUpdateSchema } from '@/lib/contracts/studio-admin';

export const dynamic = 'force-dynamic';

// PATCH api/admin/vip-plans/{id} – changes the price, (de)activates, or (while no payment names it) the type or days.
export const PATCH = route({ role: 'admin', auth: 'required', params: idParamsSchema, body: vipPlanUpdateSchema, maxBody: 4096 }, async ({ params, body, user }) =>
  ok('VIP plan updated', { data: await updateVipPlan(await getDb(), actorOf(user), params.id, body) }),
);

// DELETE api/admin/vip-plans/{id} – removes a plan no payment names; 409 otherwise (deactivate it instead).
export const DELETE = route({ role: 'admin', auth: 'required', params: idParamsSchema }, async ({ params, user }) => {
  await deleteVipPlan(await getDb(), actorOf(user), params.id);
  return ok('VIP plan deleted', { data: null });
});
