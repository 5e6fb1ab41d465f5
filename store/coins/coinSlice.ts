import { createAsyncThunk, createSlice, isAnyOf, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import toast from 'react-hot-toast';
import { errorCode, errorMessages, forgetSessionOn, isApiError } from '@/lib/api/errors';
import type { PaymentUserInfo } from '@/lib/api/subscription';
import { paymentLinkOf, pendingPaymentOf } from '@/lib/api/subscription';
import { BILLING_MODE_DEFAULT, COIN_HISTORY_PAGE_SIZE, type AutoUnlockCapKind } from '@/lib/constants';
import { isSessionIdentifier, sessionIdentifier } from '@/lib/ids';
import type { AuthState, RequestStatus } from '@/store/auth/authSlice';
import { fetchUserProfile, loggedIn, loggedOut, logOut, userCoinsChanged } from '@/store/auth/authSlice';
import { episodesUnlocked } from '@/store/movies/moviesSlice';
import { savePendingPayment, type StoredPendingPayment } from '@/lib/checkout/pending-payment';
import { rootReducer } from '@/store/store';
import { loginDialogOpened, topUpDialogOpened } from '@/store/ui/uiSlice';
import { selectCoinBalance, signedInUserId } from './light-selectors';
import { forgetUnlockIntent, rememberUnlockIntent } from './unlock-intent';
import {
  deductCoinForVideoView,
  fetchAutoUnlock as fetchAutoUnlockCall,
  fetchCoinPlanHistory as fetchCoinPlanHistoryCall,
  fetchCoinPlans,
  fetchLedger as fetchLedgerCall,
  fetchSeriesPricing as fetchSeriesPricingCall,
  fetchEpisodeUnlockHistory as fetchUnlockHistoryCall,
  processCoinPayment,
  unlockAllRemaining as unlockAllRemainingCall,
  saveAutoUnlock as updateAutoUnlockCall,
  type AutoUnlockSettings,
  type CoinPlan,
  type CoinPlanHistoryEntry,
  type LedgerEntry,
  type Pagination,
  type SeriesPricing,
  type UnlockAllResult,
  type UnlockHistoryEntry,
  type UnlockResult,
} from '@/lib/api/coins';

export type AutoUnlockUpdate = Pick<AutoUnlockSettings, 'enabled' | 'capKind' | 'capValue'>;

/**
 * The 'coin' part of the store (spec §3, §4 'Episode unlock', §7 'Coins'): coin plans and the top-up payment, the
 * balance (kept in step with the signed-in user's `coins`), the wallet's ledger, coin-plan and unlock histories, each
 * series' pricing for this viewer, the auto-unlock settings, and the unlocks themselves. Coins are only ever granted or
 * spent by the server; the store shows what it answered.
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
} as const;

/** 'Auto-unlocked Episode 5 for 10 coins · balance 40' (every automatic charge shows amount and balance). */
export const autoUnlockToast = (episodeNumber: number | undefined, charged: number, balance: number) =>
  `Auto-unlocked ${episodeNumber ? `Episode ${episodeNumber}` : 'the next episode'} for ${charged} ${charged === 1 ? 'coin' : 'coins'} · balance ${balance}`;

export type Paged<T> = { items: T[]; pagination: Pagination | null; status: RequestStatus; error: string | null };
const emptyPaged = <T>(): Paged<T> => ({ items: [], pagination: null, status: 'idle', error: null });

export type SeriesPricingEntry = { data: SeriesPricing | null; status: RequestStatus; error: string | null };

export type CoinState = {
  plans: CoinPlan[];
  plansStatus: RequestStatus;
  plansError: string | null;
  /** The top-up payment-link request ('Processing...'); failure: 'Payment failed'. */
  paymentStatus: RequestStatus;
  paymentError: string | null;
  pendingPayment: StoredPendingPayment | null;
  /** The server's last word on the balance (null: not known yet; the user's `coins` then). */
  balance: number | null;
  ledger: Paged<LedgerEntry>;
  planHistory: Paged<CoinPlanHistoryEntry>;
  unlockHistory: Paged<UnlockHistoryEntry>;
  seriesPricing: Record<string, SeriesPricingEntry>;
  autoUnlock: AutoUnlockSettings | null;
  autoUnlockStatus: RequestStatus;
  autoUnlockSaving: boolean;
  autoUnlockError: string | null;
  /** Videos whose unlock is in flight (a double tap sends one call). */
  unlocking: Record<string, true>;
  /** Series whose 'Unlock all remaining' is in flight. */
  unlockingSeries: Record<string, true>;
  /** Calls of this part in flight: the 'coin' part of the overall loading flag (spec §4). */
  pending: number;
  isLoading: boolean;
};

export const initialCoinState: CoinState = {
  plans: [],
  plansStatus: 'idle',
  plansError: null,
  paymentStatus: 'idle',
  paymentError: null,
  pendingPayment: null,
  balance: null,
  ledger: emptyPaged(),
  planHistory: emptyPaged(),
  unlockHistory: emptyPaged(),
  seriesPricing: {},
  autoUnlock: null,
  autoUnlockStatus: 'idle',
  autoUnlockSaving: false,
  autoUnlockError: null,
  unlocking: {},
  unlockingSeries: {},
  pending: 0,
  isLoading: false,
};

type ThunkApi = { state: { auth: AuthState; coin?: CoinState } };

/** The part as it stands, or its initial state before the first action after injection has added it. */
const coinStateOf = (state: { coin?: CoinState }): CoinState => state.coin ?? initialCoinState;

/** The server's message when it sent one (spec §8), else `fallback`. */
function messageOf(error: unknown, fallback: string): string {
  if (isApiError(error) && !error.response) return errorMessages(error)[0] ?? fallback;
  const message = isApiError(error) ? (error.response?.data as { message?: unknown } | undefined)?.message : undefined;
  return typeof message === 'string' && message.trim() ? message : fallback;
}

// --- Plans and top-up ------------------------------------------------------------------------------------------------

export const fetchPlans = createAsyncThunk<CoinPlan[], void, ThunkApi & { rejectValue: string }>(
  'coin/fetchPlans',
  async (_, { rejectWithValue }) => {
    try {
      const res = await fetchCoinPlans();
      if (!res?.status || !Array.isArray(res.data)) return rejectWithValue(res?.message || COIN_MESSAGES.plansFailed);
      return res.data;
    } catch (error) {
      return rejectWithValue(messageOf(error, COIN_MESSAGES.plansFailed));
    }
  },
  { condition: (_, { getState }) => coinStateOf(getState()).plansStatus !== 'pending' },
);

export type StartTopUpArg = {
  coinPlanId: string;
  paymentMethod: string;
  userInfo: PaymentUserInfo;
  returnTo?: string;
  qr?: boolean;
  /** The locked episode whose 'Unlock' led here: back on it, the unlock is one tap away (store/coins/unlock-intent.ts). */
  unlockVideoId?: string;
};

/**
 * Asks for the coin plan's payment link (`process{Gateway}Payment`) and saves the pending payment locally before the
 * caller leaves for the gateway (with `returnTo`, the page to offer after paying). Failure: 'Payment failed'.
 */
export const startTopUp = createAsyncThunk<{ paymentUrl: string; pendingPayment: StoredPendingPayment }, StartTopUpArg, ThunkApi & { rejectValue: string }>(
  'coin/startTopUp',
  async ({ coinPlanId, paymentMethod, userInfo, returnTo, qr, unlockVideoId }, { getState, dispatch, rejectWithValue }) => {
    const userId = signedInUserId(getState().auth);
    if (!userId) {
      dispatch(loginDialogOpened());
      return rejectWithValue(COIN_MESSAGES.loginFirst);
    }
    try {
      const res = await processCoinPayment({ coinPlanId, paymentMethod, userInfo, billingMode: BILLING_MODE_DEFAULT, ...(qr ? { qr: true } : {}) });
      const paymentUrl = paymentLinkOf(res);
      const pending = pendingPaymentOf(res);
      if (!res?.status || !paymentUrl || !pending) return rejectWithValue(COIN_MESSAGES.paymentFailed);
      const sessionId = isSessionIdentifier(pending.requestId) ? pending.requestId : sessionIdentifier(qr ? 'QR' : 'PAYMENT');
      // `returnTo`: the page the top-up started from (a locked episode), which the return page offers to go back to.
      const pendingPayment = savePendingPayment({ coinPlanId, userId, paymentMethod, ...pending, kind: 'coins' }, sessionId, paymentUrl, { returnTo });
      if (unlockVideoId) rememberUnlockIntent(unlockVideoId, pending.requestId);
      else forgetUnlockIntent();
      return { paymentUrl, pendingPayment };
    } catch (error) {
      forgetSessionOn(error);
      const status = isApiError(error) ? error.response?.status : undefined;
      if (qr && (status === 401 || status === 403)) return rejectWithValue(COIN_MESSAGES.authFailed);
      return rejectWithValue(COIN_MESSAGES.paymentFailed);
    }
  },
  { condition: (_, { getState }) => coinStateOf(getState()).paymentStatus !== 'pending' },
);

// --- Unlocks ---------------------------------------------------------------------------------------------------------

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
};

