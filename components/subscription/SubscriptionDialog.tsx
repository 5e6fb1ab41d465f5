'use client';

import { useRouter } from '@/i18n/navigation';
import { homeHref } from '@/lib/routes';
import { useAppDispatch } from '@/store/hooks';
import { subscriptionDialogClosed } from '@/store/ui/slice';
import { CheckoutDialog } from '@/components/checkout/CheckoutDialog';
import { vipCheckout, vipPlans } from '@/components/checkout/products/vip';
import { usePlanList } from '@/components/checkout/use-plan-list';
import { PlanCards } from './PlanCards';
import { usePlanWords } from './plan-format';
import { hasEarlierSitePage } from './site-history';

/**
 * The VIP subscription dialog (spec §2 'Subscription dialog', §4 'Subscription purchase'): the plans, then the one
 * checkout. Closing goes back in history.
 */
export function SubscriptionDialog() {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const plans = usePlanList(vipPlans);
  const words = usePlanWords();
  return (
    <CheckoutDialog
      product={vipCheckout}
      onClosed={() => {
        dispatch(subscriptionDialogClosed());
        // Spec §2: close goes back in history, to the page of ours the viewer came from. Opened straight (a shared
        // link, a new tab), there is none: close goes to our home page, never back out of the site.
        if (hasEarlierSitePage()) router.back();
        else router.replace(homeHref());
      }}
      firstStep={({ choose, busyId }) => <PlanCards {...plans} busyPlanId={busyId} onChoose={choose} />}
      chosen={(plan) => (
        <>
          <span className="font-semibold text-gold-200">{words.title(plan)}</span>
          <span>{words.price(plan)}</span>
          <span className="text-fg-muted">{words.access(plan)}</span>
        </>
      )}
    />
  );
}
