import 'server-only';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { newId, sessionIdentifier, type SessionIdPrefix } from '@/lib/ids';
import { paymentTypeOf, type PaymentMethodCode } from '@/lib/constants';
import type { DbOrTx, Tx } from '@/lib/server/db/client';
import { payments, type PaymentKind } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { log } from '@/lib/server/log';
import type { CheckoutSession, PaymentGateway } from './gateway';
import type { FulfilResult } from './fulfil-result';
import type { PaymentRow } from './fulfil-result';
import { fulfil } from './fulfilment';
import { flagPaymentIn, requestRefundIn } from './refunds';

/** A checkout not paid within this time expires (the sandbox's checkout page stops accepting it at the same time). */
export const PENDING_MINUTES = 30;

export type StartCheckoutInput = {
  gateway: PaymentGateway;
  userId: string;
  kind: PaymentKind;
  amountCentavos: number;
  description: string;
  paymentMethod: PaymentMethodCode;
  buyer: { firstName: string; lastName: string; email: string; phone?: string | null };
  userInfo: Record<string, unknown>;
  billingMode: string;
  /** Our return page, absolute (the gateway sends the browser there). Built from the request id. */
  returnUrl: (requestId: string) => string;
  qr?: boolean;
  /** PAYMENT_ for subscriptions, PREMIUM_ for premium videos, QR_ for QR checkouts (spec §3). */
  prefix: Exclude<SessionIdPrefix, 'SESSION'>;
  vipPlanId?: string;
  coinPlanId?: string;
  videoId?: string;
};

/** The buyer the gateway's page shows, from the payment-info form (spec §3: fname, lname, email, phone, mobile). */
export function buyerOf(info: { fname: string; lname: string; email: string; phone?: string | null; mobile?: string | null }): StartCheckoutInput['buyer'] {
  return { firstName: info.fname, lastName: info.lname, email: info.email, phone: info.mobile || info.phone || null };
}

/** What every purchase's pending payment data carries (spec §3), whatever it buys; each kind adds its own fields. */
export function pendingPaymentCommon(payment: PaymentRow, session: CheckoutSession, gateway: PaymentGateway, method: PaymentMethodCode) {
  return {
    requestId: payment.requestId!,
    paymentId: payment.id,
    mchOrderId: payment.mchOrderId!,
    amount: payment.amountCentavos / 100,
    amountCentavos: payment.amountCentavos,
    currency: 'PHP' as const,
    paymentMethod: method,
    paymentType: paymentTypeOf(method),
    billingMode: payment.billingMode,
    gateway: gateway.name,
    paymentLink: session.checkoutUrl,
    expiresAt: payment.expiresAt?.toISOString() ?? null,
    timestamp: payment.createdAt.getTime(),
  };
}

/**
 * One payment attempt: a pending `payments` row (amount in centavos, a session identifier as request id), then the
 * gateway's hosted checkout for it. Nothing is granted here; only a verified webhook or reconciliation settles it.
 */
export async function startCheckout(db: DbOrTx, input: StartCheckoutInput): Promise<{ payment: PaymentRow; session: CheckoutSession }> {
  return openGatewayCheckout(db, await insertPendingPayment(db, input), input);
}

/** The pending row of a new attempt (no gateway call yet). Callers that must decide under a lock insert it there. */
export async function insertPendingPayment(db: DbOrTx, input: StartCheckoutInput): Promise<PaymentRow> {
  if (!Number.isSafeInteger(input.amountCentavos) || input.amountCentavos <= 0) throw new Error('amount must be a positive integer of centavos');
  const id = newId();
  const [payment] = await db
    .insert(payments)
    .values({
      id,
      kind: input.kind,
      status: 'pending',
      amountCentavos: input.amountCentavos,
      currency: 'PHP',
      provider: input.gateway.name,
      mchOrderId: id,
      requestId: sessionIdentifier(input.prefix),
      userId: input.userId,
      vipPlanId: input.vipPlanId ?? null,
      coinPlanId: input.coinPlanId ?? null,
      videoId: input.videoId ?? null,
      paymentMethod: input.paymentMethod,
      billingMode: input.billingMode,
      userInfo: input.userInfo,
      expiresAt: new Date(Date.now() + PENDING_MINUTES * 60_000),
    })
    .returning();
  return payment;
}

/**
 * The gateway's hosted checkout for a pending row, outside any transaction (a gateway call may take seconds; no
 * connection is held meanwhile). A gateway that refuses fails the row and answers 503.
 */
