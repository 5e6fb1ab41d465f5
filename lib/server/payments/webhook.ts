import 'server-only';
import { and, eq } from 'drizzle-orm';
import { newId } from '@/lib/ids';
import type { Db } from '@/lib/server/db/client';
import { payments, webhookEvents } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { readBodyBytes } from '@/lib/server/http/handler';
import { log } from '@/lib/server/log';
import { WebhookSignatureError, type VerifiedEvent } from './gateway';
import { settlingGateway } from './registry';
import { flagPaymentIn } from './refunds';
import { settlePaymentIn } from './service';

/** Largest webhook body read (gateways send a few hundred bytes to a few KiB). */
export const MAX_WEBHOOK_BYTES = 64 * 1024;

export type WebhookOutcome = 'fulfilled' | 'refunded' | 'failed' | 'duplicate' | 'already-settled' | 'flagged' | 'unknown-payment' | 'ignored';

/**
 * A gateway's webhook, from raw bytes to a settled payment (docs/architecture.md 'Money'):
 * 1. the signature, on the raw bytes, before anything is parsed or stored (401 when it does not check out);
 * 2. in one transaction: the event stored unique by (provider, event id) — a replay or a concurrent duplicate finds
 *    it there and does nothing — then the payment row locked, amount and currency compared (a mismatch is flagged,
 *    never fulfilled), and the payment settled through the same function reconciliation uses (a paid event for a
 *    payment we had closed is settled as a late payment: granted, or refunded when it would buy nothing).
 * A crash anywhere rolls back the event row with the rest, so the gateway's retry processes it afresh.
 */
export async function receiveWebhook(db: Db, provider: string, rawBody: Buffer, headers: Headers, now = new Date()): Promise<{ outcome: WebhookOutcome; eventId: string }> {
  const gateway = settlingGateway(provider);
  if (!gateway) throw new AppError('E_NOT_FOUND', 'Unknown payment provider.');
  let event: VerifiedEvent;
  try {
    event = await gateway.verifyWebhook(rawBody, headers, now);
  } catch (err) {
    if (err instanceof WebhookSignatureError) {
      log.warn('webhook refused: bad signature', { provider, reason: err.message });
      throw new AppError('E_UNAUTHENTICATED', 'Invalid webhook signature.');
    }
    throw err;
  }

  const outcome = await db.transaction(async (tx): Promise<WebhookOutcome> => {
    const [stored] = await tx
      .insert(webhookEvents)
      .values({ id: newId(), provider, providerEventId: event.id, eventType: event.type, payload: event.payload as object, signatureOk: true })
      .onConflictDoNothing({ target: [webhookEvents.provider, webhookEvents.providerEventId] })
      .returning({ id: webhookEvents.id });
    if (!stored) return 'duplicate';

    const finish = async (result: WebhookOutcome, paymentId: string | null, error: string | null = null) => {
      await tx.update(webhookEvents).set({ processedAt: new Date(), paymentId, error }).where(eq(webhookEvents.id, stored.id));
      return result;
    };

    const byRef = event.requestId ? eq(payments.requestId, event.requestId) : event.providerRef ? eq(payments.providerRef, event.providerRef) : null;
    if (event.type === 'other' || !byRef) return finish('ignored', null);
    // Locked until commit: a concurrent event for the same payment waits here, then sees what this one did.
    const [payment] = await tx.select().from(payments).where(and(byRef, eq(payments.provider, provider))).for('update');
    if (!payment) {
      log.warn('webhook for an unknown payment', { provider, eventId: event.id, requestId: event.requestId });
      return finish('unknown-payment', null, 'no such payment');
    }

    if (event.type === 'payment.failed') {
      if (payment.status !== 'pending') return finish('already-settled', payment.id);
      await settlePaymentIn(tx, payment.id, 'failed', { source: `webhook ${event.id}`, reason: 'The payment was declined or cancelled.' });
      return finish('failed', payment.id);
    }

    // payment.paid
    const mismatch: string[] = [];
    if (event.amountCentavos !== payment.amountCentavos) mismatch.push(`amount ${event.amountCentavos} ≠ ${payment.amountCentavos}`);
    if (event.currency !== payment.currency) mismatch.push(`currency ${event.currency} ≠ ${payment.currency}`);
    if (mismatch.length > 0) {
      const reason = `paid event ${event.id} does not match: ${mismatch.join(', ')}`;
      if (payment.status === 'pending') await flagPaymentIn(tx, payment.id, reason);
      else log.error('webhook does not match a settled payment', { paymentId: payment.id, reason });
      return finish('flagged', payment.id, reason);
    }
    if (payment.status === 'paid' || payment.status === 'refunded') return finish('already-settled', payment.id);
    if (payment.flagReason) return finish('flagged', payment.id, `payment is flagged: ${payment.flagReason}`);
    // Pending, or closed by us before the money came (expired, cancelled, failed): the gateway took it, so it is
    // settled as paid all the same; fulfilment grants it, or refunds it (it would buy nothing) or flags it (no account).
    const late = payment.status !== 'pending';
    const settled = await settlePaymentIn(tx, payment.id, 'paid', { source: `webhook ${event.id}`, late });
    const result = settled.fulfilled;
    if (!result || result.granted) return finish('fulfilled', payment.id, late ? `paid after the payment was ${payment.status}` : null);
    return 'refund' in result ? finish('refunded', payment.id, result.refund) : finish('flagged', payment.id, result.flag);
  });
  log.info('webhook processed', { provider, eventId: event.id, type: event.type, outcome });
  return { outcome, eventId: event.id };
}

/** The raw body, at most `max` bytes (counted while it streams; a declared larger length is refused unread). */
export function readRawBody(req: Request, max = MAX_WEBHOOK_BYTES): Promise<Buffer> {
  return readBodyBytes(req, max);
}
