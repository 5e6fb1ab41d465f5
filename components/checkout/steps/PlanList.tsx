'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { useMessageText } from '@/lib/message-text';
import { buttonClass } from '@/components/ui/styles';
import type { PlanCardsProps, PlanListText } from '../use-plan-list';

/** How one plan's card looks: its classes, its button's words, and what it shows above the button. */
export type PlanCardLook = { className: string; buttonClassName: string; label: string; body: (headingId: string) => ReactNode };

type Props<Plan extends { _id: string }> = PlanCardsProps<Plan> & {
  /** The product's words; a card's heading has the id `${idPrefix}-${plan id}`. */
  text: PlanListText;
  look: (plan: Plan, index: number) => PlanCardLook;
};

/**
 * A product's plans as the first step of its checkout: loading, the error with a retry, or nothing to buy; then one
 * card per plan, labelled by its heading, found by its `data-plan-id` when focus returns to it, and ending with the
 * button that chooses it ('Processing...' while its payment link is on its way; every card's button waits meanwhile).
 */
export function PlanList<Plan extends { _id: string }>({
  plans,
  status,
  error,
  busyPlanId,
  onChoose,
  onRetry,
  text: { words, listClassName, cardTestId, idPrefix },
  look,
}: Props<Plan>) {
  const t = useTranslations('checkout.plans');
  const errorText = useMessageText();
  if (status === 'idle' || status === 'pending') {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-14 text-sm text-fg-muted">
        <span aria-hidden="true" className="size-8 animate-spin rounded-full border-[3px] border-white/10 border-t-gold-300 motion-reduce:animate-none" />
        {t(`${words}.loading`)}
      </div>
    );
  }
  if (status === 'failed') {
    return (
      <div className="flex flex-col items-center gap-4 py-12 text-center">
        <p role="alert" className="text-sm text-red-300">
          {error ? errorText(error) : null}
        </p>
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={onRetry}>
          {t('tryAgain')}
        </button>
      </div>
    );
  }
  if (plans.length === 0) {
    return (
      <div className="py-12 text-center">
        <h3 className="font-semibold">{t(`${words}.empty`)}</h3>
        <p className="mt-1 text-sm text-fg-muted">{t('checkBack')}</p>
      </div>
    );
  }
  return (
    <ul className={listClassName} aria-label={t(`${words}.list`)}>
      {plans.map((plan, index) => {
        const { className, buttonClassName, label, body } = look(plan, index);
        const headingId = `${idPrefix}-${plan._id}`;
        return (
          <li key={plan._id} aria-labelledby={headingId} data-testid={cardTestId} data-plan-id={plan._id} className={className}>
            {body(headingId)}
            <button type="button" className={buttonClassName} disabled={busyPlanId !== null} aria-describedby={headingId} onClick={() => onChoose(plan)}>
              {busyPlanId === plan._id ? t('processing') : label}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
