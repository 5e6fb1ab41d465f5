import type { AuthState } from '@/store/auth/authSlice';
import type { CoinState } from './coinSlice';

/**
 * The coin balance, apart from the coin slice: the header shows it on every page, and importing the slice for it
 * would bring the whole coin part (top-ups, unlocks, the wallet's lists) into every page's first load. Before the
 * coin part is in the store, the signed-in user's `coins` is the balance (userCoinsChanged keeps both in step).
 */

export const signedInUserId = (auth: AuthState) => (auth.status === 'loggedIn' && auth.user && !auth.user.isAnonymous ? auth.user._id : null);

/** The signed-in viewer's balance (null for guests): the server's last answer, else the user's `coins`. */
export const selectCoinBalance = (state: { auth: AuthState; coin?: Pick<CoinState, 'balance'> }): number | null => {
  if (!signedInUserId(state.auth)) return null;
  return state.coin?.balance ?? state.auth.user?.coins ?? 0;
};
