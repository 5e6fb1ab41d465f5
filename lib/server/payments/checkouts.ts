import 'server-only';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '@/lib/server/db/client';
import { payments, type PaymentKind } from '@/lib/server/db/schema';
import { enqueueJob, type Job } from '@/lib/server/jobs/queue';
import { log } from '@/lib/server/log';
import { settlingGateway } from './registry';

/** The job that tells a gateway to stop accepting a checkout we closed. */
export const CANCEL_CHECKOUT_JOB = 'payments.cancel-checkout';

export const CLOSED_REASON = {
  accountDeleted: 'Cancelled: the account was deleted.',
  alreadyHasVideo: 'Closed: you already have access to this video.',
  vipCoversVideo: 'Closed: your VIP covers this video.',
  lifetimeVip: 'Closed: you already have lifetime VIP.',
} as const;

export type OpenCheckoutScope = { userId: string; kind?: PaymentKind; videoIds?: string[] };

/**
 * Closes a user's open checkouts at once (pending → `to`, with the reason the return page shows) and queues a job per
 * checkout that tells the gateway to stop accepting it. Called in the transaction that made them pointless: an
 * account deleted (cancelled), or access to what they sell granted another way (expired). A payment that still comes
 * in for one is settled as a late payment: refunded automatically when it would grant nothing, else flagged.
 */
export async function closeOpenCheckouts(tx: DbOrTx, scope: OpenCheckoutScope, to: 'expired' | 'cancelled', reason: string): Promise<string[]> {
  if (scope.videoIds && scope.videoIds.length === 0) return [];
  const now = new Date();
  const closed = await tx
    .update(payments)
    .set({ status: to, failureReason: reason, updatedAt: now })
    .where(
      and(
        eq(payments.userId, scope.userId),
        eq(payments.status, 'pending'),
        isNull(payments.flagReason),
        ...(scope.kind ? [eq(payments.kind, scope.kind)] : []),
        ...(scope.videoIds ? [inArray(payments.videoId, scope.videoIds)] : []),
      ),
    )
    .returning({ id: payments.id, providerRef: payments.providerRef });
  for (const p of closed) {
    if (p.providerRef) await enqueueJob(tx, CANCEL_CHECKOUT_JOB, { paymentId: p.id }, { dedupeKey: `${CANCEL_CHECKOUT_JOB}:${p.id}`, maxAttempts: 5 });
  }
  if (closed.length > 0) log.info('open checkouts closed', { userId: scope.userId, to, reason, paymentIds: closed.map((p) => p.id) });
  return closed.map((p) => p.id);
}

/** The job: the gateway's checkout of a closed payment is told to stop taking money (best effort, retried). */
export async function cancelCheckoutJob(db: Db, job: Job): Promise<void> {
  const { paymentId } = z.object({ paymentId: z.string().min(1).max(64) }).parse(job.payload);
  const [p] = await db.select({ provider: payments.provider, providerRef: payments.providerRef, status: payments.status }).from(payments).where(eq(payments.id, paymentId));
  // Paid meanwhile (a late payment): nothing to cancel; settling it was the webhook's work.
  if (!p?.providerRef || (p.status !== 'expired' && p.status !== 'cancelled')) return;
  const gateway = settlingGateway(p.provider);
  if (gateway) await gateway.cancelCheckout(p.providerRef);
}
