import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import type { AutoUnlockSettings, CoinPlan, CoinPlanHistoryEntry, LedgerEntry, SeriesPricing, UnlockAllResult, UnlockHistoryEntry, UnlockResult } from '@/lib/contracts/coins';
import type { Pagination } from '@/lib/contracts/receipts';
import type { PaymentUserInfo } from '@/lib/contracts/subscription';
import type { AutoUnlockCapKind } from '@/lib/constants';
import type { StoredPendingPayment } from '@/lib/checkout/pending-payment';
import { countInFlight, defineRequest, idleRequest, trackRequest, type RequestState } from '@/store/api-thunk';
import { viewerLeft, type AuthRoot } from '@/store/auth/slice';
import { rootReducer } from '@/store/store';

/**
 * The 'coin' part of the store (spec §3, §4 'Episode unlock', §7 'Coins'): coin plans and the top-up payment, the
 * wallet's ledger, coin-plan and unlock histories, each series' pricing for this viewer, the auto-unlock settings, and
 * the unlocks in flight. The balance is the signed-in user's `coins` (store/auth); coins are only ever granted or spent
 * by the server, and the store shows what it answered.
 */

export const COIN_MESSAGES = {
  unlocked: 'Successfully unlocked!',
  coinsAdded: 'Woohoo! Coins have been added!',
  /** Spec §8: a coin payment failure stores 'Payment failed'. */
  paymentFailed: 'Payment failed',
  /** Spec §8: a QR call answered 401/403. */
  authFailed: 'Authentication failed. Please log in again.',
  loginFirst: 'Please login first',
  plansFailed: 'Failed to load coin plans',
  historyFailed: 'Failed to load history',
  pricingFailed: 'Failed to load prices',
  autoUnlockFailed: 'Failed to save auto-unlock settings',
  generic: 'Something went wrong!',
} as const;

/** '5 episodes' / '100 coins'. */
export const capText = (kind: AutoUnlockCapKind, value: number) =>
  `${value} ${kind === 'episodes' ? (value === 1 ? 'episode' : 'episodes') : value === 1 ? 'coin' : 'coins'}`;

export type Paged<T> = RequestState & { items: T[]; pagination: Pagination | null };
const emptyPaged = <T>(): Paged<T> => ({ items: [], pagination: null, ...idleRequest() });

export type SeriesPricingEntry = RequestState & { data: SeriesPricing | null };

export type CoinState = {
  plans: CoinPlan[];
  plansRequest: RequestState;
  /** The top-up payment-link request ('Processing...'); failure: 'Payment failed'. */
  topUp: RequestState;
  ledger: Paged<LedgerEntry>;
  planHistory: Paged<CoinPlanHistoryEntry>;
  unlockHistory: Paged<UnlockHistoryEntry>;
  seriesPricing: Record<string, SeriesPricingEntry>;
  autoUnlock: AutoUnlockSettings | null;
  autoUnlockRequest: RequestState;
  autoUnlockSave: RequestState;
  /** Videos whose unlock is in flight (a double tap sends one call). */
  unlocking: Record<string, true>;
  /** Series whose 'Unlock all remaining' is in flight. */
  unlockingSeries: Record<string, true>;
  /** Requests of this part in flight: the 'coin' part of the overall loading flag (spec §4). */
  inFlight: number;
};

export const initialCoinState: CoinState = {
  plans: [],
  plansRequest: idleRequest(),
  topUp: idleRequest(),
  ledger: emptyPaged(),
  planHistory: emptyPaged(),
  unlockHistory: emptyPaged(),
  seriesPricing: {},
  autoUnlock: null,
  autoUnlockRequest: idleRequest(),
  autoUnlockSave: idleRequest(),
  unlocking: {},
  unlockingSeries: {},
  inFlight: 0,
};

export type CoinRoot = AuthRoot & { coin?: CoinState };

export type StartTopUpArg = {
  coinPlanId: string;
  paymentMethod: string;
  userInfo: PaymentUserInfo;
  returnTo?: string;
  qr?: boolean;
  /** The locked episode whose 'Unlock' led here: back on it, the unlock is one tap away (store/coins/unlock-intent.ts). */
  unlockVideoId?: string;
};

