import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { newId } from '@/lib/ids';
import type { Tx } from '@/lib/server/db/client';
import { coinLedger, coinPlans, users } from '@/lib/server/db/schema';
import type { PaymentRow } from '@/lib/server/payments/fulfilment';
import { totalCoinsOf } from './plans';

/** Ledger reasons (coin_ledger.reason). (user, reason, reference) is unique: one entry per payment, episode or series charge. */
export const LEDGER_REASON = {
  purchase: 'coin_plan_purchase',
  unlock: 'episode_unlock',
  autoUnlock: 'episode_auto_unlock',
  seriesUnlock: 'series_unlock',
} as const;

/**
 * Fulfils a paid coins payment inside the transaction that marked it paid: the plan's coins and bonus coins onto the
 * balance and one ledger entry (reference = the payment id) with the balance after. The ledger's unique (user, reason,
 * reference) makes a second fulfilment of one payment fail the transaction instead of crediting twice.
 */
export async function creditCoins(tx: Tx, payment: PaymentRow, paidAt: Date): Promise<void> {
  if (!payment.coinPlanId) throw new Error(`coins payment ${payment.id} has no plan`);
  if (!payment.userId) throw new Error(`coins payment ${payment.id} has no user`);
  const [plan] = await tx.select().from(coinPlans).where(eq(coinPlans.id, payment.coinPlanId));
  if (!plan) throw new Error(`coin plan ${payment.coinPlanId} not found`);
  const total = totalCoinsOf(plan);
  const [user] = await tx
    .update(users)
    .set({ coins: sql`${users.coins} + ${total}` })
    .where(eq(users.id, payment.userId))
    .returning({ coins: users.coins });
  if (!user) throw new Error(`user ${payment.userId} not found`);
  await tx.insert(coinLedger).values({
    id: newId(),
    userId: payment.userId,
    delta: total,
    reason: LEDGER_REASON.purchase,
    reference: payment.id,
    balanceAfter: user.coins,
    createdAt: paidAt,
  });
}