function insufficientData(error: unknown): { balance?: number; price?: number } {
  const data = isApiError(error) ? (error.response?.data as { data?: { balance?: unknown; price?: unknown } } | undefined)?.data : undefined;
  return {
    ...(typeof data?.balance === 'number' ? { balance: data.balance } : {}),
    ...(typeof data?.price === 'number' ? { price: data.price } : {}),
  };
}

/**
 * Spends coins on one episode (`deductCoinForVideoView`). Success marks it unlocked everywhere in the store, keeps the
 * balance and toasts 'Successfully unlocked!' (automatic unlocks: the amount and the balance). A guest is asked to log
 * in; too few coins opens the top-up dialog; the auto-unlock cap shows the server's message.
 */
export const unlockEpisode = createAsyncThunk<UnlockResult, UnlockArg, ThunkApi & { rejectValue: UnlockRejection }>(
  'coin/unlockEpisode',
  async ({ videoId, movieSeriesId, episodeNumber, auto }, { getState, dispatch, rejectWithValue }) => {
    const userId = signedInUserId(getState().auth);
    if (!userId) {
      if (!auto) {
        toast.error(COIN_MESSAGES.loginFirst);
        dispatch(loginDialogOpened());
      }
      return rejectWithValue({ code: 'LOGIN_REQUIRED', message: COIN_MESSAGES.loginFirst });
    }
    try {
      const res = await deductCoinForVideoView({ userId, shortVideoId: videoId, auto });
      if (!res?.status || !res.data) return rejectWithValue({ code: null, message: res?.message || 'Something went wrong!' });
      const result = res.data;
      dispatch(episodesUnlocked([videoId]));
      if (typeof result.coins === 'number') dispatch(userCoinsChanged(result.coins));
      if (auto && result.charged > 0) toast.success(autoUnlockToast(episodeNumber, result.charged, result.coins));
      else toast.success(COIN_MESSAGES.unlocked);
      if (movieSeriesId) void dispatch(fetchSeriesPricing({ movieSeriesId, force: true }));
      return result;
    } catch (error) {
      forgetSessionOn(error);
      const code = errorCode(error);
      const message = messageOf(error, 'Something went wrong!');
      const status = isApiError(error) ? error.response?.status : undefined;
      if (code === 'E_INSUFFICIENT_COINS' || status === 402) {
        const extra = insufficientData(error);
        if (typeof extra.balance === 'number') dispatch(userCoinsChanged(extra.balance));
        toast.error(message);
        if (!auto) dispatch(topUpDialogOpened({ forUnlock: videoId }));
        return rejectWithValue({ code: 'E_INSUFFICIENT_COINS', message, ...extra });
      }
      if (code === 'E_AUTO_UNLOCK_OFF') return rejectWithValue({ code, message });
      if (status === 401) {
        toast.error(message);
        dispatch(loginDialogOpened());
        return rejectWithValue({ code: code ?? 'LOGIN_REQUIRED', message });
      }
      toast.error(message);
      return rejectWithValue({ code, message });
    }
  },
  { condition: ({ videoId }, { getState }) => !coinStateOf(getState()).unlocking[videoId] },
);