export async function openGatewayCheckout(db: DbOrTx, payment: PaymentRow, input: StartCheckoutInput): Promise<{ payment: PaymentRow; session: CheckoutSession }> {
  const requestId = payment.requestId!;
  let session: CheckoutSession;
  try {
    session = await input.gateway.createCheckout({
      paymentId: payment.id,
      requestId,
      kind: input.kind,
      amountCentavos: input.amountCentavos,
      currency: 'PHP',
      description: input.description,
      paymentMethod: input.paymentMethod,
      buyer: input.buyer,
      returnUrl: input.returnUrl(requestId),
      qr: input.qr,
    });
  } catch (err) {
    log.error('payment gateway refused a checkout', { gateway: input.gateway.name, paymentId: payment.id, err });
    await db.update(payments).set({ status: 'failed', failureReason: 'The payment provider did not open a checkout.' }).where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
    throw new AppError('E_UNAVAILABLE', 'The payment provider is not answering. Please try again in a moment.');
  }
  const [updated] = await db
    .update(payments)
    .set({ providerRef: session.providerRef, paymentUrl: session.checkoutUrl, ...(session.expiresAt ? { expiresAt: session.expiresAt } : {}) })
    .where(eq(payments.id, payment.id))
    .returning();
  return { payment: updated, session };
}

export type SettleOutcome = 'paid' | 'failed' | 'expired';
export type SettleResult = { changed: boolean; payment: PaymentRow | null; fulfilled?: FulfilResult };

/** A payment the gateway says is paid after we closed it (expired, cancelled, failed) is still money taken. */
const LATE_PAID_FROM = ['pending', 'expired', 'cancelled', 'failed'] as const;

/**
 * The one way a payment becomes paid, failed or expired, used by webhooks and reconciliation alike. 'paid' runs
 * `update … set status = 'paid' where id = $1 and status = 'pending' and flag_reason is null returning …` (with
 * `late`, also from expired, cancelled or failed: the gateway took the money after we closed the checkout) and
 * fulfils in the same transaction only when that touched the row: of any number of concurrent settlements, one wins
 * (the others wait on the row lock, then find it no longer open) and exactly one grant, refund or flag is made.
 * A fulfilment that cannot be applied never throws out of here: the payment stays paid and is refunded or flagged
 * (fulfilment runs in a savepoint, so a failure half-way leaves nothing of the grant behind).
 */
export async function settlePaymentIn(tx: Tx, paymentId: string, outcome: SettleOutcome, opts: { reason?: string; source: string; now?: Date; late?: boolean }): Promise<SettleResult> {
  const now = opts.now ?? new Date();
  const from = outcome === 'paid' && opts.late ? LATE_PAID_FROM : (['pending'] as const);
  const [row] = await tx
    .update(payments)
    .set(
      outcome === 'paid'
        ? { status: 'paid', paidAt: now, updatedAt: now }
        : { status: outcome, failureReason: opts.reason ?? (outcome === 'expired' ? 'Not paid in time.' : 'Payment failed.'), updatedAt: now },
    )
    .where(and(eq(payments.id, paymentId), inArray(payments.status, from), isNull(payments.flagReason)))
    .returning();
  if (!row) return { changed: false, payment: null };
  let fulfilled: FulfilResult | undefined;
  if (outcome === 'paid') {
    fulfilled = await fulfilInSavepoint(tx, row, now);
    if (!fulfilled.granted) {
      if ('refund' in fulfilled) await requestRefundIn(tx, row.id, { reason: fulfilled.refund, actor: null, now });
      else await flagPaymentIn(tx, row.id, fulfilled.flag);
    }
  }
  log.info('payment settled', { paymentId, outcome, kind: row.kind, source: opts.source, ...(fulfilled ? { granted: fulfilled.granted } : {}) });
  return { changed: true, payment: row, fulfilled };
}

async function fulfilInSavepoint(tx: Tx, row: PaymentRow, now: Date): Promise<FulfilResult> {
  try {
    return await tx.transaction((sp) => fulfil(sp, row, now));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    log.error('payment fulfilment failed', { paymentId: row.id, kind: row.kind, err });
    return { granted: false, flag: `Could not be fulfilled: ${message.slice(0, 200)}` };
  }
}

export async function settlePayment(db: DbOrTx, paymentId: string, outcome: SettleOutcome, opts: { reason?: string; source: string; now?: Date; late?: boolean }): Promise<SettleResult> {
  return db.transaction((tx) => settlePaymentIn(tx, paymentId, outcome, opts));
}
