import 'server-only';
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '@/lib/server/db/client';
import { payments } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { enqueueJob, type Job } from '@/lib/server/jobs/queue';
import { log } from '@/lib/server/log';
import { writeAudit, type AuditActor } from '@/lib/server/studio/audit';
import type { PaymentRow } from './fulfil-result';
import { settlingGateway } from './registry';

/**
 * Refunds (docs/payments.md 'Refunds, flags and closed checkouts'). Only a payment that granted nothing is ever
 * refunded, so a refund never has to take back coins, VIP days or a purchase: receipts, ledger and access stay
 * consistent by construction. Two ways in:
 * - automatic: a payment that would buy what its buyer already has (a premium video owned, unlocked or covered by VIP;
 *   a VIP pass for a lifetime member) is kept paid, grants nothing, and is refunded (requested in the settling
 *   transaction, carried out by the `payments.refund` job);
 * - by an admin, for a flagged payment (amount mismatch, account gone, fulfilment impossible), from the studio.
 * The job calls the gateway's refund; on success the payment becomes 'refunded'. A refund that keeps failing is left
 * 'failed' and flagged for a person, who may ask again.
 */

export const REFUND_JOB = 'payments.refund';
const REFUND_MAX_ATTEMPTS = 6;

export type RefundActor = AuditActor;

/** Statuses in which money may have been taken at the gateway (a flagged pending one: the paid event did not match). */
const MONEY_MAY_BE_TAKEN = ['paid', 'pending', 'expired', 'cancelled', 'failed'] as const;

/**
 * Asks for a refund of one payment, in the caller's transaction: refund_status → pending (from none, or from failed
 * for a second try) and the job queued. Answers false when a refund is already pending or done.
 */
export async function requestRefundIn(tx: DbOrTx, paymentId: string, opts: { reason: string; actor: RefundActor; now?: Date }): Promise<boolean> {
  const now = opts.now ?? new Date();
  const [row] = await tx
    .update(payments)
    .set({ refundStatus: 'pending', refundReason: opts.reason, refundRequestedBy: opts.actor?.id ?? null, refundRequestedAt: now, refundError: null, updatedAt: now })
    .where(and(eq(payments.id, paymentId), or(isNull(payments.refundStatus), eq(payments.refundStatus, 'failed')), inArray(payments.status, MONEY_MAY_BE_TAKEN)))
    .returning({ id: payments.id });
  if (!row) return false;
  await enqueueJob(tx, REFUND_JOB, { paymentId }, { dedupeKey: `${REFUND_JOB}:${paymentId}:${now.getTime()}`, maxAttempts: REFUND_MAX_ATTEMPTS });
  log.warn('refund requested', { paymentId, reason: opts.reason, by: opts.actor?.email ?? 'automatic' });
  return true;
}

/** Marks a payment for a person (logged at error level); it is never fulfilled automatically while flagged. */
export async function flagPaymentIn(tx: DbOrTx, paymentId: string, reason: string): Promise<void> {
  log.error('payment flagged for review', { paymentId, reason });
  await tx
    .update(payments)
    .set({
      flagReason: sql`coalesce(${payments.flagReason} || '; ', '') || ${reason}`,
      flaggedAt: sql`coalesce(${payments.flaggedAt}, now())`,
      // A new problem reopens a resolved flag.
      flagResolvedAt: null,
      flagResolvedBy: null,
    })
    .where(eq(payments.id, paymentId));
}

/** An open flag (flagged and not resolved), or 404/409. */
async function lockedFlagged(tx: DbOrTx, paymentId: string): Promise<PaymentRow> {
  const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!p) throw new AppError('E_NOT_FOUND', 'Payment not found.');
  if (!p.flagReason || p.flagResolvedAt) throw new AppError('E_CONFLICT', 'Only a flagged payment that is not resolved can be refunded or resolved here.');
  return p;
}

