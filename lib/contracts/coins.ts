import { z } from 'zod';
import { AUTO_UNLOCK_CAP_KINDS, AUTO_UNLOCK_CAP_MAX, BILLING_MODE_DEFAULT, COIN_HISTORY_PAGE_SIZE } from '@/lib/constants';
import { isId } from '@/lib/ids';
import { userInfoSchema } from './payments';
import type { AutoUnlockCapKind } from '@/lib/constants';

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

// ---- answers and bodies of the coins calls (lib/api/coins.ts) ----



/** A coin plan (spec §3): coins plus bonus coins for a price in pesos; display order. */
export type CoinPlan = {
  _id: string;
  coins: number;
  bonusCoins: number;
  /** coins + bonusCoins: what the buyer's balance grows by. */
  totalCoins: number;
  /** Pesos, e.g. 49 for ₱49.00. */
  price: number;
  priceCentavos: number;
  currency: 'PHP';
  /** Centavos one coin costs in this plan (priceCentavos / totalCoins, two decimals): the 'peso value per coin'. */
  centavosPerCoin: number;
};

/** One paid coin-plan purchase (newest first in the history). */
export type CoinPlanHistoryEntry = {
  /** The payment's id (its receipt's id too). */
  _id: string;
  requestId: string | null;
  coinPlanId: string;
  coins: number;
  bonusCoins: number;
  totalCoins: number;
  /** Pesos paid, and the same in centavos. */
  price: number;
  priceCentavos: number;
  paymentMethod: string | null;
  paymentGateway: string;
  paidAt: string;
  /** When recordCoinPlanHistory confirmed it (null until then; the coins were credited at paidAt regardless). */
  recordedAt: string | null;
};

export type RecordCoinPlanAnswer = { recorded: CoinPlanHistoryEntry; coins: number; alreadyRecorded?: boolean };

export type UnlockOutcome = 'unlocked' | 'already' | 'free' | 'vip' | 'purchased';

/** deductCoinForVideoView's data: the episode is watchable now; `charged` coins were taken (0 unless 'unlocked'). */
export type UnlockResult = {
  videoId: string;
  isLocked: false;
  charged: number;
  /** The balance after. */
  coins: number;
  outcome: UnlockOutcome;
  message: string;
};

/** The `data` of a 402 E_INSUFFICIENT_COINS answer. */
export type InsufficientCoins = { balance: number; price: number; shortfall: number };

export type UnlockAllResult = { movieSeriesId: string; unlockedVideoIds: string[]; charged: number; coins: number };

/** What finishing a series costs this viewer (guests: every coin-sold premium episode is locked, balance null). */
export type SeriesPricing = {
  movieSeriesId: string;
  /** Coins one locked episode costs this viewer (never more than they already paid for an episode of this series). */
  episodePrice: number;
  episodePriceCentavos: number;
  lockedCount: number;
  lockedCoins: number;
  lockedCentavos: number;
  /** lockedCoins less discountPercent, rounded down: what 'Unlock all remaining' charges. */
  unlockAllCoins: number;
  unlockAllCentavos: number;
  /**
   * Whether 'Unlock all remaining' is offered: two or more locked coin episodes and a bundle price below their sum. The
   * UI shows the bundle only when this is true (a video sold as a premium video is never among the coin episodes).
   */
  bundleOffered: boolean;
  discountPercent: number;
  balance: number | null;
};

export type UnlockHistoryEntry = {
  _id: string;
  videoId: string;
  episodeNumber: number;
  title: string | null;
  movieSeries: { _id: string; name: string; slug: string };
  coinsSpent: number;
  auto: boolean;
  createdAt: string;
};

export type LedgerReason = 'coin_plan_purchase' | 'episode_unlock' | 'episode_auto_unlock' | 'series_unlock' | 'refund' | 'bonus' | 'adjustment' | (string & {});

export type LedgerEntry = {
  _id: string;
  /** Positive for credits (top-ups, refunds), negative for spending. */
  delta: number;
  reason: LedgerReason;
  /** 'Top-up', 'Episode unlock', 'Auto-unlock', 'Series unlock', 'Refund', 'Bonus', 'Adjustment'. */
  label: string;
  reference: string | null;
  balanceAfter: number;
  /** Peso value of the movement in centavos: what was paid for a top-up, |delta| at the reference rate otherwise. */
  centavos: number;
  createdAt: string;
  /** The episode page (unlocks), the series page (series unlocks), the receipt on the wallet page (top-ups), or null. */
  href: string | null;
};

export type AutoUnlockSettings = {
  enabled: boolean;
  capKind: AutoUnlockCapKind;
  capValue: number;
  /** Automatic unlocks so far today (Asia/Manila calendar day). */
  usedToday: { episodes: number; coins: number };
};
