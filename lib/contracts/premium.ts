import { z } from 'zod';
import { BILLING_MODE_DEFAULT } from '@/lib/constants';
import { userInfoSchema } from './payments';
import type { PaymentType } from '@/lib/constants';
import type { Pagination } from '@/lib/contracts/receipts';
import type { PaymentUserInfo } from '@/lib/contracts/subscription';
import type { Answer } from './envelope';

/**
 * Inputs of the premium-video calls (spec §7 'Premium video'). Ids are our 24-hex ids; anything else is a 422, never a
 * database lookup. Paging (spec §9): premiumVideo pages by `size` (default 10), premiumPayment by `limit` (default 20).
 */

const videoId = z.string().regex(/^[0-9a-f]{24}$/, 'unknown video id');
const userId = z.string().max(64).optional();
const requestId = z.string().trim().min(1).max(64);
const page = z.coerce.number().int('page must be a whole number').min(1, 'page starts at 1').max(10_000).default(1);
const pageSize = (fallback: number) => z.coerce.number().int('the page size must be a whole number').min(1).max(100).default(fallback);

export const PREMIUM_VIDEO_PAGE_SIZE = 10;
export const PREMIUM_PAYMENT_PAGE_SIZE = 20;

/** Body of POST api/client/premiumVideo/generate-payment-link and generate-qr-payment-link. */
export const premiumPaymentLinkSchema = z.object({
  videoId,
  userId,
  /** One of the 23 method codes of spec §9, checked by the domain (a 422 naming it). */
  paymentMethod: z.string().trim().min(1).max(40),
  userInfo: userInfoSchema,
  billingMode: z.literal(BILLING_MODE_DEFAULT).default(BILLING_MODE_DEFAULT),
});
export type PremiumPaymentLinkBody = z.infer<typeof premiumPaymentLinkSchema>;

export const videoParamsSchema = z.object({ videoId });
export const userParamsSchema = z.object({ userId: z.string().min(1).max(64) });

export const myPurchasesQuerySchema = z.object({ userId, page, size: pageSize(PREMIUM_VIDEO_PAGE_SIZE) });
export const purchasesQuerySchema = z.object({ userId, page, limit: pageSize(PREMIUM_PAYMENT_PAGE_SIZE) });
export const checkAccessQuerySchema = z.object({ userId, videoId });

/**
 * Body of POST api/client/premiumPayment/payment-success: which payment (our request id, or the transaction id the
 * checkout answered) and the video it was for. It confirms a paid payment; it never grants anything itself.
 */
export const paymentSuccessSchema = z
  .object({ userId, videoId, requestId: requestId.optional(), transactionId: requestId.optional() })
  .refine((b) => b.requestId !== undefined || b.transactionId !== undefined, { message: 'requestId or transactionId is required' });
export type PaymentSuccessBody = z.infer<typeof paymentSuccessSchema>;

// ---- answers and bodies of the premium calls (lib/api/premium.ts) ----


/**
 * The premium-video calls of spec §7 ('Premium video'): single titles or episodes sold for pesos. The answer shapes
 * are declared here once; the server (lib/server/premium) imports them. The server takes the user from the token; a
 * `userId` sent along must be that user's own id.
 */


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

export type PremiumLinkResponse = Answer & Partial<PremiumLinkAnswer> & { data?: Partial<PremiumLinkAnswer> };
