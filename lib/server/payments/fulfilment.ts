import 'server-only';
import type { Tx } from '@/lib/server/db/client';
import type { payments, PaymentKind } from '@/lib/server/db/schema';
import { fulfilPremiumVideo } from '@/lib/server/premium/fulfil';
import { creditCoins } from '@/lib/server/coins/fulfil';
import { fulfilVip } from '@/lib/server/subscription/vip';

export type PaymentRow = typeof payments.$inferSelect;

/**
 * What a paid payment grants, by kind. Runs inside the transaction that moved the payment from pending to paid (and
 * only when that update touched the row), so a grant never exists without its paid payment, nor a paid payment
 * without its grant. A fulfilment that throws rolls the payment back to pending (reconciliation tries again).
 */
export type Fulfil = (tx: Tx, payment: PaymentRow, paidAt: Date) => Promise<void>;

/** Every kind has its fulfilment (the type makes a new kind without one a compile error). */
const FULFILMENT: Record<PaymentKind, Fulfil> = {
  vip: fulfilVip,
  coins: creditCoins,
  premium_video: fulfilPremiumVideo,
};

export async function fulfil(tx: Tx, payment: PaymentRow, paidAt: Date): Promise<void> {
  await FULFILMENT[payment.kind](tx, payment, paidAt);
}
