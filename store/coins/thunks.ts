import type { AsyncThunkPayloadCreator } from '@reduxjs/toolkit';
import { deductCoinForVideoView, fetchAutoUnlock as fetchAutoUnlockCall, fetchCoinPlanHistory as fetchCoinPlanHistoryCall, fetchCoinPlans, fetchLedger as fetchLedgerCall, fetchSeriesPricing as fetchSeriesPricingCall, fetchEpisodeUnlockHistory as fetchUnlockHistoryCall, processCoinPayment, unlockAllRemaining as unlockAllRemainingCall, saveAutoUnlock as saveAutoUnlockCall, COIN_ERROR_CODES, insufficientCoinsOf } from '@/lib/api/coins';
import type { Pagination } from '@/lib/contracts/receipts';
import { paymentLinkOf, pendingPaymentOf } from '@/lib/api/subscription';
import { BILLING_MODE_DEFAULT, COIN_HISTORY_PAGE_SIZE } from '@/lib/constants';
import { apiThunk, ok, type Failure } from '@/store/api-thunk';
import { userCoinsChanged } from '@/store/auth/slice';
import { selectSignedInUserId } from '@/store/auth/selectors';
import { episodesUnlocked } from '@/store/movies/slice';
import { keepPendingPayment } from '@/store/subscription/thunks';
import { COIN_MESSAGES, coinRequests, initialCoinState, type CoinRoot, type PageArg, type PageResult, type UnlockRejection } from './slice';
import { forgetUnlockIntent, rememberUnlockIntent } from './unlock-intent';
import './listeners';

/** The coin thunks; store/coins/listeners.ts shows their toasts and opens the dialogs they lead to. */

/** The part as it stands, or its initial state before the first action after injection has added it. */
const coinOf = (state: CoinRoot) => state.coin ?? initialCoinState;

export const fetchPlans = apiThunk(coinRequests.fetchPlans, async () => ok(await fetchCoinPlans(), (r) => Array.isArray(r.data)).data, {
  fallback: COIN_MESSAGES.plansFailed,
  condition: (_, { getState }) => coinOf(getState()).plansRequest.status !== 'pending',
});

/**
 * Asks for the coin plan's payment link (`process{Gateway}Payment`) and saves the pending payment locally before the
 * caller leaves for the gateway (with `returnTo`, the page to offer after paying). Failure: 'Payment failed'.
 */
export const startTopUp = apiThunk(
  coinRequests.startTopUp,
  async ({ coinPlanId, paymentMethod, userInfo, returnTo, qr, unlockVideoId }, { getState, dispatch, rejectWithValue }) => {
    const userId = selectSignedInUserId(getState());
    if (!userId) return rejectWithValue(COIN_MESSAGES.loginFirst);
    const res = await processCoinPayment({ coinPlanId, paymentMethod, userInfo, billingMode: BILLING_MODE_DEFAULT, ...(qr ? { qr: true } : {}) });
    const paymentUrl = paymentLinkOf(res);
    const pending = pendingPaymentOf(res);
    if (!res?.status || !paymentUrl || !pending) return rejectWithValue(COIN_MESSAGES.paymentFailed);
    // `returnTo`: the page the top-up started from (a locked episode), which the return page offers to go back to.
    const pendingPayment = keepPendingPayment(dispatch, { coinPlanId, userId, paymentMethod, ...pending, kind: 'coins' }, paymentUrl, { qr, returnTo });
    if (unlockVideoId) rememberUnlockIntent(unlockVideoId, pending.requestId);
    else forgetUnlockIntent();
    return { paymentUrl, pendingPayment };
  },
  {
    fallback: COIN_MESSAGES.paymentFailed,
    fail: ({ httpStatus }, { qr }) => (qr && (httpStatus === 401 || httpStatus === 403) ? COIN_MESSAGES.authFailed : COIN_MESSAGES.paymentFailed),
    condition: (_, { getState }) => coinOf(getState()).topUp.status !== 'pending',
  },
);

/** A failed charge: too few coins (with the balance and price the server answered), or the server's reason. */
function unlockRejected(failure: Failure, dispatch: (action: unknown) => unknown): UnlockRejection {
  const { message, code, httpStatus, error } = failure;
  if (code === COIN_ERROR_CODES.insufficient || httpStatus === 402) {
    const short = insufficientCoinsOf(error);
    if (short) dispatch(userCoinsChanged(short.balance));
    return { code: COIN_ERROR_CODES.insufficient, message, ...(short ? { balance: short.balance, price: short.price } : {}) };
  }
  return { code: httpStatus === 401 ? (code ?? 'LOGIN_REQUIRED') : code, message, ...(httpStatus ? { httpStatus } : {}) };
}

const loginRequired: UnlockRejection = { code: 'LOGIN_REQUIRED', message: COIN_MESSAGES.loginFirst };

/**
 * Spends coins on one episode (`deductCoinForVideoView`). Success marks it unlocked everywhere in the store and keeps
 * the balance; the series' prices are read again.
 */
