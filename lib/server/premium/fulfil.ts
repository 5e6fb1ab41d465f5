import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { newId } from '@/lib/ids';
import type { Tx } from '@/lib/server/db/client';
import { payments, premiumPurchases } from '@/lib/server/db/schema';
import type { PaymentRow } from '@/lib/server/payments/fulfilment';
import { log } from '@/lib/server/log';

/**
 * Fulfils a paid premium-video payment inside the transaction that marked it paid: one purchase row per user and
 * video, at the price the buyer paid (the payment's amount, never a later price). `ON CONFLICT DO NOTHING` on both
 * unique keys: a user who already owns the video (two checkouts paid) gets no second row, and that payment is flagged
 * for a person to refund.
 */
export async function fulfilPremiumVideo(tx: Tx, payment: PaymentRow, paidAt: Date): Promise<void> {
  if (!payment.videoId) throw new Error(`premium payment ${payment.id} has no video`);
  if (!payment.userId) throw new Error(`premium payment ${payment.id} has no user`);
  const inserted = await tx
    .insert(premiumPurchases)
    .values({ id: newId(), userId: payment.userId, videoId: payment.videoId, paymentId: payment.id, priceCentavos: payment.amountCentavos, createdAt: paidAt, updatedAt: paidAt })
    .onConflictDoNothing()
    .returning({ id: premiumPurchases.id });
  if (inserted.length === 0) {
    const reason = 'Premium video already owned when this payment was paid: refund due.';
    log.error('premium payment for a video the user already owns', { paymentId: payment.id, userId: payment.userId, videoId: payment.videoId });
    await tx
      .update(payments)
      .set({ flagReason: sql`coalesce(${payments.flagReason} || '; ', '') || ${reason}` })
      .where(eq(payments.id, payment.id));
  }
}
