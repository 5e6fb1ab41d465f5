'use client';

import { useTranslations } from 'next-intl';
import type { PaymentType } from '@/lib/constants';
import { ChevronRightIcon, CoinIcon, LockIcon } from '@/components/ui/icons';
import { PAYMENT_TYPES, paymentMethodName, type PaymentMethodCode } from '../payment-methods';
import { MethodMark } from '../MethodMark';
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
  const t = useTranslations('checkout.types');
  return (
    <div className="space-y-4">
      <BackButton onClick={onBack}>{backLabel}</BackButton>
      <StepHeading>{t('heading')}</StepHeading>
      <ul className="grid gap-3 sm:grid-cols-2">
        {PAYMENT_TYPES.map(({ type, methods }) => (
          <li key={type}>
            <button type="button" className={optionClass} onClick={() => onChoose(type)}>
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-gold-400/15 text-gold-300">
                {type === 'creditcard' ? <LockIcon size={20} /> : <CoinIcon size={20} />}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{t(type)}</span>
                <span className="block text-sm text-fg-muted">{t('options', { count: methods.length, description: t(`${type}Description`) })}</span>
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
  const t = useTranslations('checkout');
  const group = PAYMENT_TYPES.find((g) => g.type === type)!;
  return (
    <div className="space-y-4">
      <BackButton onClick={onBack}>{t('methods.back')}</BackButton>
      <StepHeading>{t('methods.heading')}</StepHeading>
      <p className="text-sm text-fg-muted">{t(`types.${type}`)}</p>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {group.methods.map((code) => (
          <li key={code}>
            <button type="button" className={`${optionClass} py-3`} data-method={code} onClick={() => onChoose(code)}>
              <MethodMark code={code} />
              <span className="min-w-0 flex-1 font-medium">{paymentMethodName(code)}</span>
              <ChevronRightIcon size={16} className="shrink-0 text-fg-subtle group-hover:text-fg" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
