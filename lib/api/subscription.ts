import { BILLING_MODE_DEFAULT } from '@/lib/constants';
import { publicEnv } from '@/lib/public-env';
import { api } from './client';
import type { VipPlan, PendingPaymentData, GeneratePaymentLinkBody, PaymentLinkAnswer, PaymentCheck, UserSubscriptionStatus, SubscribeAnswer } from '@/lib/contracts/subscription';
import type { Answer } from '@/lib/contracts/envelope';

/**
 * The VIP subscription calls of spec §7 ('Subscription', second client), one function per call, plus
 * `PATCH api/client/user/subscribe`. `{gateway}` is the payment adapter's name; the embedded default is `sandbox`.
 * The server takes the user from the token; a `userId` sent along must be that user's own id.
 */

/** The gateway adapter the site pays through (docs/architecture.md 'Money'); a real one plugs in under its own name. */
export const PAYMENT_GATEWAY = publicEnv.NEXT_PUBLIC_PAYMENT_GATEWAY;

const base = `api/${PAYMENT_GATEWAY}/subscription`;

export async function fetchAvailablePlans() {
  const res = await api.get<Answer & { data: VipPlan[] }>(`api/payment/${PAYMENT_GATEWAY}/subscription/available-plans`);
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
  const res = await api.post<Answer & { data: PaymentCheck }>(`${base}/process-payment`, body);
  return res.data;
}

export async function fetchUserSubscriptionStatus(userId: string) {
  const res = await api.get<Answer & { data: UserSubscriptionStatus }>(`${base}/user-status/${encodeURIComponent(userId)}`);
  return res.data;
}

export async function checkPayment({ requestId, userId }: { requestId: string; userId: string }, signal?: AbortSignal) {
  const res = await api.get<Answer & { data: PaymentCheck }>(`${base}/check-payment`, { params: { requestId, userId }, signal });
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

/**
 * PATCH api/client/user/subscribe: confirms this user's paid, not yet applied VIP payment (the server grants nothing on
 * the client's word).
 */
export async function subscribeUser(body: { userId: string; requestId?: string }) {
  const res = await api.patch<SubscribeAnswer>('api/client/user/subscribe', body);
  return res.data;
}
