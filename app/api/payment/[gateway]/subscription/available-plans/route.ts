import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { checkoutGateway } from '@/lib/server/payments/registry';
import { availablePlans } from '@/lib/server/subscription/service';
import { gatewayParamsSchema } from '@/lib/contracts/payments';

export const dynamic = 'force-dynamic';

// GET /api/payment/{gateway}/subscription/available-plans (spec §7) – the active VIP plans: data [{_id, subscriptionType, price, validity}]. Guests may see them (spec §6).
export const GET = route({ params: gatewayParamsSchema, auth: 'optional' }, async ({ params }) => {
  checkoutGateway(params.gateway);
  return ok('Subscription plans', { data: await availablePlans(await getDb()) });
});
