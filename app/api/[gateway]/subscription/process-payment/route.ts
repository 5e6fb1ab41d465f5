import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { checkoutGateway } from '@/lib/server/payments/registry';
import { PAYMENT_STATUS_LIMIT } from '@/lib/server/payments/limits';
import { processPayment } from '@/lib/server/subscription/service';
import { gatewayParamsSchema, processPaymentSchema } from '@/lib/contracts/payments';

export const dynamic = 'force-dynamic';

// POST /api/{gateway}/subscription/process-payment (spec §7: linkId, userId, vipPlanId) – asks the gateway about the user's still-pending payment and settles it as a webhook would; data as check-payment. The client's word grants nothing.
export const POST = route(
  { params: gatewayParamsSchema, body: processPaymentSchema, auth: 'required', rateLimit: PAYMENT_STATUS_LIMIT, maxBody: 4096 },
  async ({ params, body, user }) => {
    checkoutGateway(params.gateway);
    return ok('Payment status', { data: await processPayment(await getDb(), user, body.linkId, body.vipPlanId) });
  },
);
