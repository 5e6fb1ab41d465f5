'use client';

import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import type { CoinPlan } from '@/lib/contracts/coins';
import { PlanList } from '@/components/checkout/steps/PlanList';
import type { PlanCardsProps } from '@/components/checkout/use-plan-list';
import { coinPlans } from '@/components/checkout/products/coins';
import { CoinIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';
import { useCoinFormat } from './use-coin-format';

/** The top-up dialog's coin plans as cards, in the server's order: coins + bonus, the peso price, what one coin comes to. */
export function CoinPlanCards(props: PlanCardsProps<CoinPlan>) {
  const t = useTranslations('coins.planCards');
  const f = useCoinFormat();
  return (
    <PlanList
      {...props}
      text={coinPlans.text}
      look={(plan) => {
        const bonus = plan.bonusCoins > 0;
        return {
          className: clsx('flex flex-col rounded-2xl border p-4 sm:p-5', bonus ? 'border-gold-400/40 bg-gold-900/20' : 'border-white/10 bg-ink-800/60'),
          buttonClassName: buttonClass(bonus ? 'vip' : 'primary', 'md', 'mt-4 w-full'),
          label: t('buyFor', { pesos: f.planPesos(plan) }),
          body: (headingId) => (
            <>
              <h3 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
                <CoinIcon size={20} className="text-gold-300" />
                {f.coins(plan.coins)}
              </h3>
              {bonus ? (
                <p className="mt-1 text-sm font-semibold text-gold-300" data-testid="coin-plan-bonus">
                  {t('bonus', { coins: f.coins(plan.bonusCoins) })}
                </p>
              ) : (
                <p className="mt-1 text-sm text-fg-subtle">{t('noBonus')}</p>
              )}
              <p className="mt-3 font-display text-2xl font-bold tracking-tight" data-testid="coin-plan-price">
                {f.planPesos(plan)}
              </p>
              <p className="text-xs text-fg-muted" data-testid="coin-plan-per-coin">
                {f.perCoin(plan)}
                {bonus ? ` · ${t('inAll', { coins: f.coins(plan.totalCoins) })}` : ''}
              </p>
            </>
          ),
        };
      }}
    />
  );
}
