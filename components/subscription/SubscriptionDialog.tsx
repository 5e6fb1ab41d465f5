'use client';

import { useEffect } from 'react';
import { useRouter } from 'next/navigation';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { subscriptionDialogClosed } from '@/store/ui/slice';
import { fetchPlans } from '@/store/subscription/thunks';
import { selectPlans, selectPlansError, selectPlansStatus } from '@/store/subscription/selectors';
import { CheckoutDialog } from '@/components/checkout/CheckoutDialog';
import { vipCheckout } from '@/components/checkout/products/vip';
import { PlanCards } from './PlanCards';
import { planAccess, planPrice, planTitle } from './plan-format';

/**
 * The VIP subscription dialog (spec §2 'Subscription dialog', §4 'Subscription purchase'): the plans, then the one
 * checkout. Closing goes back in history.
 */
export function SubscriptionDialog() {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const plans = useAppSelector(selectPlans);
  const status = useAppSelector(selectPlansStatus);
  const error = useAppSelector(selectPlansError);

  useEffect(() => {
    if (status === 'idle') void dispatch(fetchPlans());
  }, [dispatch, status]);

  return (
    <CheckoutDialog
      product={vipCheckout}
      onClosed={() => {
        dispatch(subscriptionDialogClosed());
        // Spec §2: close goes back in history. A tab opened straight on /subscription has nowhere to go back to: it stays.
        if (window.history.length > 1) router.back();
      }}
      firstStep={({ choose, busyId }) => (
        <PlanCards plans={plans} status={status} error={error} busyPlanId={busyId} onChoose={choose} onRetry={() => void dispatch(fetchPlans())} />
      )}
      chosen={(plan) => (
        <>
          <span className="font-semibold text-gold-200">{planTitle(plan)}</span>
          <span>{planPrice(plan)}</span>
          <span className="text-fg-muted">{planAccess(plan)}</span>
        </>
      )}
    />
  );
}
