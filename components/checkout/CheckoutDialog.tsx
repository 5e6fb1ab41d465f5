'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { useMessageText } from '@/lib/message-text';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectUser } from '@/store/auth/selectors';
import { loginDialogOpened } from '@/store/ui/slice';
import { Modal } from '@/components/dialogs/Modal';
import { PolicyModal } from '@/components/dialogs/PolicyModal';
import type { PolicySlug } from '@/components/dialogs/PolicyDocument';
import { LockIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';
import { paymentMethodName } from './payment-methods';
import type { CheckoutProduct } from './product';
import { PaymentInfoStep, userInfoOf } from './steps/InformationForm';
import { PaymentMethodStep, PaymentTypeStep } from './steps/MethodList';
import { RedirectStatus } from './steps/RedirectStatus';
import { useCheckout } from './use-checkout';

type Props<Item extends { _id: string }> = {
  product: CheckoutProduct<Item>;
  /** Under the title (the balance, the video and its price). */
  description?: ReactNode;
  /** The product's first step; `busyId` is the item whose payment is on its way. */
  firstStep: (step: { choose: (item: Item) => void; busyId: string | null }) => ReactNode;
  /** What was chosen, shown above the payment steps. */
  chosen?: (item: Item) => ReactNode;
  onClosed: () => void;
};

/**
 * The one checkout dialog (spec §2, §4): the product's first step, then payment type, method and the payment-info
 * form, then the gateway. Each product's dialog is this with its description, first step and way out.
 */
export function CheckoutDialog<Item extends { _id: string }>({ product, description, firstStep, chosen, onClosed }: Props<Item>) {
  const dispatch = useAppDispatch();
  const t = useTranslations('checkout');
  const errorText = useMessageText();
  const user = useAppSelector(selectUser);
  const checkout = useCheckout(product, onClosed);
  const { state, processing } = checkout;
  const firstStepRef = useRef<HTMLDivElement>(null);
  // Terms or Privacy from the payment steps: the same modals as the sign-up form's, over this dialog.
  const [policy, setPolicy] = useState<PolicySlug | null>(null);

  // Back on the first step, focus returns to the chosen item's button (the steps' buttons are gone).
  useEffect(() => {
    if (!state.backToProduct || !state.item) return;
    const id = state.item._id;
    const cards = firstStepRef.current?.querySelectorAll<HTMLElement>('[data-plan-id]') ?? [];
    [...cards].find((card) => card.dataset.planId === id)?.querySelector('button')?.focus();
  }, [state.backToProduct, state.item]);

  return (
    <>
      <Modal
        onClose={checkout.close}
        title={t(`products.${product.kind}.title`)}
        description={description}
        className={product.width}
        scrollBody
        testId={product.testId}
        footer={
          <div className="space-y-1 text-center text-xs text-fg-subtle">
            <p className="flex items-center justify-center gap-2" data-testid="secure-payment">
              <LockIcon size={14} className="shrink-0" />
              {state.method ? t('dialog.securePaymentVia', { method: paymentMethodName(state.method) }) : t('dialog.securePayment')}
            </p>
            {state.step !== 'product' ? (
              <p data-testid="payment-policies">
                {t.rich('dialog.policies', {
                  terms: (words) => <PolicyButton onClick={() => setPolicy('terms')}>{words}</PolicyButton>,
                  privacy: (words) => <PolicyButton onClick={() => setPolicy('privacy')}>{words}</PolicyButton>,
                })}
              </p>
            ) : null}
          </div>
        }
      >
        {state.step !== 'product' && state.item && chosen ? (
          <div className="mb-5 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl border border-gold-400/30 bg-gold-900/30 px-4 py-3 text-sm" data-testid="chosen-plan">
            {chosen(state.item)}
          </div>
        ) : null}

        {state.step === 'product' ? (
          <div ref={firstStepRef}>
            {checkout.loginNoticeShown && product.loginNotice ? (
              <div role="alert" className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-kilig-400/30 bg-kilig-800/30 px-4 py-3 text-sm">
                <span>{t(`products.${product.kind}.loginNotice`)}</span>
                <button type="button" className={buttonClass('primary', 'sm')} onClick={() => dispatch(loginDialogOpened())}>
                  {t('dialog.logIn')}
                </button>
              </div>
            ) : null}
            {firstStep({ choose: checkout.choose, busyId: processing && state.item ? state.item._id : null })}
          </div>
        ) : null}
        {state.step === 'type' ? <PaymentTypeStep backLabel={t(`products.${product.kind}.backLabel`)} onBack={checkout.back} onChoose={checkout.chooseType} /> : null}
        {state.step === 'method' && state.paymentType ? <PaymentMethodStep type={state.paymentType} onBack={checkout.back} onChoose={checkout.chooseMethod} /> : null}
        {state.step === 'info' && state.method ? (
          <PaymentInfoStep
            method={state.method}
            initial={userInfoOf(user)}
            processing={processing}
            onSubmit={(info) => void checkout.pay(info, false)}
            onSubmitQr={(info) => void checkout.pay(info, true)}
            onBack={checkout.back}
          />
        ) : null}

        {/* Live regions stay mounted so screen readers announce what appears in them. */}
        <div role="alert" className="mt-4 empty:hidden">
          {state.error ? (
            <p className="rounded-xl border border-red-400/30 bg-red-950/40 px-4 py-3 text-sm text-red-200" data-testid={product.errorTestId}>
              {errorText(state.error.message)}
            </p>
          ) : null}
        </div>
        <div role="status" className="mt-4 empty:hidden">
          <RedirectStatus payment={state.payment} />
        </div>
      </Modal>
      {policy ? <PolicyModal slug={policy} onClose={() => setPolicy(null)} /> : null}
    </>
  );
}

function PolicyButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" aria-haspopup="dialog" onClick={onClick} className="inline-flex min-h-6 items-center font-semibold text-fg-muted underline underline-offset-2 hover:text-fg">
      {children}
    </button>
  );
}
