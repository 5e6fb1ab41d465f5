import { z } from 'zod';
import { AUTO_UNLOCK_CAP_KINDS, AUTO_UNLOCK_CAP_MAX, BILLING_MODE_DEFAULT, COIN_HISTORY_PAGE_SIZE } from '@/lib/constants';
import { isId } from '@/lib/ids';
import { userInfoSchema } from './payments';

/** A 24-hex id (lib/ids.ts): anything else is refused before any query (422). */
const id = z.string().trim().refine(isId, 'must be a 24-hex id');
/** Checked against the token's user by the route wrapper. */
const userId = z.string().max(64).optional();

export const pageSchema = z.object({
  userId,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(COIN_HISTORY_PAGE_SIZE),
});

/** POST api/client/coinPlan/process{Provider}Payment: the path segment names the gateway ('processSandboxPayment'). */
export const coinPaymentParamsSchema = z.object({ processPayment: z.string().max(200) });

/** The gateway name in `processSandboxPayment` → 'sandbox'; null when the segment is not of that form (a 404). */
export const gatewayOfSegment = (segment: string): string | null => /^process([A-Z][a-z]+)Payment$/.exec(segment)?.[1].toLowerCase() ?? null;

export const coinPaymentSchema = z.object({
  coinPlanId: id,
  userId,
  /** One of the 23 method codes of spec §9, checked against the list by the domain (a clear 422 naming it). */
  paymentMethod: z.string().trim().min(1).max(40),
  userInfo: userInfoSchema,
  billingMode: z.literal(BILLING_MODE_DEFAULT).default(BILLING_MODE_DEFAULT),
  /** A QR checkout (QR_ request id, qrData). */
  qr: z.boolean().optional(),
});
export type CoinPaymentBody = z.infer<typeof coinPaymentSchema>;

export const recordCoinPlanQuerySchema = z.object({
  userId,
  coinPlanId: id,
  paymentGateway: z.string().trim().min(1).max(40).optional(),
});
export const recordCoinPlanBodySchema = z.object({ userId, requestId: z.string().trim().min(1).max(64).optional() });

export const unlockQuerySchema = z.object({ userId, shortVideoId: id });
export const unlockBodySchema = z.object({ userId, auto: z.boolean().optional() });

export const seriesQuerySchema = z.object({ userId, movieSeriesId: id });

export const autoUnlockSchema = z
  .object({
    userId,
    enabled: z.boolean(),
    capKind: z.enum(AUTO_UNLOCK_CAP_KINDS),
    capValue: z.number().int().min(1),
  })
  .refine((b) => b.capValue <= AUTO_UNLOCK_CAP_MAX[b.capKind], { message: 'cap is too large', path: ['capValue'] });
export type AutoUnlockBody = z.infer<typeof autoUnlockSchema>;
