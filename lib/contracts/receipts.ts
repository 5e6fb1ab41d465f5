/** Wire types of the receipts calls: what lib/api/receipts.ts sends and receives and lib/server produces. */
/**
 * The signed-in user's purchases and their receipts (issue 10 item 8): one receipt per paid payment, newest first,
 * and one per refunded payment (issue 20: the money came and went back, and the buyer sees both). The server takes the
 * user from the token.
 */

export type Receipt = {
  _id: string;
  /** Our reference for the payment (its session identifier, e.g. PAYMENT_…), quoted to support. */
  reference: string;
  kind: 'vip' | 'coins' | 'premium_video';
  /** What was bought, as the checkout showed it (e.g. 'VIP Monthly (30 days)'). */
  item: string;
  /** One of the 23 method codes of spec §9, and what buyers call it. */
  paymentMethod: string | null;
  paymentMethodName: string | null;
  /** Pesos, and the same in integer centavos. */
  amount: number;
  amountCentavos: number;
  currency: string;
  /**
   * When the payment was settled as paid; null for one refunded before it was ever settled (a flagged payment a
   * person refunded: the gateway took the money, we never granted anything).
   */
  paidAt: string | null;
  /** 'refunded': the money went back to the buyer through the gateway (at `refundedAt`). */
  status: 'paid' | 'refunded';
  refundedAt: string | null;
  /** 'pending' while a refund of this payment is under way (e.g. a second payment for what the buyer already had). */
  refundStatus: 'pending' | 'succeeded' | 'failed' | null;
  /** VIP receipts: the end of the access this payment bought (null for lifetime; absent for other kinds). */
  vipValidUntil?: string | null;
  vipLifetime?: boolean;
  /** The gateway adapter that took the payment (e.g. 'sandbox'). */
  gateway: string;
};

export type Pagination = { currentPage: number; pageSize: number; totalItems: number; totalPages: number };

