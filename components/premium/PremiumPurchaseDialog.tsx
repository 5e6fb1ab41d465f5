'use client';

import { useEffect, useState } from 'react';
import type { PaymentType, PaymentUserInfo } from '@/lib/api/subscription';
import { PAYMENT_ERROR_CLEAR_MS } from '@/lib/constants';
import { formatPesos } from '@/lib/format';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectUser } from '@/store/auth/authSlice';
import { loginDialogOpened } from '@/store/ui/uiSlice';
import {
  AUTH_ERROR,
  generatePremiumPaymentLink,
  premiumPaymentErrorCleared,
  premiumPaymentFlowReset,
  selectPremiumPaymentError,
  selectPremiumPaymentStatus,
} from '@/store/premium/premiumVideoSlice';
import { forgetPaymentUrl } from '@/lib/checkout/pending-payment';
import { Modal } from '@/components/dialogs/Modal';
import { PaymentInfoStep, PaymentMethodStep, PaymentTypeStep, userInfoOf } from '@/components/subscription/PaymentSteps';
import { goToPaymentPage } from '@/components/subscription/navigate';
import { CheckIcon, LockIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';

type Step = 'summary' | 'type' | 'method' | 'info';

export const PURCHASE_DIALOG_TITLE = 'Buy this video';

/**
 * The purchase of one premium video: what it is and what it costs, then the VIP dialog's payment steps (type, method,
 * the payment-info form), then the gateway. The pending payment, with the page the buyer came from, is saved locally
 * before the redirect; closing forgets the local payment URL (spec §4).
 */
export function PremiumPurchaseDialog({ videoId, priceCentavos, title, onClose }: { videoId: string; priceCentavos: number; title: string | null; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const paymentStatus = useAppSelector(selectPremiumPaymentStatus);
  const paymentError = useAppSelector(selectPremiumPaymentError);
  const [step, setStep] = useState<Step>('summary');
  const [paymentType, setPaymentType] = useState<PaymentType | null>(null);
  const [method, setMethod] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const price = formatPesos(priceCentavos);

  // Spec §4 / §9: the payment error notice clears after 5 s.
  useEffect(() => {
    if (!paymentError) return;
    const timer = window.setTimeout(() => dispatch(premiumPaymentErrorCleared()), PAYMENT_ERROR_CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, [dispatch, paymentError]);

  const close = () => {
    forgetPaymentUrl();
    dispatch(premiumPaymentFlowReset());
    onClose();
  };

  const pay = async (userInfo: PaymentUserInfo, qr = false) => {
    if (!method) return;
    const result = await dispatch(generatePremiumPaymentLink({ videoId, paymentMethod: method, userInfo, qr, returnTo: window.location.pathname }));
    if (generatePremiumPaymentLink.fulfilled.match(result)) {
      setRedirecting(true);
      goToPaymentPage(result.payload.paymentUrl);
    } else if (result.payload?.code === AUTH_ERROR || result.payload?.code === 'E_UNAUTHENTICATED') {
      dispatch(loginDialogOpened());
    }
  };

  const processing = paymentStatus === 'pending' || redirecting;

  return (
    <Modal
      onClose={close}
      title={PURCHASE_DIALOG_TITLE}
      description={title ? `${title} · ${price}` : price}
      className="max-w-3xl"
      scrollBody
      testId="premium-purchase-dialog"
      footer={
        <p className="flex items-center justify-center gap-2 text-center text-xs text-fg-subtle">
          <LockIcon size={14} className="shrink-0" />
          Secure payment via a card payment provider
        </p>
      }
    >
      {step === 'summary' ? (
        <div className="space-y-5">
          <div className="rounded-2xl border border-gold-400/30 bg-gold-900/30 px-4 py-4">
            <p className="text-sm text-fg-muted">One-time payment</p>
            <p className="mt-1 font-display text-3xl font-bold text-gold-200" data-testid="premium-price">
              {price}
            </p>
            <ul className="mt-3 space-y-1.5 text-sm">
              {['Yours to watch any time', 'No subscription needed', 'HD streaming on any device'].map((line) => (
                <li key={line} className="flex items-center gap-2">
                  <CheckIcon size={16} className="shrink-0 text-gold-300" /> {line}
                </li>
              ))}
            </ul>
          </div>
          <button type="button" className={buttonClass('vip', 'lg', 'w-full')} onClick={() => setStep('type')}>
            Continue for {price}
          </button>
        </div>
      ) : null}
      {step === 'type' ? (
        <PaymentTypeStep
          backLabel="Back to the video"
          onBack={() => setStep('summary')}
          onChoose={(type) => {
            setPaymentType(type);
            setStep('method');
          }}
        />
      ) : null}
      {step === 'method' && paymentType ? (
        <PaymentMethodStep
          type={paymentType}
          onBack={() => setStep('type')}
          onChoose={(code) => {
            setMethod(code);
            setStep('info');
          }}
        />
      ) : null}
      {step === 'info' && method ? (
        <PaymentInfoStep
          method={method}
          initial={userInfoOf(user)}
          processing={processing}
          onSubmit={(info) => void pay(info)}
          onSubmitQr={(info) => void pay(info, true)}
          onBack={() => setStep('method')}
        />
      ) : null}

      {/* Live regions stay mounted so screen readers announce what appears in them. */}
      <div role="alert" className="mt-4 empty:hidden">
        {paymentError ? (
          <p className="rounded-xl border border-red-400/30 bg-red-950/40 px-4 py-3 text-sm text-red-200">{paymentError.message}</p>
        ) : null}
      </div>
      <div role="status" className="mt-4 empty:hidden">
        {redirecting ? <p className="text-center text-sm text-fg-muted">Processing... Taking you to the secure payment page.</p> : null}
      </div>
    </Modal>
  );
}
