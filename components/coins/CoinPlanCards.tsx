'use client';

import clsx from 'clsx';
import type { CoinPlan } from '@/lib/api/coins';
import { PlanListStates, type PlanListStatus } from '@/components/checkout/steps/PlanListStates';
import { CoinIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';
import { coinsLabel, perCoin, planPesos } from './coin-format';

type Props = {
  plans: CoinPlan[];
  status: PlanListStatus;
  error: string | null;
  /** The plan whose payment link is on its way ('Processing...'). */
  busyPlanId: string | null;
  onChoose: (plan: CoinPlan) => void;
  onRetry: () => void;
};

/** The top-up dialog's coin plans as cards, in the server's order: coins + bonus, the peso price, what one coin comes to. */
export function CoinPlanCards({ plans, status, error, busyPlanId, onChoose, onRetry }: Props) {
  return (
    <PlanListStates status={status} error={error} count={plans.length} loadingText="Loading coin plans..." emptyTitle="No coin plans available" onRetry={onRetry}>
      <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 md:grid-cols-3" aria-label="Coin plans">
        {plans.map((plan) => {
          const headingId = `coin-plan-${plan._id}`;
          const busy = busyPlanId === plan._id;
          return (
            <li
              key={plan._id}
              aria-labelledby={headingId}
              data-testid="coin-plan"
              data-plan-id={plan._id}
              className={clsx('flex flex-col rounded-2xl border p-4 sm:p-5', plan.bonusCoins > 0 ? 'border-gold-400/40 bg-gold-900/20' : 'border-white/10 bg-ink-800/60')}
            >
              <h3 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
                <CoinIcon size={20} className="text-gold-300" />
                {coinsLabel(plan.coins)}
              </h3>
              {plan.bonusCoins > 0 ? (
                <p className="mt-1 text-sm font-semibold text-gold-300" data-testid="coin-plan-bonus">
                  + {coinsLabel(plan.bonusCoins)} bonus
                </p>
              ) : (
                <p className="mt-1 text-sm text-fg-subtle">No bonus</p>
              )}
              <p className="mt-3 font-display text-2xl font-bold tracking-tight" data-testid="coin-plan-price">
                {planPesos(plan)}
              </p>
              <p className="text-xs text-fg-muted" data-testid="coin-plan-per-coin">
                {perCoin(plan)}
                {plan.bonusCoins > 0 ? ` · ${coinsLabel(plan.totalCoins)} in all` : ''}
              </p>
              <button
                type="button"
                className={buttonClass(plan.bonusCoins > 0 ? 'vip' : 'primary', 'md', 'mt-4 w-full')}
                disabled={busyPlanId !== null}
                aria-describedby={headingId}
                onClick={() => onChoose(plan)}
              >
                {busy ? 'Processing...' : `Buy for ${planPesos(plan)}`}
              </button>
            </li>
          );
        })}
      </ul>
    </PlanListStates>
  );
}