/** 'Unlock all remaining': one atomic charge at the stated discount for every locked coin episode of the series. */
export const unlockAllRemaining = createAsyncThunk<UnlockAllResult, { movieSeriesId: string }, ThunkApi & { rejectValue: UnlockRejection }>(
  'coin/unlockAllRemaining',
  async ({ movieSeriesId }, { getState, dispatch, rejectWithValue }) => {
    const userId = signedInUserId(getState().auth);
    if (!userId) {
      toast.error(COIN_MESSAGES.loginFirst);
      dispatch(loginDialogOpened());
      return rejectWithValue({ code: 'LOGIN_REQUIRED', message: COIN_MESSAGES.loginFirst });
    }
    try {
      const res = await unlockAllRemainingCall({ userId, movieSeriesId });
      if (!res?.status || !res.data) return rejectWithValue({ code: null, message: res?.message || 'Something went wrong!' });
      const result = res.data;
      if (result.unlockedVideoIds.length) dispatch(episodesUnlocked(result.unlockedVideoIds));
      if (typeof result.coins === 'number') dispatch(userCoinsChanged(result.coins));
      toast.success(COIN_MESSAGES.unlocked);
      void dispatch(fetchSeriesPricing({ movieSeriesId, force: true }));
      return result;
    } catch (error) {
      forgetSessionOn(error);
      const code = errorCode(error);
      const message = messageOf(error, 'Something went wrong!');
      toast.error(message);
      if (code === 'E_INSUFFICIENT_COINS' || (isApiError(error) && error.response?.status === 402)) {
        const extra = insufficientData(error);
        if (typeof extra.balance === 'number') dispatch(userCoinsChanged(extra.balance));
        dispatch(topUpDialogOpened());
        return rejectWithValue({ code: 'E_INSUFFICIENT_COINS', message, ...extra });
      }
      if (isApiError(error) && error.response?.status === 401) dispatch(loginDialogOpened());
      return rejectWithValue({ code, message });
    }
  },
  { condition: ({ movieSeriesId }, { getState }) => !coinStateOf(getState()).unlockingSeries[movieSeriesId] },
);

