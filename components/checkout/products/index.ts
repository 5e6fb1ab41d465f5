import type { PendingPaymentKind } from '@/lib/checkout/pending-payment';
import type { AfterPayment } from '../product';
import { coinsCheckout } from './coins';
import { premiumCheckout } from './premium';
import { vipCheckout } from './vip';

/** The return page's part of each product; a new kind without one fails to compile. */
export const AFTER_PAYMENT: Record<PendingPaymentKind, AfterPayment> = {
  vip: vipCheckout.afterPayment,
  coins: coinsCheckout.afterPayment,
  premium: premiumCheckout.afterPayment,
};
