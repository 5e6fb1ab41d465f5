import type { VipPlan } from '@/lib/contracts/subscription';
import { capitalize, formatPesos } from '@/lib/format';

/** How a VIP plan reads on its card (spec §2 'Subscription dialog', §9). */

export const PLAN_FEATURES = ['Unlimited movie access', 'HD quality streaming', 'Ad-free experience'] as const;

export const planTitle = (plan: VipPlan) => capitalize(plan.subscriptionType);

/** Plans are priced in pesos; shown with two decimals (₱199.00). */
export const planPrice = (plan: VipPlan) => formatPesos(Math.round(plan.price * 100));

export function isLifetime(plan: VipPlan): boolean {
  const validity = plan.validity as unknown;
  return (
    plan.subscriptionType.toLowerCase() === 'lifetime' ||
    (typeof validity === 'string' && validity.toLowerCase() === 'lifetime') ||
    validity === null ||
    validity === undefined
  );
}

/** 'Lifetime Access' or '{n} days Access'. */
export const planAccess = (plan: VipPlan) => `${isLifetime(plan) ? 'Lifetime' : `${plan.validity} days`} Access`;
