import type { RequestStatus } from '@/store/api-thunk';
import { selectSignedInUserId } from '@/store/auth/selectors';
import type { CoinPlan } from '@/lib/contracts/coins';
import type { CoinRoot, CoinState, Paged, SeriesPricingEntry } from './slice';

/**
 * Reads of the coin part. They import nothing of the slice, so the header (the balance) and the episode page (the
 * auto-unlock setting) can read them without bringing the coin part into their first load; before the part is in the
 * store (its thunks add it) each read answers what the initial state would.
 */

type MaybeCoin = { coin?: CoinState };

const NO_PLANS: CoinPlan[] = [];
const EMPTY_PAGE: Paged<never> = { items: [], pagination: null, status: 'idle', error: null };

/** The signed-in viewer's balance (null for guests): the user's `coins`, the one copy the server's answers update. */
export const selectCoinBalance = (state: CoinRoot): number | null => (selectSignedInUserId(state) ? (state.auth.user?.coins ?? 0) : null);

export const selectCoinPlans = (state: MaybeCoin) => state.coin?.plans ?? NO_PLANS;
export const selectCoinPlansStatus = (state: MaybeCoin): RequestStatus => state.coin?.plansRequest.status ?? 'idle';
export const selectCoinPlansError = (state: MaybeCoin) => state.coin?.plansRequest.error ?? null;
export const selectTopUpStatus = (state: MaybeCoin): RequestStatus => state.coin?.topUp.status ?? 'idle';
export const selectTopUpError = (state: MaybeCoin) => state.coin?.topUp.error ?? null;

export const selectLedger = (state: MaybeCoin) => state.coin?.ledger ?? (EMPTY_PAGE as CoinState['ledger']);
export const selectCoinPlanHistory = (state: MaybeCoin) => state.coin?.planHistory ?? (EMPTY_PAGE as CoinState['planHistory']);
export const selectUnlockHistory = (state: MaybeCoin) => state.coin?.unlockHistory ?? (EMPTY_PAGE as CoinState['unlockHistory']);

/** The viewer's auto-unlock setting, null until it has been fetched. */
export const selectAutoUnlock = (state: MaybeCoin) => state.coin?.autoUnlock ?? null;
export const selectAutoUnlockStatus = (state: MaybeCoin): RequestStatus => state.coin?.autoUnlockRequest.status ?? 'idle';
export const selectAutoUnlockSaving = (state: MaybeCoin) => state.coin?.autoUnlockSave.status === 'pending';
export const selectAutoUnlockError = (state: MaybeCoin) => state.coin?.autoUnlockSave.error ?? state.coin?.autoUnlockRequest.error ?? null;
export const selectCoinLoading = (state: MaybeCoin) => (state.coin?.inFlight ?? 0) > 0;

export const selectSeriesPricing = (state: MaybeCoin, movieSeriesId: string): SeriesPricingEntry | undefined => state.coin?.seriesPricing[movieSeriesId];
export const selectIsUnlocking = (state: MaybeCoin, videoId: string) => Boolean(state.coin?.unlocking[videoId]);
export const selectIsUnlockingSeries = (state: MaybeCoin, movieSeriesId: string) => Boolean(state.coin?.unlockingSeries[movieSeriesId]);
