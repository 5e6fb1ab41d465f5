import { capitalize } from '@/lib/format';
import { api } from '@/lib/api/client';
import { PAYMENT_GATEWAY, type PaymentLinkAnswer, type PaymentUserInfo } from '@/lib/api/subscription';
import type { AutoUnlockCapKind } from '@/lib/constants';

/**
 * PROVISIONAL: the coins calls of the issue-11 contract, written here until lib/api/coins.ts (the coins server
 * helper's) lands; then this file only re-exports from it.
 */

type Envelope = { status: boolean; message?: string; code?: string };
export type Pagination = { currentPage: number; pageSize: number; totalItems: number; totalPages: number };

export type CoinPlan = {
  _id: string;
  coins: number;
  bonusCoins: number;
  totalCoins: number;
  price: number;
  priceCentavos: number;
  currency: 'PHP';
  centavosPerCoin: number;
};

export type CoinPlanHistoryEntry = {
  _id: string;
  requestId: string;
  coinPlanId: string;
  coins: number;
  bonusCoins: number;
  totalCoins: number;
  price: number;
  priceCentavos: number;
  paymentMethod: string | null;
  paymentGateway: string;
  paidAt: string;
  recordedAt: string | null;
};

export type UnlockOutcome = 'unlocked' | 'already' | 'free' | 'vip' | 'purchased';
export type UnlockResult = { videoId: string; isLocked: false; charged: number; coins: number; outcome: UnlockOutcome; message: string };
export type InsufficientCoins = { balance: number; price: number; shortfall: number };
export type UnlockAllResult = { movieSeriesId: string; unlockedVideoIds: string[]; charged: number; coins: number };

export type SeriesPricing = {
  movieSeriesId: string;
  episodePrice: number;
  episodePriceCentavos: number;
  lockedCount: number;
  lockedCoins: number;
  lockedCentavos: number;
  unlockAllCoins: number;
  unlockAllCentavos: number;
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

export type LedgerEntry = {
  _id: string;
  delta: number;
  reason: string;
  label: string;
  reference: string | null;
  balanceAfter: number;
  centavos: number;
  createdAt: string;
  href: string | null;
};

export type AutoUnlockSettings = {
  enabled: boolean;
  capKind: AutoUnlockCapKind;
  capValue: number;
  usedToday: { episodes: number; coins: number };
};
export type AutoUnlockUpdate = Pick<AutoUnlockSettings, 'enabled' | 'capKind' | 'capValue'>;

export type ProcessCoinPaymentBody = { coinPlanId: string; paymentMethod: string; userInfo: PaymentUserInfo; billingMode?: string; qr?: boolean };

type Paged<T> = Envelope & { data: T[]; pagination?: Pagination };

export async function fetchCoinPlans() {
  return (await api.get<Envelope & { data: CoinPlan[] }>('api/client/coinplan/fetchCoinplanByUser')).data;
}

/** `POST api/client/coinPlan/process{Provider}Payment`: the gateway's name capitalised (spec §7). */
export const coinPaymentPath = (gateway = PAYMENT_GATEWAY) => `api/client/coinPlan/process${capitalize(gateway)}Payment`;

export async function processCoinPayment(body: ProcessCoinPaymentBody) {
  return (await api.post<PaymentLinkAnswer>(coinPaymentPath(), body)).data;
}

export async function fetchCoinPlanHistory({ userId, page = 1, limit }: { userId: string; page?: number; limit?: number }) {
  return (await api.get<Paged<CoinPlanHistoryEntry>>('api/client/history/fetchCoinplanHistoryOfUser', { params: { userId, page, limit } })).data;
}

export async function deductCoinForVideoView({ userId, shortVideoId, auto }: { userId: string; shortVideoId: string; auto?: boolean }) {
  return (
    await api.patch<Envelope & { data: UnlockResult }>('api/client/shortVideo/deductCoinForVideoView', auto ? { auto: true } : {}, {
      params: { userId, shortVideoId },
    })
  ).data;
}

export async function unlockAllRemaining({ userId, movieSeriesId }: { userId: string; movieSeriesId: string }) {
  return (await api.post<Envelope & { data: UnlockAllResult }>('api/client/shortVideo/unlockAllRemaining', undefined, { params: { userId, movieSeriesId } })).data;
}

export async function fetchSeriesPricing(movieSeriesId: string) {
  return (await api.get<Envelope & { data: SeriesPricing }>('api/client/coins/series-pricing', { params: { movieSeriesId } })).data;
}

export async function fetchUnlockHistory({ userId, page = 1, limit }: { userId: string; page?: number; limit?: number }) {
  return (await api.get<Paged<UnlockHistoryEntry>>('api/client/history/getEpisodeUnlockHistory', { params: { userId, page, limit } })).data;
}

export async function fetchLedger({ page = 1, limit }: { page?: number; limit?: number } = {}) {
  return (await api.get<Paged<LedgerEntry> & { balance?: number }>('api/client/coins/ledger', { params: { page, limit } })).data;
}

export async function fetchAutoUnlock() {
  return (await api.get<Envelope & { data: AutoUnlockSettings }>('api/client/coins/auto-unlock')).data;
}

export async function updateAutoUnlock(body: AutoUnlockUpdate) {
  return (await api.patch<Envelope & { data: AutoUnlockSettings }>('api/client/coins/auto-unlock', body)).data;
}
