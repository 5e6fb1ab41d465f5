import { BILLING_MODE_DEFAULT, type PaymentType } from '@/lib/constants';
import type { Pagination } from './receipts';
import type { PaymentUserInfo } from './subscription';
import { api } from './client';

/**
 * The premium-video calls of spec §7 ('Premium video'): single titles or episodes sold for pesos. The answer shapes
 * are declared here once; the server (lib/server/premium) imports them. The server takes the user from the token; a
 * `userId` sent along must be that user's own id.
 */

type Envelope = { status: boolean; message?: string };

export type { Pagination };

/** Spec §3 'Premium video info' → premiumVideo. `price` in pesos, `priceCentavos` the same in integer centavos. */
export type PremiumVideo = {
  /** The price entry's id. */
  _id: string;
  videoId: string;
  title: string;
  movieSeries: { _id: string; name: string; slug: string };
  episodeNumber: number;
  price: number;
  priceCentavos: number;
  currency: 'PHP';
};

/** How the viewer came to have access: their purchase, VIP, a coin unlock, or the video is free. */
export type PremiumAccessDetails = {
  via: 'purchase' | 'vip' | 'coins' | 'free';
  /** When the purchase (or coin unlock) was made; null for VIP and free. */
  purchasedAt: string | null;
  /** The payment of the purchase; null otherwise. */
  paymentId: string | null;
};

export type PremiumAccess = { hasAccess: boolean; accessDetails: PremiumAccessDetails | null };

/** GET premiumVideo/{videoId}/info → data. `userAccess` and `accessDetails` are the same (spec §3 names both). */
export type PremiumInfo = { premiumVideo: PremiumVideo; hasAccess: boolean; userAccess: PremiumAccessDetails | null; accessDetails: PremiumAccessDetails | null };

/** Spec §3 'Pending payment data', premium variant: videoId, mchOrderId, requestId, userId and a transaction id. */
export type PremiumPendingPaymentData = {
  kind: 'premium_video';
  videoId: string;
  movieSeriesId: string;
  /** What is bought, as the gateway's page shows it. */
  title: string;
  mchOrderId: string;
  requestId: string;
  userId: string;
  /** Our payment's id (also `paymentId`); payment-success accepts it in place of the request id. */
  transactionId: string;
  paymentId: string;
  amount: number;
  amountCentavos: number;
  currency: 'PHP';
  paymentMethod: string;
  paymentType: PaymentType;
  billingMode: string;
  gateway: string;
  paymentLink: string;
  expiresAt: string | null;
  timestamp: number;
};

/** generate-payment-link / generate-qr-payment-link: at the top level and again under `data`. */
export type PremiumLinkAnswer = {
  paymentUrl: string;
  /** The same URL under the VIP answer's name. */
  paymentLink: string;
  pendingPaymentData: PremiumPendingPaymentData;
  transactionId: string;
  requestId: string;
  /** QR checkouts: what the QR code encodes. */
  qrData?: string;
};

export type PremiumPurchase = {
  _id: string;
  videoId: string;
  title: string;
  episodeNumber: number;
  movieSeries: { _id: string; name: string; slug: string };
  price: number;
  priceCentavos: number;
  currency: 'PHP';
  paymentId: string | null;
  requestId: string | null;
  paymentMethod: string | null;
  purchasedAt: string;
};

export type PremiumPurchasesPage = { data: PremiumPurchase[]; pagination: Pagination };

/** POST premiumPayment/payment-success → data. */
export type PaymentSuccessAnswer = {
  videoId: string;
  requestId: string;
  transactionId: string;
  hasAccess: true;
  accessDetails: PremiumAccessDetails | null;
  /** True when this payment had been confirmed before (the call is safe to repeat). */
  alreadyConfirmed: boolean;
  paidAt: string | null;
  amount: number;
  amountCentavos: number;
};

export type PremiumLinkBody = { videoId: string; userId: string; paymentMethod: string; userInfo: PaymentUserInfo; billingMode?: string };

const VIDEO = 'api/client/premiumVideo';
const PAYMENT = 'api/client/premiumPayment';
const seg = encodeURIComponent;

export type PremiumLinkResponse = Envelope & Partial<PremiumLinkAnswer> & { data?: Partial<PremiumLinkAnswer> };

export async function generatePremiumPaymentLink(body: PremiumLinkBody) {
  const res = await api.post<PremiumLinkResponse>(`${VIDEO}/generate-payment-link`, { billingMode: BILLING_MODE_DEFAULT, ...body });
  return res.data;
}

export async function generatePremiumQrPaymentLink(body: PremiumLinkBody) {
  const res = await api.post<PremiumLinkResponse>(`${VIDEO}/generate-qr-payment-link`, { billingMode: BILLING_MODE_DEFAULT, ...body });
  return res.data;
}

export async function fetchPremiumInfo(videoId: string) {
  const res = await api.get<Envelope & { data: PremiumInfo } & Partial<PremiumInfo>>(`${VIDEO}/${seg(videoId)}/info`);
  return res.data;
}

export async function fetchPremiumAccess(videoId: string) {
  const res = await api.get<Envelope & { data: PremiumAccess & { videoId: string } } & Partial<PremiumAccess>>(`${VIDEO}/${seg(videoId)}/access`);
  return res.data;
}

export async function fetchMyPremiumPurchases({ page = 1, size = 10 }: { page?: number; size?: number } = {}) {
  const res = await api.get<Envelope & PremiumPurchasesPage>(`${VIDEO}/my-purchases`, { params: { page, size } });
  return res.data;
}

export async function checkPremiumAccess({ userId, videoId }: { userId: string; videoId: string }) {
  const res = await api.get<Envelope & { data: PremiumAccess & { videoId: string } } & Partial<PremiumAccess>>(`${PAYMENT}/check-access`, { params: { userId, videoId } });
  return res.data;
}

export async function fetchPremiumPurchases({ userId, page = 1, limit = 20 }: { userId: string; page?: number; limit?: number }) {
  const res = await api.get<Envelope & PremiumPurchasesPage>(`${PAYMENT}/purchases/${seg(userId)}`, { params: { page, limit } });
  return res.data;
}

export async function premiumPaymentSuccess(body: { userId: string; videoId: string; requestId?: string; transactionId?: string }) {
  const res = await api.post<Envelope & { data: PaymentSuccessAnswer } & Partial<PaymentSuccessAnswer>>(`${PAYMENT}/payment-success`, body);
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