// --- Prices, wallet, settings ----------------------------------------------------------------------------------------

export const fetchSeriesPricing = createAsyncThunk<SeriesPricing, { movieSeriesId: string; force?: boolean }, ThunkApi & { rejectValue: string }>(
  'coin/fetchSeriesPricing',
  async ({ movieSeriesId }, { dispatch, getState, rejectWithValue }) => {
    try {
      const res = await fetchSeriesPricingCall(movieSeriesId);
      if (!res?.status || !res.data) return rejectWithValue(res?.message || COIN_MESSAGES.pricingFailed);
      if (typeof res.data.balance === 'number' && signedInUserId(getState().auth)) dispatch(userCoinsChanged(res.data.balance));
      return res.data;
    } catch (error) {
      return rejectWithValue(messageOf(error, COIN_MESSAGES.pricingFailed));
    }
  },
  {
    condition: ({ movieSeriesId, force }, { getState }) => {
      const entry = coinStateOf(getState()).seriesPricing[movieSeriesId];
      if (entry?.status === 'pending') return false;
      return Boolean(force) || !entry || entry.status === 'idle' || entry.status === 'failed';
    },
  },
);

type PageArg = { page?: number; limit?: number } | void;
type PageResult<T> = { items: T[]; pagination: Pagination | null; page: number };

