import type { AutoUnlockCapKind } from '@/lib/constants';
import { PAYMENT_GATEWAY } from './subscription';
import type { PaymentLinkAnswer, PaymentUserInfo } from '@/lib/contracts/subscription';
import type { Pagination } from '@/lib/contracts/receipts';
import { api } from './client';
import { isApiError } from './errors';
import type { CoinPlan, CoinPlanHistoryEntry, RecordCoinPlanAnswer, UnlockResult, InsufficientCoins, UnlockAllResult, SeriesPricing, UnlockHistoryEntry, LedgerEntry, AutoUnlockSettings } from '@/lib/contracts/coins';
import type { Answer } from '@/lib/contracts/envelope';

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
  const res = await api.get<Answer & { data: CoinPlan[] }>('api/client/coinplan/fetchCoinplanByUser');
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
  const res = await api.post<Answer & { data: RecordCoinPlanAnswer }>('api/client/coinplan/recordCoinPlanHistory', requestId ? { requestId } : {}, {
    params: { userId, coinPlanId, paymentGateway },
  });
  return res.data;
}

export async function fetchCoinPlanHistory({ userId, page = 1, limit = 20 }: { userId: string; page?: number; limit?: number }) {
  const res = await api.get<Answer & { data: CoinPlanHistoryEntry[]; pagination: Pagination }>('api/client/history/fetchCoinplanHistoryOfUser', {
    params: { userId, page, limit },
  });
  return res.data;
}

/** Unlocks one episode with coins (idempotent: an unlocked, free or VIP episode answers success with charged 0). */
export async function deductCoinForVideoView({ userId, shortVideoId, auto }: { userId: string; shortVideoId: string; auto?: boolean }) {
  const res = await api.patch<Answer & { data: UnlockResult }>('api/client/shortVideo/deductCoinForVideoView', auto ? { auto: true } : {}, {
    params: { userId, shortVideoId },
  });
  return res.data;
}

export async function unlockAllRemaining({ userId, movieSeriesId }: { userId: string; movieSeriesId: string }) {
  const res = await api.post<Answer & { data: UnlockAllResult }>('api/client/shortVideo/unlockAllRemaining', {}, { params: { userId, movieSeriesId } });
  return res.data;
}

export async function fetchSeriesPricing(movieSeriesId: string) {
  const res = await api.get<Answer & { data: SeriesPricing }>('api/client/coins/series-pricing', { params: { movieSeriesId } });
  return res.data;
}

export async function fetchEpisodeUnlockHistory({ userId, page = 1, limit = 20 }: { userId: string; page?: number; limit?: number }) {
  const res = await api.get<Answer & { data: UnlockHistoryEntry[]; pagination: Pagination }>('api/client/history/getEpisodeUnlockHistory', {
    params: { userId, page, limit },
  });
  return res.data;
}

export async function fetchLedger({ page = 1, limit = 20 }: { page?: number; limit?: number } = {}) {
  const res = await api.get<Answer & { data: LedgerEntry[]; pagination: Pagination; balance: number }>('api/client/coins/ledger', { params: { page, limit } });
  return res.data;
}

export async function fetchAutoUnlock() {
  const res = await api.get<Answer & { data: AutoUnlockSettings }>('api/client/coins/auto-unlock');
  return res.data;
}

export async function saveAutoUnlock(body: { enabled: boolean; capKind: AutoUnlockCapKind; capValue: number }) {
  const res = await api.patch<Answer & { data: AutoUnlockSettings }>('api/client/coins/auto-unlock', body);
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
