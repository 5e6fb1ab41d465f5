import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import { publicEnv, serverEnv } from '@/lib/env';
import { sandboxCheckoutHref } from '@/lib/routes';
import { getDb, type DbOrTx } from '@/lib/server/db/client';
import { sandboxCheckouts } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { enqueueJob } from '@/lib/server/jobs/queue';
import type { CheckoutRequest, CheckoutSession, GatewayStatus, PaymentGateway, VerifiedEvent } from '../gateway';
import { SANDBOX_SIGNATURE_HEADER, sandboxEventSchema, verifySandboxSignature, type SandboxEvent } from './sandbox-signature';

/**
 * The sandbox gateway: the embedded default, a hosted checkout inside the app (app/pay/[checkoutId]) that behaves
 * like a Philippine gateway's test mode — test cards and wallet Authorize/Fail buttons — and sends signed webhooks
 * through the durable job queue. Its state (one row per checkout) is in the database, so any instance serves it.
 */

export const SANDBOX = 'sandbox';
/** A checkout accepts an outcome for this long (the payment expires with it). */
export const SANDBOX_CHECKOUT_MINUTES = 30;

/** Test cards, in the style Philippine gateways publish them. Any other number is refused as unknown. */
export const SANDBOX_TEST_CARDS: Record<string, { outcome: 'paid' | 'failed'; label: string; reason?: string }> = {
  '4343434343434345': { outcome: 'paid', label: 'Visa, succeeds' },
  '4111111111111111': { outcome: 'failed', label: 'Visa, declined', reason: 'Card declined by the issuing bank.' },
  '5100000000000198': { outcome: 'failed', label: 'Mastercard, insufficient funds', reason: 'Insufficient funds.' },
};

export type SandboxCheckout = typeof sandboxCheckouts.$inferSelect;

export const sandboxGateway: PaymentGateway = {
  name: SANDBOX,

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    // 128 random bits: the page's address is the only key to it, as at a real gateway.
    const id = `cs_${randomBytes(16).toString('hex')}`;
    const expiresAt = new Date(Date.now() + SANDBOX_CHECKOUT_MINUTES * 60_000);
    await (await getDb()).insert(sandboxCheckouts).values({
      id,
      requestId: request.requestId,
      amountCentavos: request.amountCentavos,
      currency: request.currency,
      description: request.description,
      paymentMethod: request.paymentMethod,
      buyerEmail: request.buyer.email,
      returnUrl: request.returnUrl,
      qr: request.qr ?? false,
      expiresAt,
    });
    // On the origin of our return page: the sandbox lives inside the app.
    const checkoutUrl = new URL(sandboxCheckoutHref(id), request.returnUrl).toString();
    return { checkoutUrl, providerRef: id, qrData: request.qr ? checkoutUrl : undefined, expiresAt };
  },

  async verifyWebhook(rawBody: Buffer, headers: Headers, now?: Date): Promise<VerifiedEvent> {
    verifySandboxSignature(serverEnv().PAYMENT_WEBHOOK_SECRET, rawBody, headers.get(SANDBOX_SIGNATURE_HEADER), now);
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new AppError('E_BAD_REQUEST', 'Malformed webhook body.');
    }
    const parsed = sandboxEventSchema.safeParse(json);
    if (!parsed.success) throw new AppError('E_BAD_REQUEST', 'Unexpected webhook body.');
    const e = parsed.data;
    return { id: e.id, type: e.type, requestId: e.data.requestId, amountCentavos: e.data.amount, currency: e.data.currency, payload: e };
  },

  async fetchStatus(providerRef: string): Promise<GatewayStatus> {
    const checkout = await findCheckout(await getDb(), providerRef);
    if (!checkout) throw new Error(`sandbox checkout ${providerRef} not found`);
    if (checkout.status === 'open') return checkout.expiresAt.getTime() <= Date.now() ? 'expired' : 'pending';
    if (checkout.status === 'cancelled') return 'expired';
    // A refunded checkout was paid: its payment's status is ours to keep ('paid', then 'refunded').
    if (checkout.status === 'refunded') return 'paid';
    return checkout.status;
  },

  async refund(request) {
    const db = await getDb();
    const checkout = await findCheckout(db, request.providerRef);
    if (!checkout) throw new Error(`sandbox checkout ${request.providerRef} not found`);
    if (checkout.amountCentavos !== request.amountCentavos) throw new Error(`sandbox refund of ${request.amountCentavos} for a checkout of ${checkout.amountCentavos}`);
    // Paid → refunded once; a repeat answers the same refund id.
    const [row] = await db
      .update(sandboxCheckouts)
      .set({ status: 'refunded', refundedAt: new Date() })
      .where(and(eq(sandboxCheckouts.id, checkout.id), inArray(sandboxCheckouts.status, ['paid', 'refunded'])))
      .returning({ id: sandboxCheckouts.id });
    if (!row) throw new Error(`sandbox checkout ${checkout.id} is ${checkout.status}: nothing was paid to refund`);
    return { refundRef: `refund_${checkout.id}` };
  },

  async cancelCheckout(providerRef) {
    const db = await getDb();
    await db.update(sandboxCheckouts).set({ status: 'cancelled' }).where(and(eq(sandboxCheckouts.id, providerRef), eq(sandboxCheckouts.status, 'open')));
  },
};