export const fetchLedger = createAsyncThunk<PageResult<LedgerEntry> & { balance: number | null }, PageArg, ThunkApi & { rejectValue: string }>(
  'coin/fetchLedger',
  async (arg, { getState, dispatch, rejectWithValue }) => {
    if (!signedInUserId(getState().auth)) return rejectWithValue(COIN_MESSAGES.loginFirst);
    const page = arg?.page ?? 1;
    try {
      const res = await fetchLedgerCall({ page, limit: arg?.limit ?? COIN_HISTORY_PAGE_SIZE });
      if (!res?.status || !Array.isArray(res.data)) return rejectWithValue(res?.message || COIN_MESSAGES.historyFailed);
      const balance = typeof res.balance === 'number' ? res.balance : null;
      if (balance !== null) dispatch(userCoinsChanged(balance));
      return { items: res.data, pagination: res.pagination ?? null, page, balance };
    } catch (error) {
      forgetSessionOn(error);
      return rejectWithValue(messageOf(error, COIN_MESSAGES.historyFailed));
    }
  },
);

export const fetchCoinPlanHistory = createAsyncThunk<PageResult<CoinPlanHistoryEntry>, PageArg, ThunkApi & { rejectValue: string }>(
  'coin/fetchCoinPlanHistory',
  async (arg, { getState, rejectWithValue }) => {
    const userId = signedInUserId(getState().auth);
    if (!userId) return rejectWithValue(COIN_MESSAGES.loginFirst);
    const page = arg?.page ?? 1;
    try {
      const res = await fetchCoinPlanHistoryCall({ userId, page, limit: arg?.limit ?? COIN_HISTORY_PAGE_SIZE });
      if (!res?.status || !Array.isArray(res.data)) return rejectWithValue(res?.message || COIN_MESSAGES.historyFailed);
      return { items: res.data, pagination: res.pagination ?? null, page };
    } catch (error) {
      forgetSessionOn(error);
      return rejectWithValue(messageOf(error, COIN_MESSAGES.historyFailed));
    }
  },
);

export const fetchUnlockHistory = createAsyncThunk<PageResult<UnlockHistoryEntry>, PageArg, ThunkApi & { rejectValue: string }>(
  'coin/fetchUnlockHistory',
  async (arg, { getState, rejectWithValue }) => {
    const userId = signedInUserId(getState().auth);
    if (!userId) return rejectWithValue(COIN_MESSAGES.loginFirst);
    const page = arg?.page ?? 1;
    try {
      const res = await fetchUnlockHistoryCall({ userId, page, limit: arg?.limit ?? COIN_HISTORY_PAGE_SIZE });
      if (!res?.status || !Array.isArray(res.data)) return rejectWithValue(res?.message || COIN_MESSAGES.historyFailed);
      return { items: res.data, pagination: res.pagination ?? null, page };
    } catch (error) {
      forgetSessionOn(error);
      return rejectWithValue(messageOf(error, COIN_MESSAGES.historyFailed));
    }
  },
);

export const fetchAutoUnlock = createAsyncThunk<AutoUnlockSettings, void, ThunkApi & { rejectValue: string }>(
  'coin/fetchAutoUnlock',
  async (_, { getState, rejectWithValue }) => {
    if (!signedInUserId(getState().auth)) return rejectWithValue(COIN_MESSAGES.loginFirst);
    try {
      const res = await fetchAutoUnlockCall();
      if (!res?.status || !res.data) return rejectWithValue(res?.message || 'Something went wrong!');
      return res.data;
    } catch (error) {
      forgetSessionOn(error);
      return rejectWithValue(messageOf(error, 'Something went wrong!'));
    }
  },
  { condition: (_, { getState }) => coinStateOf(getState()).autoUnlockStatus !== 'pending' && Boolean(signedInUserId(getState().auth)) },
);

