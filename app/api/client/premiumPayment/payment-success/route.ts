import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { confirmPremiumPayment } from '@/lib/server/premium/service';
import { PAYMENT_STATUS_LIMIT } from '@/lib/server/payments/limits';
import { paymentSuccessSchema } from '@/lib/contracts/premium';

export const dynamic = 'force-dynamic';

// POST api/client/premiumPayment/payment-success (spec §7; body {requestId} or {transactionId}, and videoId) – confirms the token's user's PAID premium payment for that video (marks it applied) and answers hasAccess true (top level and under data). No paid payment → 409 'Payment verification failed': the call never grants access on its own word (fulfilment granted it when the payment was paid).
export const POST = route({ body: paymentSuccessSchema, auth: 'required', rateLimit: PAYMENT_STATUS_LIMIT, maxBody: 4096 }, async ({ body, user }) => {
  const answer = await confirmPremiumPayment(await getDb(), user, body);
  return ok('Payment verified', { ...answer, data: answer });
});
