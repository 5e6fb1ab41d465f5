import type { VipPlan } from '@/lib/contracts/subscription';
import { subscriptionHref } from '@/lib/routes';
import { fetchPlans, generatePaymentLink, subscribeUser } from '@/store/subscription/thunks';
import { selectPlans, selectPlansError, selectPlansStatus } from '@/store/subscription/selectors';
import { paymentErrorCleared, paymentFlowReset } from '@/store/subscription/slice';
import { linkResult, type CheckoutProduct } from '../product';

const SUBSCRIBE_FAILED = 'Subscription failed. Please try again.';
import type { PlanSource } from '../use-plan-list';

/** The VIP plans (spec §2 'Subscription dialog'). */
export const vipPlans: PlanSource<VipPlan> = {
  text: {
    words: 'vip',
    listClassName: 'grid gap-5 pt-3 md:grid-cols-3 md:pt-5',
    cardTestId: 'plan-card',
    idPrefix: 'plan',
  },
  plans: selectPlans,
  status: selectPlansStatus,
  error: selectPlansError,
  load: (dispatch) => void dispatch(fetchPlans()),
};

/** Spec §2 'Subscription dialog', §4 'Subscription purchase': a VIP plan. */
export const vipCheckout: CheckoutProduct<VipPlan> = {
  kind: 'vip',
  testId: 'subscription-dialog',
  width: 'max-w-5xl',
  loginNotice: { beforeChoice: false },
  async start(plan, { method, userInfo, qr }, { dispatch }) {
    // Where the purchase started (a locked episode's Subscribe Now sends `?returnTo=`): the return page offers it.
    const returnTo = new URLSearchParams(window.location.search).get('returnTo') ?? undefined;
    return linkResult(generatePaymentLink, await dispatch(generatePaymentLink({ vipPlanId: plan._id, paymentMethod: method, userInfo, qr, returnTo })));
  },
  errorCleared: paymentErrorCleared,
  reset: paymentFlowReset,
  afterPayment: {
    // PATCH user/subscribe confirms this user's paid payment (the grant came with the payment).
    async confirm(dispatch, check) {
      const confirmed = await dispatch(subscribeUser({ requestId: check.requestId }));
      if (subscribeUser.fulfilled.match(confirmed) || check.user?.isVip) return { ok: true, message: { key: 'payment.subscribed' } };
      return { ok: false, message: { text: confirmed.payload ?? SUBSCRIBE_FAILED } };
    },
    retryHref: (returnTo) => subscriptionHref(returnTo ?? undefined),
  },
};