export type UnlockArg = {
  videoId: string;
  /** The series, so its price summary is read again after the charge. */
  movieSeriesId?: string;
  episodeNumber?: number;
  /** An automatic unlock of the next episode (auto-unlock on, capped per day on the server). */
  auto?: boolean;
};

export type UnlockRejection = {
  code: 'LOGIN_REQUIRED' | 'E_INSUFFICIENT_COINS' | 'E_AUTO_UNLOCK_CAP' | 'E_AUTO_UNLOCK_OFF' | string | null;
  message: string;
  balance?: number;
  price?: number;
  /** The HTTP status of an error answer (401: the login expired). */
  httpStatus?: number;
};

export type AutoUnlockUpdate = Pick<AutoUnlockSettings, 'enabled' | 'capKind' | 'capValue'>;
export type PageArg = { page?: number; limit?: number } | void;
export type PageResult<T> = { items: T[]; pagination: Pagination | null; page: number };

export const coinRequests = {
  fetchPlans: defineRequest<CoinPlan[], void, string, CoinRoot>('coin/fetchPlans'),
  startTopUp: defineRequest<{ paymentUrl: string; pendingPayment: StoredPendingPayment }, StartTopUpArg, string, CoinRoot>('coin/startTopUp'),
  unlockEpisode: defineRequest<UnlockResult, UnlockArg, UnlockRejection, CoinRoot>('coin/unlockEpisode'),
  unlockAllRemaining: defineRequest<UnlockAllResult, { movieSeriesId: string }, UnlockRejection, CoinRoot>('coin/unlockAllRemaining'),
  fetchSeriesPricing: defineRequest<SeriesPricing, { movieSeriesId: string; force?: boolean }, string, CoinRoot>('coin/fetchSeriesPricing'),
  fetchLedger: defineRequest<PageResult<LedgerEntry>, PageArg, string, CoinRoot>('coin/fetchLedger'),
  fetchCoinPlanHistory: defineRequest<PageResult<CoinPlanHistoryEntry>, PageArg, string, CoinRoot>('coin/fetchCoinPlanHistory'),
  fetchUnlockHistory: defineRequest<PageResult<UnlockHistoryEntry>, PageArg, string, CoinRoot>('coin/fetchUnlockHistory'),
  fetchAutoUnlock: defineRequest<AutoUnlockSettings, void, string, CoinRoot>('coin/fetchAutoUnlock'),
  saveAutoUnlock: defineRequest<AutoUnlockSettings, AutoUnlockUpdate, string, CoinRoot>('coin/saveAutoUnlock'),
};

const { fetchPlans, startTopUp, unlockEpisode, unlockAllRemaining, fetchSeriesPricing, fetchAutoUnlock, saveAutoUnlock } = coinRequests;

function pageFulfilled<T extends { _id: string }>(target: Paged<T>, payload: PageResult<T>) {
  target.pagination = payload.pagination;
  // Page 1 starts over; later pages ('Load more') append what is not there yet.
  if (payload.page <= 1) target.items = payload.items;
  else {
    const seen = new Set(target.items.map((i) => i._id));
    target.items.push(...payload.items.filter((i) => !seen.has(i._id)));
  }
}

/** After a charge the wallet's lists are stale: the next visit reads them again. */
function walletStale(state: CoinState) {
  for (const part of [state.ledger, state.unlockHistory]) if (part.status === 'succeeded') part.status = 'idle';
}

