import 'server-only';
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { payments } from '@/lib/server/db/schema';
import { log } from '@/lib/server/log';
import type { PaymentRow } from './fulfil-result';
import type { GatewayStatus } from './gateway';
import { settlingGateway } from './registry';
import { settlePayment } from './service';

export type ReconcileOptions = {
  now?: Date;
  /** A pending payment older than this whose webhook has not come is asked about (default 2 minutes). */
  askAfterMs?: number;
  /** After its expiry, a payment still pending at the gateway (or unknown to it) expires after this grace (default 2 minutes). */
  expireGraceMs?: number;
  limit?: number;
};

export type ReconcileSummary = { checked: number; paid: number; failed: number; expired: number; errors: number };

/**
 * The periodic job behind webhooks: for pending payments whose webhook never came, ask the gateway (`fetchStatus`)
 * and settle them through the same function the webhook uses (`settlePayment`, fulfilment included); expire those
 * still unpaid past their expiry. Flagged payments are left for a person. Safe to run on several instances at once:
 * settling is a conditional update, so a payment is settled once whoever gets there first. Each payment is settled
 * on its own: one that fails (a gateway error, a database error) is logged and counted and never stops the others.
 */
export async function reconcilePayments(db: Db, opts: ReconcileOptions = {}): Promise<ReconcileSummary> {
  const now = opts.now ?? new Date();
  const askBefore = new Date(now.getTime() - (opts.askAfterMs ?? 120_000));
  const grace = opts.expireGraceMs ?? 120_000;
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'pending'), isNull(payments.flagReason), lt(payments.createdAt, askBefore)))
    .orderBy(asc(payments.createdAt))
    .limit(opts.limit ?? 100);
  const summary: ReconcileSummary = { checked: rows.length, paid: 0, failed: 0, expired: 0, errors: 0 };
  for (const payment of rows) {
    // Each payment on its own: one that cannot be settled is logged and counted, and the run goes on to the next.
    try {
      await reconcileOne(db, payment, now, grace, summary);
    } catch (err) {
      summary.errors++;
      log.error('payment reconciliation failed', { paymentId: payment.id, gateway: payment.provider, err });
    }
  }
  return summary;
}

async function reconcileOne(db: Db, payment: PaymentRow, now: Date, grace: number, summary: ReconcileSummary): Promise<void> {
  let status: GatewayStatus = 'pending';
  if (payment.providerRef) {
    try {
      // Throws when the gateway is registered but not configured: counted as an error, the payment waits.
      const gateway = settlingGateway(payment.provider);
      if (gateway) status = await gateway.fetchStatus(payment.providerRef);
    } catch (err) {
      summary.errors++;
      log.warn('gateway status check failed', { paymentId: payment.id, gateway: payment.provider, err: err instanceof Error ? err.message : String(err) });
      status = 'pending';
    }
  }
  const source = 'reconciliation';
  const pastExpiry = payment.expiresAt !== null && payment.expiresAt.getTime() + grace < now.getTime();
  if (status === 'paid') {
    if ((await settlePayment(db, payment.id, 'paid', { source })).changed) summary.paid++;
  } else if (status === 'failed') {
    if ((await settlePayment(db, payment.id, 'failed', { source, reason: 'The payment was declined or cancelled.' })).changed) summary.failed++;
  } else if (status === 'expired' || pastExpiry) {
    if ((await settlePayment(db, payment.id, 'expired', { source })).changed) summary.expired++;
  }
}
