import 'server-only';
import type { Tx } from '@/lib/server/db/client';
import type { PaymentKind } from '@/lib/server/db/schema';
import { fulfilPremiumVideo } from '@/lib/server/premium/fulfil';
import { creditCoins } from '@/lib/server/coins/fulfil';
import { fulfilVip } from '@/lib/server/subscription/vip';
import type { Fulfil, FulfilResult, PaymentRow } from './fulfil-result';


/** Every kind has its fulfilment (the type makes a new kind without one a compile error). */
const FULFILMENT: Record<PaymentKind, Fulfil> = {
  vip: fulfilVip,
  coins: creditCoins,
  premium_video: fulfilPremiumVideo,
};

export async function fulfil(tx: Tx, payment: PaymentRow, paidAt: Date): Promise<FulfilResult> {
  return FULFILMENT[payment.kind](tx, payment, paidAt);
}
