import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { actorOf } from '@/lib/server/studio/audit';
import { deletePremiumPrice, updatePremiumPrice } from '@/lib/server/studio/plans';
import { idParamsSchema, premiumPriceUpdateSchema } from '@/lib/contracts/studio-admin';

export const dynamic = 'force-dynamic';

// PATCH api/admin/premium-prices/{id} – {priceCentavos?, isActive?}: a new price (pending payments keep theirs) or (de)activation.
export const PATCH = route({ role: 'admin', auth: 'required', params: idParamsSchema, body: premiumPriceUpdateSchema, maxBody: 4096 }, async ({ params, body, user }) =>
  ok('Premium video price updated', { data: await updatePremiumPrice(await getDb(), actorOf(user), params.id, body) }),
);

// DELETE api/admin/premium-prices/{id} – stops selling a video no payment names; 409 otherwise (deactivate it instead).
export const DELETE = route({ role: 'admin', auth: 'required', params: idParamsSchema }, async ({ params, user }) => {
  await deletePremiumPrice(await getDb(), actorOf(user), params.id);
  return ok('Premium video price deleted', { data: null });
});
