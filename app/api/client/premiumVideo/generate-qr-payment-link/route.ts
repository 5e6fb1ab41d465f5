import { paymentReturnHref } from '@/lib/routes';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { requestOrigin } from '@/lib/server/payments/origin';
import { activeGatewayName, checkoutGateway } from '@/lib/server/payments/registry';
import { createPremiumCheckout } from '@/lib/server/premium/service';
import { CHECKOUT_LIMIT } from '@/lib/server/payments/limits';
import { premiumPaymentLinkSchema } from '@/lib/contracts/premium';

export const dynamic = 'force-dynamic';

// POST api/client/premiumVideo/generate-qr-payment-link (spec §7) – opens a QR-code checkout (the QR encodes the checkout URL, also in qrData) for one premium video at its price in our database: paymentUrl, pendingPaymentData, transactionId (top level and under data). Grants nothing.
export const POST = route({ body: premiumPaymentLinkSchema, auth: 'required', rateLimit: CHECKOUT_LIMIT, maxBody: 8192 }, async ({ req, body, user }) => {
  const gateway = checkoutGateway(activeGatewayName());
  const answer = await createPremiumCheckout(await getDb(), user, body, { gateway, origin: requestOrigin(req), returnPath: paymentReturnHref, qr: true });
  return ok('QR payment link generated', { ...answer, data: answer });
});
