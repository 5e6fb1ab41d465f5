'use client';

import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import type { VipPlan } from '@/lib/contracts/subscription';
import { CheckIcon, CrownIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';
import { PlanList } from '@/components/checkout/steps/PlanList';
import type { PlanCardsProps } from '@/components/checkout/use-plan-list';
import { vipPlans } from '@/components/checkout/products/vip';
import { PLAN_FEATURES, usePlanWords } from './plan-format';

/** The plan columns of spec §2: loading, error and empty states, then one card per plan, the second MOST POPULAR. */
export function PlanCards(props: PlanCardsProps<VipPlan>) {
  const t = useTranslations('subscription.plan');
  const words = usePlanWords();
  return (
    <PlanList
      {...props}
      text={vipPlans.text}
      look={(plan, i) => {
        const popular = i === 1;
        return {
          className: clsx(
            'relative flex flex-col rounded-2xl border p-5 sm:p-6',
            popular ? 'border-gold-400/60 bg-gradient-to-b from-gold-900/50 to-ink-900 md:-my-2 md:py-8' : 'border-white/10 bg-ink-800/60',
          ),
          buttonClassName: buttonClass(popular ? 'vip' : 'primary', 'md', 'mt-6 w-full'),
          label: t('subscribe'),
          body: (headingId) => (
            <>
              {popular ? (
                <span className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-gradient-to-r from-gold-300 to-gold-400 px-3 py-1 text-[11px] font-bold tracking-wider text-gold-900">
                  {t('mostPopular')}
                </span>
              ) : null}
              <h3 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
                <CrownIcon size={18} className="text-gold-300" />
                {words.title(plan)}
              </h3>
              <p className="mt-3 font-display text-3xl font-bold tracking-tight text-fg" data-testid="plan-price">
                {words.price(plan)}
              </p>
              <p className="mt-1 text-sm text-fg-muted">{words.access(plan)}</p>
              <ul className="mt-5 flex-1 space-y-2.5 text-sm" aria-label={t('features', { plan: words.title(plan) })}>
                {PLAN_FEATURES.map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <CheckIcon size={16} className="mt-0.5 shrink-0 text-gold-300" />
                    {t(feature)}
                  </li>
                ))}
              </ul>
            </>
          ),
        };
      }}
    />
  );
}
