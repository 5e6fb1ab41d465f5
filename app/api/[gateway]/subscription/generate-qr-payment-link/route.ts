import { paymentReturnHref } from '@/lib/routes';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { requestOrigin } from '@/lib/server/payments/origin';
import { checkoutGateway } from '@/lib/server/payments/registry';
import { CHECKOUT_LIMIT } from '@/lib/server/payments/limits';
import { createSubscriptionCheckout } from '@/lib/server/subscription/service';
import { gatewayParamsSchema, generatePaymentLinkSchema } from '@/lib/contracts/payments';

export const dynamic = 'force-dynamic';

// POST api/{gateway}/subscription/generate-qr-payment-link (spec §7) – opens a QR-code checkout (the QR encodes the checkout URL, also in qrData) for a VIP plan: paymentLink, payment_action_info, pendingPaymentData (top level and under data). Grants nothing.
export const POST = route(
  { params: gatewayParamsSchema, body: generatePaymentLinkSchema, auth: 'required', rateLimit: CHECKOUT_LIMIT, maxBody: 8192 },
  async ({ req, params, body, user }) => {
    const gateway = checkoutGateway(params.gateway);
    const answer = await createSubscriptionCheckout(await getDb(), user, body, { gateway, origin: requestOrigin(req), returnPath: paymentReturnHref, qr: true });
    return ok('QR payment link generated', { ...answer, data: answer });
  },
);