export async function findCheckout(db: DbOrTx, id: string): Promise<SandboxCheckout | null> {
  if (!/^cs_[0-9a-f]{32}$/.test(id)) return null;
  const [row] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id));
  return row ?? null;
}

export type CheckoutForm = { outcome: string | null; cardNumber: string | null };
export type CheckoutResult =
  | { kind: 'completed'; checkout: SandboxCheckout }
  /** Nothing changed: the page is shown again with `message` (`declined`: the card was refused; the buyer may try another). */
  | { kind: 'invalid'; checkout: SandboxCheckout; message: string; declined?: boolean }
  | { kind: 'closed'; checkout: SandboxCheckout };

/**
 * The outcome a form asks for, or a message for the buyer (re-shown on the page). A declined card ends nothing, as at
 * a real gateway: the checkout stays open for another card until 'Cancel payment' or its expiry.
 */
function decide(checkout: SandboxCheckout, form: CheckoutForm, isCard: boolean): { outcome: 'paid' | 'failed'; reason?: string } | { message: string; declined?: boolean } {
  if (form.outcome === 'failed') return { outcome: 'failed', reason: 'Cancelled by the buyer.' };
  if (form.outcome !== 'paid') return { message: 'Choose to pay or to cancel.' };
  if (!isCard) return { outcome: 'paid' };
  const number = (form.cardNumber ?? '').replace(/[\s-]/g, '');
  if (!number) return { message: 'Enter the card number.' };
  if (!/^\d{16}$/.test(number)) return { message: 'Enter a valid 16-digit card number.' };
  const card = SANDBOX_TEST_CARDS[number];
  if (!card) return { message: 'This card number is not a sandbox test card. Use 4343 4343 4343 4345 to pay.' };
  if (card.outcome === 'failed') return { message: `${card.reason ?? 'The card was declined.'} Try another card, or cancel the payment.`, declined: true };
  return { outcome: card.outcome, reason: card.reason };
}

/**
 * Applies the buyer's choice once: the checkout moves from open to paid or failed (a second submit finds it closed),
 * and in the same transaction the signed webhook is queued for delivery to `webhookUrl` (the job signs it when it
 * sends, so each attempt carries a fresh timestamp).
 */
export async function completeCheckout(db: DbOrTx, checkout: SandboxCheckout, form: CheckoutForm, isCard: boolean, webhookUrl: string): Promise<CheckoutResult> {
  if (checkout.status !== 'open') return { kind: 'closed', checkout };
  const decision = decide(checkout, form, isCard);
  if ('message' in decision) return { kind: 'invalid', checkout, message: decision.message, ...(decision.declined ? { declined: true } : {}) };
  return db.transaction(async (tx) => {
    const now = new Date();
    const [done] = await tx
      .update(sandboxCheckouts)
      .set({ status: decision.outcome, failureReason: decision.reason ?? null, completedAt: now })
      .where(and(eq(sandboxCheckouts.id, checkout.id), eq(sandboxCheckouts.status, 'open'), gt(sandboxCheckouts.expiresAt, now)))
      .returning();
    if (!done) {
      await tx.update(sandboxCheckouts).set({ status: 'expired' }).where(and(eq(sandboxCheckouts.id, checkout.id), eq(sandboxCheckouts.status, 'open'), lte(sandboxCheckouts.expiresAt, now)));
      const [current] = await tx.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkout.id));
      return { kind: 'closed', checkout: current };
    }
    const event: SandboxEvent = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      type: decision.outcome === 'paid' ? 'payment.paid' : 'payment.failed',
      data: { requestId: done.requestId, amount: done.amountCentavos, currency: done.currency },
    };
    await enqueueJob(tx, 'webhook.deliver', { provider: SANDBOX, url: webhookUrl, body: JSON.stringify(event) }, { dedupeKey: `webhook.deliver:${SANDBOX}:${done.id}`, maxAttempts: 10 });
    return { kind: 'completed', checkout: done };
  });
}

/**
 * Where the sandbox sends webhooks: SANDBOX_WEBHOOK_URL, else the app's webhook path on NEXT_PUBLIC_SITE_URL. Never the
 * Host the payer's request named: that would let anyone point our signed webhooks at a server of theirs.
 */
export function sandboxWebhookUrl(): string {
  return serverEnv().SANDBOX_WEBHOOK_URL ?? new URL(`/api/payments/webhook/${SANDBOX}`, publicEnv.NEXT_PUBLIC_SITE_URL).toString();
}
