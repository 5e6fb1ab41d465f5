import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { listPayments } from '@/lib/server/studio/payments';
import { paymentListSchema } from '@/lib/contracts/studio-payments';

export const dynamic = 'force-dynamic';

// GET api/admin/payments?status&kind&q&page&limit – payments newest first (status a payment status, 'flagged' or 'all'; q an e-mail, user id, request id, gateway reference or payment id, or the start of one), with counts per tab.
export const GET = route({ role: 'admin', auth: 'required', query: paymentListSchema }, async ({ query }) => {
  const { data, pagination, counts } = await listPayments(await getDb(), query);
  return ok('Payments', { data, pagination, counts });
});
