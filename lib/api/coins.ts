import type { AutoUnlockCapKind } from '@/lib/constants';
import { PAYMENT_GATEWAY, type PaymentLinkAnswer, type PaymentUserInfo } from './subscription';
import type { Pagination } from './receipts';
import { api } from './client';
import { isApiError } from './errors';

/**
 * The coin calls of spec §7 ('Coins', deductCoinForVideoView, getEpisodeUnlockHistory) and our own coin endpoints
 * (series pricing, ledger, auto-unlock), one function per call, with the answers' shapes. The server takes the user
 * from the token; a `userId` sent along must be that user's own id (403 otherwise). The server imports these types.
 */

export type { Pagination };

type Envelope = { status: boolean; message?: string };

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

export type CoinPaymentBody = {
  coinPlanId: string;
  paymentMethod: string;
  userInfo: PaymentUserInfo;
  userId?: string;
  billingMode?: string;
  /** true: a QR checkout (QR_ request id, qrData). */
  qr?: boolean;
};

/** 'sandbox' → 'processSandboxPayment' (the provider's name in the path, spec §7). */
export const coinPaymentSegment = (gateway: string) => `process${gateway.charAt(0).toUpperCase()}${gateway.slice(1).toLowerCase()}Payment`;

export async function fetchCoinPlans() {
  const res = await api.get<Envelope & { data: CoinPlan[] }>('api/client/coinplan/fetchCoinplanByUser');
  return res.data;
}

/** Opens a checkout for a coin plan (kind `coins`); the answer is VIP generate-payment-link's. */
export async function processCoinPayment(body: CoinPaymentBody, gateway: string = PAYMENT_GATEWAY) {
  const res = await api.post<PaymentLinkAnswer>(`api/client/coinPlan/${coinPaymentSegment(gateway)}`, body);
  return res.data;
}

/** Confirms the user's paid coin purchase (the coins were credited when it was paid); 409 when none is paid. */
export async function recordCoinPlanHistory(
  { userId, coinPlanId, paymentGateway = PAYMENT_GATEWAY, requestId }: { userId: string; coinPlanId: string; paymentGateway?: string; requestId?: string },
) {
  const res = await api.post<Envelope & { data: RecordCoinPlanAnswer }>('api/client/coinplan/recordCoinPlanHistory', requestId ? { requestId } : {}, {
    params: { userId, coinPlanId, paymentGateway },
  });
  return res.data;
}

export async function fetchCoinPlanHistory({ userId, page = 1, limit = 20 }: { userId: string; page?: number; limit?: number }) {
  const res = await api.get<Envelope & { data: CoinPlanHistoryEntry[]; pagination: Pagination }>('api/client/history/fetchCoinplanHistoryOfUser', {
    params: { userId, page, limit },
  });
  return res.data;
}

/** Unlocks one episode with coins (idempotent: an unlocked, free or VIP episode answers success with charged 0). */
export async function deductCoinForVideoView({ userId, shortVideoId, auto }: { userId: string; shortVideoId: string; auto?: boolean }) {
  const res = await api.patch<Envelope & { data: UnlockResult }>('api/client/shortVideo/deductCoinForVideoView', auto ? { auto: true } : {}, {
    params: { userId, shortVideoId },
  });
  return res.data;
}

export async function unlockAllRemaining({ userId, movieSeriesId }: { userId: string; movieSeriesId: string }) {
  const res = await api.post<Envelope & { data: UnlockAllResult }>('api/client/shortVideo/unlockAllRemaining', {}, { params: { userId, movieSeriesId } });
  return res.data;
}

export async function fetchSeriesPricing(movieSeriesId: string) {
  const res = await api.get<Envelope & { data: SeriesPricing }>('api/client/coins/series-pricing', { params: { movieSeriesId } });
  return res.data;
}

export async function fetchEpisodeUnlockHistory({ userId, page = 1, limit = 20 }: { userId: string; page?: number; limit?: number }) {
  const res = await api.get<Envelope & { data: UnlockHistoryEntry[]; pagination: Pagination }>('api/client/history/getEpisodeUnlockHistory', {
    params: { userId, page, limit },
  });
  return res.data;
}

export async function fetchLedger({ page = 1, limit = 20 }: { page?: number; limit?: number } = {}) {
  const res = await api.get<Envelope & { data: LedgerEntry[]; pagination: Pagination; balance: number }>('api/client/coins/ledger', { params: { page, limit } });
  return res.data;
}

export async function fetchAutoUnlock() {
  const res = await api.get<Envelope & { data: AutoUnlockSettings }>('api/client/coins/auto-unlock');
  return res.data;
}

export async function saveAutoUnlock(body: { enabled: boolean; capKind: AutoUnlockCapKind; capValue: number }) {
  const res = await api.patch<Envelope & { data: AutoUnlockSettings }>('api/client/coins/auto-unlock', body);
  return res.data;
}

/** The balance and price of a 402 'Not enough coins' answer, or null for any other error. */
export function insufficientCoinsOf(error: unknown): InsufficientCoins | null {
  if (!isApiError(error) || error.response?.status !== 402) return null;
  const body = error.response.data as { code?: unknown; data?: Partial<InsufficientCoins> } | undefined;
  const d = body?.data;
  if (body?.code !== 'E_INSUFFICIENT_COINS' || !d || typeof d.balance !== 'number' || typeof d.price !== 'number') return null;
  return { balance: d.balance, price: d.price, shortfall: typeof d.shortfall === 'number' ? d.shortfall : Math.max(0, d.price - d.balance) };
}

/** Error codes of the coin endpoints the UI tells apart. */
export const COIN_ERROR_CODES = {
  insufficient: 'E_INSUFFICIENT_COINS',
  autoOff: 'E_AUTO_UNLOCK_OFF',
  autoCap: 'E_AUTO_UNLOCK_CAP',
} as const;
