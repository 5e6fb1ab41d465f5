'use client';

import { useTranslations } from 'next-intl';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { topUpDialogClosed } from '@/store/ui/slice';
import { selectCoinBalance } from '@/store/coins/selectors';
import { CheckoutDialog } from '@/components/checkout/CheckoutDialog';
import { coinPlans, coinsCheckout } from '@/components/checkout/products/coins';
import { usePlanList } from '@/components/checkout/use-plan-list';
import { CoinPlanCards } from './CoinPlanCards';
import { useCoinFormat } from './use-coin-format';

/**
 * The global top-up dialog (spec §2 'Global dialogs'): the balance and the coin plans, then the one checkout. The
 * pending payment keeps the page the top-up started from, so the return page can offer to go back there.
 */
export function TopUpDialog() {
  const dispatch = useAppDispatch();
  const balance = useAppSelector(selectCoinBalance);
  const plans = usePlanList(coinPlans);
  const t = useTranslations('coins.topUpDialog');
  const f = useCoinFormat();
  return (
    <CheckoutDialog
      product={coinsCheckout}
      description={balance !== null ? t('balance', { coins: f.coins(balance) }) : t('intro')}
      onClosed={() => dispatch(topUpDialogClosed())}
      firstStep={({ choose, busyId }) => <CoinPlanCards {...plans} busyPlanId={busyId} onChoose={choose} />}
      chosen={(plan) => (
        <>
          <span className="font-semibold text-gold-200">{f.coins(plan.totalCoins)}</span>
          <span>{f.planPesos(plan)}</span>
          {plan.bonusCoins > 0 ? <span className="text-fg-muted">{t('bonusIncluded', { coins: f.coins(plan.bonusCoins) })}</span> : null}
        </>
      )}
    />
  );
}
