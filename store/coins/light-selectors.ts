import type { AuthState } from '@/store/auth/authSlice';
import type { RequestStatus } from '@/store/auth/authSlice';
import type { AutoUnlockSettings } from '@/lib/api/coins';

/**
 * Reads of the coin part that do not load the coin slice: the header shows the balance on every page and the episode
 * page asks for the auto-unlock setting, and importing the slice for them would bring the whole coin part (top-ups,
 * unlocks, the wallet's lists) into those pages' first load. Before the coin part is in the store (it is injected by
 * store/coins/coinSlice.ts when that loads), the signed-in user's `coins` is the balance (userCoinsChanged keeps both
 * in step) and auto-unlock is not known yet.
 */

export const signedInUserId = (auth: AuthState) => (auth.status === 'loggedIn' && auth.user && !auth.user.isAnonymous ? auth.user._id : null);

/** The signed-in viewer's balance (null for guests): the server's last answer, else the user's `coins`. */
// The coin part's fields these reads need, spelled here: the slice (coinSlice.ts) imports these selectors.
export const selectCoinBalance = (state: { auth: AuthState; coin?: { balance: number | null } }): number | null => {
  if (!signedInUserId(state.auth)) return null;
  return state.coin?.balance ?? state.auth.user?.coins ?? 0;
};

type MaybeCoin = { coin?: { autoUnlock: AutoUnlockSettings | null; autoUnlockStatus: RequestStatus } };

/** The viewer's auto-unlock setting, null until it has been fetched. */
export const selectAutoUnlockSetting = (state: MaybeCoin) => state.coin?.autoUnlock ?? null;
export const selectAutoUnlockSettingStatus = (state: MaybeCoin): RequestStatus => state.coin?.autoUnlockStatus ?? 'idle';
