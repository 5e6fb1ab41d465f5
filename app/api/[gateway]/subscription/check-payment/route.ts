import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { checkoutGateway } from '@/lib/server/payments/registry';
import { PAYMENT_STATUS_LIMIT } from '@/lib/server/payments/limits';
import { checkPayment } from '@/lib/server/subscription/service';
import { checkPaymentQuerySchema, gatewayParamsSchema } from '@/lib/contracts/payments';

export const dynamic = 'force-dynamic';

// GET /api/{gateway}/subscription/check-payment?requestId=&userId= (spec §7) – where the user's payment stands: data {requestId, status, isPaid, …, user} (the return page polls it).
export const GET = route(
  { params: gatewayParamsSchema, query: checkPaymentQuerySchema, auth: 'required', rateLimit: PAYMENT_STATUS_LIMIT },
  async ({ params, query, user }) => {
    checkoutGateway(params.gateway);
    return ok('Payment status', { data: await checkPayment(await getDb(), user, query.requestId) });
  },
);
