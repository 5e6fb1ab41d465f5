'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { VipPlan } from '@/lib/contracts/subscription';
import { capitalize, formatPesos } from '@/lib/format';

/** How a VIP plan reads on its card (spec §2 'Subscription dialog', §9), in the page's language. */

export const PLAN_FEATURES = ['unlimited', 'hd', 'adFree'] as const;

export function isLifetime(plan: VipPlan): boolean {
  const validity = plan.validity as unknown;
  return (
    plan.subscriptionType.toLowerCase() === 'lifetime' ||
    (typeof validity === 'string' && validity.toLowerCase() === 'lifetime') ||
    validity === null ||
    validity === undefined
  );
}

export type PlanWords = {
  /** The capitalised subscriptionType (spec §2); a known type in Filipino on Filipino pages. */
  title: (plan: Pick<VipPlan, 'subscriptionType'>) => string;
  /** Pesos with two decimals (₱199.00). */
  price: (plan: VipPlan) => string;
  /** 'Lifetime Access' or '{n} days Access'. */
  access: (plan: VipPlan) => string;
};

export function usePlanWords(): PlanWords {
  const t = useTranslations('subscription.plan');
  const locale = useLocale();
  return {
    title: ({ subscriptionType }) => {
      const key = `types.${subscriptionType.toLowerCase()}` as const;
      return locale !== 'en' && t.has(key as 'types.weekly') ? t(key as 'types.weekly') : capitalize(subscriptionType);
    },
    price: (plan) => formatPesos(Math.round(plan.price * 100), locale),
    access: (plan) => t('access', { lifetime: isLifetime(plan) ? 'yes' : 'no', days: String(plan.validity) }),
  };
}
