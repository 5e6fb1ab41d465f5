import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { newId } from '@/lib/ids';
import type { Tx } from '@/lib/server/db/client';
import { coinLedger, coinPlans, users } from '@/lib/server/db/schema';
import { ACCOUNT_GONE, GRANTED, type FulfilResult, type PaymentRow } from '@/lib/server/payments/fulfil-result';
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
 * reference) makes a second fulfilment of one payment fail the transaction instead of crediting twice. A payment
 * whose account or plan is gone is flagged for a person (the settlement keeps it paid and grants nothing).
 */
export async function creditCoins(tx: Tx, payment: PaymentRow, paidAt: Date): Promise<FulfilResult> {
  if (!payment.userId) return { granted: false, flag: ACCOUNT_GONE };
  const [plan] = payment.coinPlanId ? await tx.select().from(coinPlans).where(eq(coinPlans.id, payment.coinPlanId)) : [];
  if (!plan) return { granted: false, flag: `The coin plan ${payment.coinPlanId ?? '(none)'} no longer exists: nothing to credit.` };
  const total = totalCoinsOf(plan);
  const [user] = await tx
    .update(users)
    .set({ coins: sql`${users.coins} + ${total}` })
    .where(eq(users.id, payment.userId))
    .returning({ coins: users.coins });
  if (!user) return { granted: false, flag: ACCOUNT_GONE };
  await tx.insert(coinLedger).values({
    id: newId(),
    userId: payment.userId,
    delta: total,
    reason: LEDGER_REASON.purchase,
    reference: payment.id,
    balanceAfter: user.coins,
    createdAt: paidAt,
  });
  return GRANTED;
}