export const saveAutoUnlock = createAsyncThunk<AutoUnlockSettings, AutoUnlockUpdate, ThunkApi & { rejectValue: string }>(
  'coin/saveAutoUnlock',
  async (update, { getState, dispatch, rejectWithValue }) => {
    if (!signedInUserId(getState().auth)) {
      dispatch(loginDialogOpened());
      return rejectWithValue(COIN_MESSAGES.loginFirst);
    }
    try {
      const res = await updateAutoUnlockCall(update);
      if (!res?.status || !res.data) return rejectWithValue(res?.message || COIN_MESSAGES.autoUnlockFailed);
      toast.success(res.data.enabled ? `Auto-unlock on: up to ${capText(res.data.capKind, res.data.capValue)} a day` : 'Auto-unlock off');
      return res.data;
    } catch (error) {
      forgetSessionOn(error);
      const message = messageOf(error, COIN_MESSAGES.autoUnlockFailed);
      toast.error(message);
      return rejectWithValue(message);
    }
  },
);

/** '5 episodes' / '100 coins'. */
export const capText = (kind: AutoUnlockCapKind, value: number) =>
  `${value} ${kind === 'episodes' ? (value === 1 ? 'episode' : 'episodes') : value === 1 ? 'coin' : 'coins'}`;

// --- Slice -----------------------------------------------------------------------------------------------------------

function pageFulfilled<T>(target: Paged<T>, payload: PageResult<T>) {
  target.status = 'succeeded';
  target.error = null;
  target.pagination = payload.pagination;
  // Page 1 starts over; later pages ('Load more') append what is not there yet.
  if (payload.page <= 1) target.items = payload.items;
  else {
    const seen = new Set(target.items.map((i) => (i as { _id: string })._id));
    target.items.push(...payload.items.filter((i) => !seen.has((i as { _id: string })._id)));
  }
}

const trackedThunks = [
  fetchPlans,
  startTopUp,
  unlockEpisode,
  unlockAllRemaining,
  fetchSeriesPricing,
  fetchLedger,
  fetchCoinPlanHistory,
  fetchUnlockHistory,
  fetchAutoUnlock,
  saveAutoUnlock,
] as const;

/** After a charge the wallet's lists are stale: the next visit reads them again. */
function walletStale(state: CoinState) {
  for (const part of [state.ledger, state.unlockHistory]) if (part.status === 'succeeded') part.status = 'idle';
}

