import { paymentReturnHref } from '@/lib/routes';
import { createCoinCheckout } from '@/lib/server/coins/purchases';
import { getDb } from '@/lib/server/db/client';
import { AppError } from '@/lib/server/http/app-error';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { requestOrigin } from '@/lib/server/payments/origin';
import { checkoutGateway } from '@/lib/server/payments/registry';
import { CHECKOUT_LIMIT } from '@/lib/server/payments/limits';
import { coinPaymentParamsSchema, coinPaymentSchema, gatewayOfSegment } from '@/lib/contracts/coins';

export const dynamic = 'force-dynamic';

// POST api/client/coinPlan/process{Provider}Payment (spec §7; e.g. processSandboxPayment; the camel-case folder is next.config.ts's rewrite to this one, issue 21 item 5) – opens a hosted checkout (QR with qr: true) for a coin plan, kind coins: paymentLink, payment_action_info, pendingPaymentData, requestId (top level and under data). Grants nothing: coins come with the paid payment.
export const POST = route(
  { params: coinPaymentParamsSchema, body: coinPaymentSchema, auth: 'required', rateLimit: CHECKOUT_LIMIT, maxBody: 8192 },
  async ({ req, params, body, user }) => {
    const name = gatewayOfSegment(params.processPayment);
    if (!name) throw new AppError('E_NOT_FOUND', 'Unknown payment provider.');
    const gateway = checkoutGateway(name);
    const answer = await createCoinCheckout(await getDb(), user, body, { gateway, origin: requestOrigin(req), returnPath: paymentReturnHref });
    return ok(body.qr ? 'QR payment link generated' : 'Payment link generated', { ...answer, data: answer });
  },
);
