import { BILLING_MODE_DEFAULT, type PaymentType } from '@/lib/constants';
import { publicEnv } from '@/lib/public-env';
import { api } from './client';

/**
 * The VIP subscription calls of spec §7 ('Subscription', second client), one function per call, plus
 * `PATCH api/client/user/subscribe`. `{gateway}` is the payment adapter's name; the embedded default is `sandbox`.
 * The server takes the user from the token; a `userId` sent along must be that user's own id.
 */

/** The gateway adapter the site pays through (docs/architecture.md 'Money'); a real one plugs in under its own name. */
export const PAYMENT_GATEWAY = publicEnv.NEXT_PUBLIC_PAYMENT_GATEWAY;

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

export type { PaymentType };

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

type Envelope = { status: boolean; message?: string };

export type GeneratePaymentLinkBody = {
  vipPlanId: string;
  userId: string;
  paymentMethod: string;
  userInfo: PaymentUserInfo;
  billingMode?: string;
};

/** The link may come as `paymentLink` or `payment_action_info`, at the top or under `data` (spec §7). */
export type PaymentLinkAnswer = Envelope & {
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

const base = `api/${PAYMENT_GATEWAY}/subscription`;

export async function fetchAvailablePlans() {
  const res = await api.get<Envelope & { data: VipPlan[] }>(`api/payment/${PAYMENT_GATEWAY}/subscription/available-plans`);
  return res.data;
}

export async function generatePaymentLink(body: GeneratePaymentLinkBody) {
  const res = await api.post<PaymentLinkAnswer>(`${base}/generate-payment-link`, { billingMode: BILLING_MODE_DEFAULT, ...body });
  return res.data;
}

export async function generateQrPaymentLink(body: GeneratePaymentLinkBody) {
  const res = await api.post<PaymentLinkAnswer>(`${base}/generate-qr-payment-link`, { billingMode: BILLING_MODE_DEFAULT, ...body });
  return res.data;
}

/** "Back from the gateway": the server asks the gateway about a still-pending payment; the answer is check-payment's. */
export async function processPayment(body: { linkId: string; userId: string; vipPlanId?: string }) {
  const res = await api.post<Envelope & { data: PaymentCheck }>(`${base}/process-payment`, body);
  return res.data;
}

export async function fetchUserSubscriptionStatus(userId: string) {
  const res = await api.get<Envelope & { data: UserSubscriptionStatus }>(`${base}/user-status/${encodeURIComponent(userId)}`);
  return res.data;
}

export async function checkPayment({ requestId, userId }: { requestId: string; userId: string }, signal?: AbortSignal) {
  const res = await api.get<Envelope & { data: PaymentCheck }>(`${base}/check-payment`, { params: { requestId, userId }, signal });
  return res.data;
}

/** The link of an answer, wherever the gateway put it (spec §7). */
export function paymentLinkOf(answer: PaymentLinkAnswer | null | undefined): string | null {
  if (!answer) return null;
  const info = (v: PaymentLinkAnswer['payment_action_info']) => (typeof v === 'string' ? v : v?.url);
  const link = answer.paymentLink ?? info(answer.payment_action_info) ?? answer.data?.paymentLink ?? info(answer.data?.payment_action_info);
  return typeof link === 'string' && link ? link : null;
}

export function pendingPaymentOf(answer: PaymentLinkAnswer | null | undefined): PendingPaymentData | null {
  const pending = answer?.pendingPaymentData ?? answer?.data?.pendingPaymentData;
  return pending && typeof pending.requestId === 'string' ? pending : null;
}

export type SubscribeAnswer = Envelope & {
  data?: { user?: PaymentCheck['user']; payment?: PaymentCheck };
  user?: PaymentCheck['user'];
};

/**
 * PATCH api/client/user/subscribe: confirms this user's paid, not yet applied VIP payment (the server grants nothing on
 * the client's word).
 */
export async function subscribeUser(body: { userId: string; requestId?: string }) {
  const res = await api.patch<SubscribeAnswer>('api/client/user/subscribe', body);
  return res.data;
}
