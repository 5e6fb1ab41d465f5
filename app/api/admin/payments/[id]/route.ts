import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { getPaymentDetail } from '@/lib/server/studio/payments';
import { paymentIdParamsSchema } from '@/lib/contracts/studio-payments';

export const dynamic = 'force-dynamic';

// GET api/admin/payments/{id} – one payment with its history (created, webhook events, settlement, fulfilment, flag, refund, resolution, audit) and what may be done with it.
export const GET = route({ role: 'admin', auth: 'required', params: paymentIdParamsSchema }, async ({ params }) =>
  ok('Payment', { data: await getPaymentDetail(await getDb(), params.id) }),
);