export const unlockEpisode = apiThunk(
  coinRequests.unlockEpisode,
  async ({ videoId, movieSeriesId, auto }, { getState, dispatch, rejectWithValue }) => {
    const userId = selectSignedInUserId(getState());
    if (!userId) return rejectWithValue(loginRequired);
    const { data: result } = ok(await deductCoinForVideoView({ userId, shortVideoId: videoId, auto }), (r) => Boolean(r.data));
    dispatch(episodesUnlocked([videoId]));
    if (typeof result.coins === 'number') dispatch(userCoinsChanged(result.coins));
    if (movieSeriesId) void dispatch(fetchSeriesPricing({ movieSeriesId, force: true }));
    return result;
  },
  {
    fallback: COIN_MESSAGES.generic,
    fail: (failure, _, { dispatch }) => unlockRejected(failure, dispatch),
    condition: ({ videoId }, { getState }) => !coinOf(getState()).unlocking[videoId],
  },
);

/** 'Unlock all remaining': one atomic charge at the stated discount for every locked coin episode of the series. */
export const unlockAllRemaining = apiThunk(
  coinRequests.unlockAllRemaining,
  async ({ movieSeriesId }, { getState, dispatch, rejectWithValue }) => {
    const userId = selectSignedInUserId(getState());
    if (!userId) return rejectWithValue(loginRequired);
    const { data: result } = ok(await unlockAllRemainingCall({ userId, movieSeriesId }), (r) => Boolean(r.data));
    if (result.unlockedVideoIds.length) dispatch(episodesUnlocked(result.unlockedVideoIds));
    if (typeof result.coins === 'number') dispatch(userCoinsChanged(result.coins));
    void dispatch(fetchSeriesPricing({ movieSeriesId, force: true }));
    return result;
  },
  {
    fallback: COIN_MESSAGES.generic,
    fail: (failure, _, { dispatch }) => unlockRejected(failure, dispatch),
    condition: ({ movieSeriesId }, { getState }) => !coinOf(getState()).unlockingSeries[movieSeriesId],
  },
);

/** The series' prices for this viewer; its balance, when the server adds it, is the signed-in user's. */
export const fetchSeriesPricing = apiThunk(
  coinRequests.fetchSeriesPricing,
  async ({ movieSeriesId }, { dispatch, getState }) => {
    const { data } = ok(await fetchSeriesPricingCall(movieSeriesId), (r) => Boolean(r.data));
    if (typeof data.balance === 'number' && selectSignedInUserId(getState())) dispatch(userCoinsChanged(data.balance));
    return data;
  },
  {
    fallback: COIN_MESSAGES.pricingFailed,
    condition: ({ movieSeriesId, force }, { getState }) => {
      const entry = coinOf(getState()).seriesPricing[movieSeriesId];
      if (entry?.status === 'pending') return false;
      return Boolean(force) || !entry || entry.status === 'idle' || entry.status === 'failed';
    },
  },
);

type Page<T> = { status?: unknown; message?: unknown; data?: T[]; pagination?: Pagination; balance?: number };
type PageCreator<T> = AsyncThunkPayloadCreator<PageResult<T>, PageArg, { state: CoinRoot; rejectValue: string }>;

/** One page of a wallet list, for the signed-in viewer only; a balance that comes with it is the user's. */
function walletPage<T>(call: (query: { userId: string; page: number; limit: number }) => Promise<Page<T>>): PageCreator<T> {
  return async (arg, { getState, dispatch, rejectWithValue }) => {
    const userId = selectSignedInUserId(getState());
    if (!userId) return rejectWithValue(COIN_MESSAGES.loginFirst);
    const page = arg?.page ?? 1;
    const res = ok(await call({ userId, page, limit: arg?.limit ?? COIN_HISTORY_PAGE_SIZE }), (r) => Array.isArray(r.data));
    if (typeof res.balance === 'number') dispatch(userCoinsChanged(res.balance));
    return { items: res.data ?? [], pagination: res.pagination ?? null, page };
  };
}

const history = { fallback: COIN_MESSAGES.historyFailed };

export const fetchLedger = apiThunk(coinRequests.fetchLedger, walletPage(({ page, limit }) => fetchLedgerCall({ page, limit })), history);
export const fetchCoinPlanHistory = apiThunk(coinRequests.fetchCoinPlanHistory, walletPage(fetchCoinPlanHistoryCall), history);
export const fetchUnlockHistory = apiThunk(coinRequests.fetchUnlockHistory, walletPage(fetchUnlockHistoryCall), history);

export const fetchAutoUnlock = apiThunk(
  coinRequests.fetchAutoUnlock,
  async (_, { getState, rejectWithValue }) => {
    if (!selectSignedInUserId(getState())) return rejectWithValue(COIN_MESSAGES.loginFirst);
    return ok(await fetchAutoUnlockCall(), (r) => Boolean(r.data)).data;
  },
  {
    fallback: COIN_MESSAGES.generic,
    condition: (_, { getState }) => coinOf(getState()).autoUnlockRequest.status !== 'pending' && Boolean(selectSignedInUserId(getState())),
  },
);

export const saveAutoUnlock = apiThunk(
  coinRequests.saveAutoUnlock,
  async (update, { getState, rejectWithValue }) => {
    if (!selectSignedInUserId(getState())) return rejectWithValue(COIN_MESSAGES.loginFirst);
    return ok(await saveAutoUnlockCall(update), (r) => Boolean(r.data)).data;
  },
  { fallback: COIN_MESSAGES.autoUnlockFailed },
);
