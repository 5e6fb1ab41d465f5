import { BILLING_MODE_DEFAULT } from '@/lib/constants';
import { api } from './client';
import type { PremiumAccess, PremiumInfo, PremiumPendingPaymentData, PremiumPurchasesPage, PaymentSuccessAnswer, PremiumLinkBody, PremiumLinkResponse } from '@/lib/contracts/premium';
import type { Answer } from '@/lib/contracts/envelope';

const VIDEO = 'api/client/premiumVideo';
const PAYMENT = 'api/client/premiumPayment';
const seg = encodeURIComponent;

export async function generatePremiumPaymentLink(body: PremiumLinkBody) {
  const res = await api.post<PremiumLinkResponse>(`${VIDEO}/generate-payment-link`, { billingMode: BILLING_MODE_DEFAULT, ...body });
  return res.data;
}

export async function generatePremiumQrPaymentLink(body: PremiumLinkBody) {
  const res = await api.post<PremiumLinkResponse>(`${VIDEO}/generate-qr-payment-link`, { billingMode: BILLING_MODE_DEFAULT, ...body });
  return res.data;
}

export async function fetchPremiumInfo(videoId: string) {
  const res = await api.get<Answer & { data: PremiumInfo } & Partial<PremiumInfo>>(`${VIDEO}/${seg(videoId)}/info`);
  return res.data;
}

export async function fetchPremiumAccess(videoId: string) {
  const res = await api.get<Answer & { data: PremiumAccess & { videoId: string } } & Partial<PremiumAccess>>(`${VIDEO}/${seg(videoId)}/access`);
  return res.data;
}

export async function fetchMyPremiumPurchases({ page = 1, size = 10 }: { page?: number; size?: number } = {}) {
  const res = await api.get<Answer & PremiumPurchasesPage>(`${VIDEO}/my-purchases`, { params: { page, size } });
  return res.data;
}

export async function checkPremiumAccess({ userId, videoId }: { userId: string; videoId: string }) {
  const res = await api.get<Answer & { data: PremiumAccess & { videoId: string } } & Partial<PremiumAccess>>(`${PAYMENT}/check-access`, { params: { userId, videoId } });
  return res.data;
}

export async function fetchPremiumPurchases({ userId, page = 1, limit = 20 }: { userId: string; page?: number; limit?: number }) {
  const res = await api.get<Answer & PremiumPurchasesPage>(`${PAYMENT}/purchases/${seg(userId)}`, { params: { page, limit } });
  return res.data;
}

export async function premiumPaymentSuccess(body: { userId: string; videoId: string; requestId?: string; transactionId?: string }) {
  const res = await api.post<Answer & { data: PaymentSuccessAnswer } & Partial<PaymentSuccessAnswer>>(`${PAYMENT}/payment-success`, body);
  return res.data;
}

/** The payment URL of a link answer, at the top or under `data`. */
export function premiumPaymentUrlOf(answer: PremiumLinkResponse | null | undefined): string | null {
  const url = answer?.paymentUrl ?? answer?.paymentLink ?? answer?.data?.paymentUrl ?? answer?.data?.paymentLink;
  return typeof url === 'string' && url ? url : null;
}

export function premiumPendingOf(answer: PremiumLinkResponse | null | undefined): PremiumPendingPaymentData | null {
  const pending = answer?.pendingPaymentData ?? answer?.data?.pendingPaymentData;
  return pending && typeof pending.requestId === 'string' ? pending : null;
}
