import { z } from 'zod';
import { BILLING_MODE_DEFAULT } from '@/lib/constants';
import { userInfoSchema } from './payments';

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