export const coinSlice = createSlice({
  name: 'coin',
  initialState: initialCoinState,
  reducers: {
    paymentErrorCleared: (state) => {
      state.paymentError = null;
      if (state.paymentStatus === 'failed') state.paymentStatus = 'idle';
    },
    topUpFlowReset: (state) => {
      state.paymentStatus = 'idle';
      state.paymentError = null;
    },
    /** A balance the server answered elsewhere (the payment return page's check, a profile). */
    balanceChanged: (state, action: PayloadAction<number>) => {
      state.balance = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchPlans.pending, (state) => {
        state.plansStatus = 'pending';
        state.plansError = null;
      })
      .addCase(fetchPlans.fulfilled, (state, action) => {
        state.plansStatus = 'succeeded';
        state.plans = action.payload;
      })
      .addCase(fetchPlans.rejected, (state, action) => {
        if (action.meta.condition) return;
        state.plansStatus = 'failed';
        state.plansError = action.payload ?? COIN_MESSAGES.plansFailed;
      })
      .addCase(startTopUp.pending, (state) => {
        state.paymentStatus = 'pending';
        state.paymentError = null;
      })
      .addCase(startTopUp.fulfilled, (state, action) => {
        state.paymentStatus = 'succeeded';
        state.pendingPayment = action.payload.pendingPayment;
      })
      .addCase(startTopUp.rejected, (state, action) => {
        if (action.meta.condition) return;
        if (action.payload === COIN_MESSAGES.loginFirst) {
          state.paymentStatus = 'idle';
          return;
        }
        state.paymentStatus = 'failed';
        state.paymentError = action.payload === COIN_MESSAGES.authFailed ? COIN_MESSAGES.authFailed : COIN_MESSAGES.paymentFailed;
      })
      .addCase(unlockEpisode.pending, (state, action) => {
        state.unlocking[action.meta.arg.videoId] = true;
      })
      .addCase(unlockEpisode.fulfilled, (state, action) => {
        delete state.unlocking[action.meta.arg.videoId];
        if (action.payload.charged > 0) walletStale(state);
      })
      .addCase(unlockEpisode.rejected, (state, action) => {
        if (action.meta.condition) return;
        delete state.unlocking[action.meta.arg.videoId];
      })
      .addCase(unlockAllRemaining.pending, (state, action) => {
        state.unlockingSeries[action.meta.arg.movieSeriesId] = true;
      })
      .addCase(unlockAllRemaining.fulfilled, (state, action) => {
        delete state.unlockingSeries[action.meta.arg.movieSeriesId];
        if (action.payload.charged > 0) walletStale(state);
      })
      .addCase(unlockAllRemaining.rejected, (state, action) => {
        if (action.meta.condition) return;
        delete state.unlockingSeries[action.meta.arg.movieSeriesId];
      })
      .addCase(fetchSeriesPricing.pending, (state, action) => {
        const id = action.meta.arg.movieSeriesId;
        state.seriesPricing[id] = { data: state.seriesPricing[id]?.data ?? null, status: 'pending', error: null };
      })
      .addCase(fetchSeriesPricing.fulfilled, (state, action) => {
        state.seriesPricing[action.meta.arg.movieSeriesId] = { data: action.payload, status: 'succeeded', error: null };
      })
      .addCase(fetchSeriesPricing.rejected, (state, action) => {
        if (action.meta.condition) return;
        const id = action.meta.arg.movieSeriesId;
        state.seriesPricing[id] = { data: state.seriesPricing[id]?.data ?? null, status: 'failed', error: action.payload ?? COIN_MESSAGES.pricingFailed };
      })
      .addCase(fetchLedger.fulfilled, (state, action) => pageFulfilled(state.ledger, action.payload))
      .addCase(fetchCoinPlanHistory.fulfilled, (state, action) => pageFulfilled(state.planHistory, action.payload))
      .addCase(fetchUnlockHistory.fulfilled, (state, action) => pageFulfilled(state.unlockHistory, action.payload))
      .addCase(fetchAutoUnlock.pending, (state) => {
        state.autoUnlockStatus = 'pending';
        state.autoUnlockError = null;
      })
      .addCase(fetchAutoUnlock.fulfilled, (state, action) => {
        state.autoUnlockStatus = 'succeeded';
        state.autoUnlock = action.payload;
      })
      .addCase(fetchAutoUnlock.rejected, (state, action) => {
        if (action.meta.condition) return;
        state.autoUnlockStatus = 'failed';
        state.autoUnlockError = action.payload ?? 'Something went wrong!';
      })
      .addCase(saveAutoUnlock.pending, (state) => {
        state.autoUnlockSaving = true;
        state.autoUnlockError = null;
      })
      .addCase(saveAutoUnlock.fulfilled, (state, action) => {
        state.autoUnlockSaving = false;
        state.autoUnlock = action.payload;
        state.autoUnlockStatus = 'succeeded';
      })
      .addCase(saveAutoUnlock.rejected, (state, action) => {
        state.autoUnlockSaving = false;
        state.autoUnlockError = action.payload ?? COIN_MESSAGES.autoUnlockFailed;
      })
      // The balance follows the signed-in user wherever the server answered it.
      .addCase(userCoinsChanged, (state, action) => {
        state.balance = action.payload;
      })
      .addMatcher(isAnyOf(loggedIn, fetchUserProfile.fulfilled), (state, action) => {
        if (typeof action.payload.coins === 'number') state.balance = action.payload.coins;
      })
      // Another user may log in on this tab: nothing personal of the last one stays (the plans are everyone's).
      .addMatcher(isAnyOf(logOut.fulfilled, loggedOut), (state) => ({
        ...initialCoinState,
        plans: state.plans,
        plansStatus: state.plansStatus === 'pending' ? 'idle' : state.plansStatus,
        plansError: state.plansError,
        pending: state.pending,
        isLoading: state.isLoading,
      }));

    const lists = [
      [fetchLedger, 'ledger'],
      [fetchCoinPlanHistory, 'planHistory'],
      [fetchUnlockHistory, 'unlockHistory'],
    ] as const;
    for (const [thunk, key] of lists) {
      builder
        .addMatcher(thunk.pending.match, (state) => {
          state[key].status = 'pending';
          state[key].error = null;
        })
        .addMatcher(thunk.rejected.match, (state, action) => {
          state[key].status = 'failed';
          state[key].error = (action.payload as string | undefined) ?? COIN_MESSAGES.historyFailed;
        });
    }

    for (const thunk of trackedThunks) {
      builder
        .addMatcher(thunk.pending.match, (state) => {
          state.pending += 1;
          state.isLoading = true;
        })
        .addMatcher(isAnyOf(thunk.fulfilled, thunk.rejected), (state, action) => {
          if ('meta' in action && (action.meta as { condition?: boolean }).condition) return;
          state.pending = Math.max(0, state.pending - 1);
          state.isLoading = state.pending > 0;
        });
    }
  },
  selectors: {
    selectCoinPlans: (state) => state.plans,
    selectCoinPlansStatus: (state) => state.plansStatus,
    selectCoinPlansError: (state) => state.plansError,
    selectTopUpStatus: (state) => state.paymentStatus,
    selectTopUpError: (state) => state.paymentError,
    selectLedger: (state) => state.ledger,
    selectCoinPlanHistory: (state) => state.planHistory,
    selectUnlockHistory: (state) => state.unlockHistory,
    selectAutoUnlock: (state) => state.autoUnlock,
    selectAutoUnlockStatus: (state) => state.autoUnlockStatus,
    selectAutoUnlockSaving: (state) => state.autoUnlockSaving,
    selectAutoUnlockError: (state) => state.autoUnlockError,
    selectCoinLoading: (state) => state.isLoading,
  },
});