export const coinSlice = createSlice({
  name: 'coin',
  initialState: initialCoinState,
  reducers: {
    paymentErrorCleared: (state) => {
      state.topUp.error = null;
      if (state.topUp.status === 'failed') state.topUp.status = 'idle';
    },
    topUpFlowReset: (state) => {
      state.topUp = idleRequest();
    },
  },
  extraReducers: (builder) => {
    trackRequest(builder, fetchPlans, (state) => state.plansRequest, COIN_MESSAGES.plansFailed);
    trackRequest(builder, startTopUp, (state) => state.topUp, COIN_MESSAGES.paymentFailed);
    trackRequest(builder, fetchSeriesPricing, (state, { movieSeriesId }) => (state.seriesPricing[movieSeriesId] ??= { data: null, ...idleRequest() }), COIN_MESSAGES.pricingFailed);
    trackRequest(builder, coinRequests.fetchLedger, (state) => state.ledger, COIN_MESSAGES.historyFailed);
    trackRequest(builder, coinRequests.fetchCoinPlanHistory, (state) => state.planHistory, COIN_MESSAGES.historyFailed);
    trackRequest(builder, coinRequests.fetchUnlockHistory, (state) => state.unlockHistory, COIN_MESSAGES.historyFailed);
    trackRequest(builder, fetchAutoUnlock, (state) => state.autoUnlockRequest, COIN_MESSAGES.generic);
    trackRequest(builder, saveAutoUnlock, (state) => state.autoUnlockSave, COIN_MESSAGES.autoUnlockFailed);
    builder
      .addMatcher(fetchPlans.fulfilled, (state, action) => {
        state.plans = action.payload;
      })
      // A guest asked to log in has not failed a payment.
      .addMatcher(startTopUp.rejected, (state, action) => {
        if (action.payload === COIN_MESSAGES.loginFirst) state.topUp = idleRequest();
      })
      .addMatcher(unlockEpisode.pending, (state, action) => {
        state.unlocking[action.meta.arg.videoId] = true;
      })
      .addMatcher(unlockEpisode.fulfilled, (state, action) => {
        delete state.unlocking[action.meta.arg.videoId];
        if (action.payload.charged > 0) walletStale(state);
      })
      .addMatcher(unlockEpisode.rejected, (state, action) => {
        if (!action.meta.condition) delete state.unlocking[action.meta.arg.videoId];
      })
      .addMatcher(unlockAllRemaining.pending, (state, action) => {
        state.unlockingSeries[action.meta.arg.movieSeriesId] = true;
      })
      .addMatcher(unlockAllRemaining.fulfilled, (state, action) => {
        delete state.unlockingSeries[action.meta.arg.movieSeriesId];
        if (action.payload.charged > 0) walletStale(state);
      })
      .addMatcher(unlockAllRemaining.rejected, (state, action) => {
        if (!action.meta.condition) delete state.unlockingSeries[action.meta.arg.movieSeriesId];
      })
      .addMatcher(fetchSeriesPricing.fulfilled, (state, action) => {
        state.seriesPricing[action.meta.arg.movieSeriesId].data = action.payload;
      })
      .addMatcher(coinRequests.fetchLedger.fulfilled, (state, action) => pageFulfilled(state.ledger, action.payload))
      .addMatcher(coinRequests.fetchCoinPlanHistory.fulfilled, (state, action) => pageFulfilled(state.planHistory, action.payload))
      .addMatcher(coinRequests.fetchUnlockHistory.fulfilled, (state, action) => pageFulfilled(state.unlockHistory, action.payload))
      .addMatcher(fetchAutoUnlock.fulfilled, (state, action) => {
        state.autoUnlock = action.payload;
      })
      .addMatcher(saveAutoUnlock.fulfilled, (state, action) => {
        state.autoUnlock = action.payload;
        state.autoUnlockRequest = { status: 'succeeded', error: null };
      })
      // Another user may log in on this tab: nothing personal of the last one stays (the plans are everyone's).
      .addMatcher(viewerLeft, (state) => ({
        ...initialCoinState,
        plans: state.plans,
        plansRequest: state.plansRequest.status === 'pending' ? idleRequest() : state.plansRequest,
        inFlight: state.inFlight,
      }));
    countInFlight(builder, Object.values(coinRequests));
  },
});

declare module '@/store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds this part to the store's type
  interface LazyLoadedSlices extends WithSlice<typeof coinSlice> {}
}

/** Added to the store when this module first loads (its thunks import it): pages without coins never carry it. */
coinSlice.injectInto(rootReducer);

export const { paymentErrorCleared, topUpFlowReset } = coinSlice.actions;
