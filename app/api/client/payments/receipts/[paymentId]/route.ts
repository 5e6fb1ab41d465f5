import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { getReceipt } from '@/lib/server/payments/receipts';

export const dynamic = 'force-dynamic';

// GET api/client/payments/receipts/{paymentId} – one receipt of the token's user's paid payment (404 for anyone else's or an unpaid one).
export const GET = route({ params: z.object({ paymentId: z.string().min(1).max(64) }), auth: 'required' }, async ({ params, user }) => {
  return ok('Receipt', { data: await getReceipt(await getDb(), user.id, params.paymentId) });
});
