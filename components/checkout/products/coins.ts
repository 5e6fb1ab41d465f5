import { recordCoinPlanHistory } from '@/lib/api/coins';
import type { CoinPlan } from '@/lib/contracts/coins';
import { walletHref } from '@/lib/routes';
import { paymentErrorCleared, topUpFlowReset } from '@/store/coins/slice';
import { fetchPlans, startTopUp } from '@/store/coins/thunks';
import { selectCoinPlans, selectCoinPlansError, selectCoinPlansStatus } from '@/store/coins/selectors';
import { selectTopUpForUnlock } from '@/store/ui/selectors';
import { linkResult, type CheckoutProduct } from '../product';
import type { PlanSource } from '../use-plan-list';

/** The coin plans, in the server's order. */
export const coinPlans: PlanSource<CoinPlan> = {
  text: {
    words: 'coins',
    listClassName: 'grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 md:grid-cols-3',
    cardTestId: 'coin-plan',
    idPrefix: 'coin-plan',
  },
  plans: selectCoinPlans,
  status: selectCoinPlansStatus,
  error: selectCoinPlansError,
  load: (dispatch) => void dispatch(fetchPlans()),
};

/** Spec §2 'Global dialogs': a coin plan from the top-up dialog. */
export const coinsCheckout: CheckoutProduct<CoinPlan> = {
  kind: 'coins',
  testId: 'top-up-dialog',
  width: 'max-w-4xl',
  loginNotice: { beforeChoice: true },
  errorTestId: 'top-up-error',
  async start(plan, { method, userInfo, qr }, { dispatch, getState }) {
    // Opened by 'Unlock' with too few coins: back on this episode after paying, the unlock is one tap away.
    const unlockVideoId = selectTopUpForUnlock(getState()) ?? undefined;
    const returnTo = window.location.pathname;
    return linkResult(startTopUp, await dispatch(startTopUp({ coinPlanId: plan._id, paymentMethod: method, userInfo, qr, returnTo, unlockVideoId })));
  },
  errorCleared: paymentErrorCleared,
  reset: topUpFlowReset,
  afterPayment: {
    // The coins were credited when the payment was marked paid; recording it only files the purchase history.
    async confirm(_dispatch, check, userId) {
      if (check.coinPlanId) {
        await recordCoinPlanHistory({ userId, coinPlanId: check.coinPlanId, requestId: check.requestId }).catch((error: unknown) => {
          console.warn('recordCoinPlanHistory failed', error);
        });
      }
      // Spec §4 'Episode unlock': 'Woohoo! Coins have been added!'.
      return { ok: true, message: { key: 'coins.coinsAdded' } };
    },
    retryHref: (returnTo, check) => returnTo ?? check.watchHref ?? walletHref(),
  },
};
