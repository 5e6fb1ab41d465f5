'use client';

import type { PaymentType } from '@/lib/constants';
import { ChevronRightIcon, CoinIcon, LockIcon } from '@/components/ui/icons';
import { PAYMENT_TYPES, paymentMethodName, type PaymentMethodCode } from '../payment-methods';
import { BackButton, optionClass, StepHeading } from './step-parts';

/** The two steps after the product's own (spec §2, §4): the payment type, then one of its methods. */

export function PaymentTypeStep({
  onChoose,
  onBack,
  backLabel,
}: {
  onChoose: (type: PaymentType) => void;
  onBack: () => void;
  /** Where the back link goes, in words ('Back to plans'; the premium dialog goes back to its price summary). */
  backLabel: string;
}) {
  return (
    <div className="space-y-4">
      <BackButton onClick={onBack}>{backLabel}</BackButton>
      <StepHeading>Choose Payment Type</StepHeading>
      <ul className="grid gap-3 sm:grid-cols-2">
        {PAYMENT_TYPES.map(({ type, label, description, methods }) => (
          <li key={type}>
            <button type="button" className={optionClass} onClick={() => onChoose(type)}>
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-gold-400/15 text-gold-300">
                {type === 'creditcard' ? <LockIcon size={20} /> : <CoinIcon size={20} />}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{label}</span>
                <span className="block text-sm text-fg-muted">
                  {methods.length} options · {description}
                </span>
              </span>
              <ChevronRightIcon size={18} className="shrink-0 text-fg-subtle group-hover:text-fg" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PaymentMethodStep({
  type,
  onChoose,
  onBack,
}: {
  type: PaymentType;
  onChoose: (method: PaymentMethodCode) => void;
  onBack: () => void;
}) {
  const group = PAYMENT_TYPES.find((t) => t.type === type)!;
  return (
    <div className="space-y-4">
      <BackButton onClick={onBack}>Back to payment types</BackButton>
      <StepHeading>Select Payment Method</StepHeading>
      <p className="text-sm text-fg-muted">{group.label}</p>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {group.methods.map((code) => (
          <li key={code}>
            <button type="button" className={optionClass} data-method={code} onClick={() => onChoose(code)}>
              <span className="min-w-0 flex-1 font-medium">{paymentMethodName(code)}</span>
              <ChevronRightIcon size={16} className="shrink-0 text-fg-subtle group-hover:text-fg" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
