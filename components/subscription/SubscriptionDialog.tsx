'use client';

import { useRouter } from 'next/navigation';
import { useAppDispatch } from '@/store/hooks';
import { subscriptionDialogClosed } from '@/store/ui/slice';
import { CheckoutDialog } from '@/components/checkout/CheckoutDialog';
import { vipCheckout, vipPlans } from '@/components/checkout/products/vip';
import { usePlanList } from '@/components/checkout/use-plan-list';
import { PlanCards } from './PlanCards';
import { planAccess, planPrice, planTitle } from './plan-format';

/**
 * The VIP subscription dialog (spec §2 'Subscription dialog', §4 'Subscription purchase'): the plans, then the one
 * checkout. Closing goes back in history.
 */
export function SubscriptionDialog() {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const plans = usePlanList(vipPlans);
  return (
    <CheckoutDialog
      product={vipCheckout}
      onClosed={() => {
        dispatch(subscriptionDialogClosed());
        // Spec §2: close goes back in history. A tab opened straight on /subscription has nowhere to go back to: it stays.
        if (window.history.length > 1) router.back();
      }}
      firstStep={({ choose, busyId }) => <PlanCards {...plans} busyPlanId={busyId} onChoose={choose} />}
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