declare module '@/store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds this part to the store's type
  interface LazyLoadedSlices extends WithSlice<typeof coinSlice> {}
}

/** Added to the store by whatever first imports this module (the wallet, the locked panel, the top-up dialog). */
const injectedCoinSlice = coinSlice.injectInto(rootReducer);

export const { paymentErrorCleared, topUpFlowReset, balanceChanged } = coinSlice.actions;
// The injected slice's selectors answer the initial state until the first action after injection adds the part.
export const {
  selectCoinPlans,
  selectCoinPlansStatus,
  selectCoinPlansError,
  selectTopUpStatus,
  selectTopUpError,
  selectLedger,
  selectCoinPlanHistory,
  selectUnlockHistory,
  selectAutoUnlock,
  selectAutoUnlockStatus,
  selectAutoUnlockSaving,
  selectAutoUnlockError,
  selectCoinLoading,
} = injectedCoinSlice.selectors;

export { selectCoinBalance };

type CoinRoot = { coin?: CoinState };

export const selectSeriesPricing = (state: CoinRoot, movieSeriesId: string): SeriesPricingEntry | undefined => coinStateOf(state).seriesPricing[movieSeriesId];
export const selectIsUnlocking = (state: CoinRoot, videoId: string) => Boolean(coinStateOf(state).unlocking[videoId]);
export const selectIsUnlockingSeries = (state: CoinRoot, movieSeriesId: string) => Boolean(coinStateOf(state).unlockingSeries[movieSeriesId]);
