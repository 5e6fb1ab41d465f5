import type { Answer } from './envelope';
/** Wire types of the subscription calls: what lib/api/subscription.ts sends and receives and lib/server produces. */
/** A VIP plan (spec §3): `price` in pesos, `validity` in days or 'lifetime'. */
export type VipPlan = {
  _id: string;
  subscriptionType: string;
  price: number;
  priceCentavos?: number;
  validity: number | 'lifetime' | null;
  currency?: string;
};

/** The payment-info form (spec §3): only fname, lname and email are required (spec §5). */
export type PaymentUserInfo = {
  fname: string;
  lname: string;
  email: string;
  phone: string;
  mobile: string;
  dob: string;
};

/** What the server hands back to keep locally until the payment is settled (spec §3 'Pending payment data'). */
export type PendingPaymentData = {
  requestId: string;
  vipPlanId?: string;
  userId?: string;
  paymentMethod?: string;
  amount?: number;
  billingMode?: string;
  [key: string]: unknown;
};


export type GeneratePaymentLinkBody = {
  vipPlanId: string;
  userId: string;
  paymentMethod: string;
  userInfo: PaymentUserInfo;
  billingMode?: string;
};

/** The link may come as `paymentLink` or `payment_action_info`, at the top or under `data` (spec §7). */
export type PaymentLinkAnswer = Answer & {
  paymentLink?: string;
  payment_action_info?: string | { url?: string; [key: string]: unknown };
  pendingPaymentData?: PendingPaymentData;
  qrData?: string;
  data?: {
    paymentLink?: string;
    payment_action_info?: string | { url?: string; [key: string]: unknown };
    pendingPaymentData?: PendingPaymentData;
    requestId?: string;
    qrData?: string;
  };
};

export type PaymentState = 'pending' | 'paid' | 'failed' | 'expired' | 'cancelled' | 'refunded';

/** check-payment's (and process-payment's) `data`: where one payment attempt stands. */
export type PaymentCheck = {
  requestId: string;
  status: PaymentState;
  isPaid?: boolean;
  amount?: number;
  paymentMethod?: string | null;
  vipPlanId?: string | null;
  /** What the payment buys (VIP, coins or a premium video); older answers without it are VIP. */
  kind?: 'vip' | 'coins' | 'premium_video';
  coinPlanId?: string | null;
  videoId?: string | null;
  /** A bought premium video's episode page. */
  watchHref?: string | null;
  failureReason?: string | null;
  paidAt?: string | null;
  /** Whether `PATCH user/subscribe` has confirmed this paid payment (the grant itself came with the payment). */
  applied?: boolean;
  /** A refund of this payment (it bought nothing: the buyer already had the item), pending or done, and why. */
  refund?: { status: 'pending' | 'succeeded' | 'failed'; reason: string | null; refundedAt: string | null } | null;
  /** Paid, but waiting for a person (nothing was granted yet). */
  flagged?: boolean;
  /** The user as it stands after this payment (isVip, vipExpiresAt, vipLifetime). */
  user?: { _id: string; isVip: boolean; vipExpiresAt?: string | null; vipLifetime?: boolean; coins?: number; [key: string]: unknown };
};

export type UserSubscriptionStatus = {
  isVip: boolean;
  vipExpiresAt?: string | null;
  vipLifetime?: boolean;
  /** 'active', 'expired' (had VIP) or 'none'. */
  userSubscriptionStatus?: 'active' | 'expired' | 'none';
  /** The latest subscription bought, with its plan. */
  subscription?: { _id: string; plan: VipPlan; startsAt: string; expiresAt: string | null } | null;
  [key: string]: unknown;
};

export type SubscribeAnswer = Answer & {
  data?: { user?: PaymentCheck['user']; payment?: PaymentCheck };
  user?: PaymentCheck['user'];
};