/** The studio's 'Refund': a flagged payment's money back through its gateway; audited. */
export async function refundFlaggedPayment(db: Db, paymentId: string, opts: { actor: RefundActor; note: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockedFlagged(tx, paymentId);
    if (before.refundStatus === 'pending' || before.refundStatus === 'succeeded') throw new AppError('E_CONFLICT', 'This payment is already being refunded.');
    const reason = opts.note.trim() || 'Refunded by an admin.';
    if (!(await requestRefundIn(tx, paymentId, { reason, actor: opts.actor }))) throw new AppError('E_CONFLICT', 'This payment cannot be refunded.');
    await writeAudit(tx, opts.actor, {
      action: 'payment.refund',
      entity: 'payment',
      entityId: paymentId,
      before: { status: before.status, flagReason: before.flagReason, refundStatus: before.refundStatus },
      after: { refundStatus: 'pending', refundReason: reason },
    });
  });
}

/** The studio's 'Mark resolved': a person closes a flag with a note (nothing moves); audited. */
export async function resolveFlaggedPayment(db: Db, paymentId: string, opts: { actor: RefundActor; note: string }): Promise<void> {
  const note = opts.note.trim();
  if (!note) throw new AppError('E_VALIDATION', 'Say in a note how it was resolved.');
  await db.transaction(async (tx) => {
    const before = await lockedFlagged(tx, paymentId);
    if (before.refundStatus === 'pending') throw new AppError('E_CONFLICT', 'A refund of this payment is under way.');
    const now = new Date();
    await tx.update(payments).set({ flagResolvedAt: now, flagResolvedBy: opts.actor?.id ?? null, flagNote: note, updatedAt: now }).where(eq(payments.id, paymentId));
    await writeAudit(tx, opts.actor, {
      action: 'payment.resolve',
      entity: 'payment',
      entityId: paymentId,
      before: { flagReason: before.flagReason, flagNote: before.flagNote },
      after: { flagResolvedAt: now.toISOString(), flagNote: note },
    });
  });
}

/**
 * The job: the gateway refunds, then the payment becomes 'refunded' (a flag it carried is resolved by it). Idempotent:
 * a payment whose refund is no longer pending is left alone, and gateways refuse to refund one payment twice. A
 * failure is retried with backoff; the last attempt's failure is recorded and flagged for a person.
 */
export async function refundJob(db: Db, job: Job): Promise<void> {
  const { paymentId } = z.object({ paymentId: z.string().min(1).max(64) }).parse(job.payload);
  const [p] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!p || p.refundStatus !== 'pending') return;
  let refundRef: string;
  try {
    const gateway = settlingGateway(p.provider);
    if (!gateway) throw new Error(`no gateway '${p.provider}' to refund through`);
    if (!p.providerRef) throw new Error('the payment has no checkout at its gateway');
    ({ refundRef } = await gateway.refund({ paymentId: p.id, providerRef: p.providerRef, amountCentavos: p.amountCentavos, currency: 'PHP', reason: p.refundReason ?? 'Refund' }));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (job.attempts < job.maxAttempts) throw err;
    await db.transaction(async (tx) => {
      await tx.update(payments).set({ refundStatus: 'failed', refundError: message.slice(0, 500) }).where(and(eq(payments.id, p.id), eq(payments.refundStatus, 'pending')));
      await flagPaymentIn(tx, p.id, `Refund failed: ${message.slice(0, 200)}`);
    });
    return;
  }
  const now = new Date();
  await db
    .update(payments)
    .set({
      status: 'refunded',
      refundStatus: 'succeeded',
      refundRef,
      refundedAt: now,
      updatedAt: now,
      // Refunding is how a flag about money taken for nothing is settled.
      flagResolvedAt: sql`case when ${payments.flagReason} is not null then coalesce(${payments.flagResolvedAt}, ${now}) else ${payments.flagResolvedAt} end`,
      flagResolvedBy: sql`case when ${payments.flagReason} is not null and ${payments.flagResolvedAt} is null then ${payments.refundRequestedBy} else ${payments.flagResolvedBy} end`,
      flagNote: sql`case when ${payments.flagReason} is not null and ${payments.flagResolvedAt} is null then coalesce(${payments.flagNote}, 'Refunded: ' || ${payments.refundReason}) else ${payments.flagNote} end`,
    })
    .where(and(eq(payments.id, p.id), eq(payments.refundStatus, 'pending'), isNotNull(payments.refundRequestedAt)));
  log.info('payment refunded', { paymentId: p.id, refundRef });
}
