'use client';

import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import type { PaymentType, PaymentUserInfo, VipPlan } from '@/lib/api/subscription';
import { PAYMENT_ERROR_CLEAR_MS } from '@/lib/constants';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsGuest, selectUser } from '@/store/auth/authSlice';
import { loginDialogOpened, subscriptionDialogClosed } from '@/store/ui/uiSlice';
import {
  fetchPlans,
  generatePaymentLink,
  paymentErrorCleared,
  paymentFlowReset,
  selectPaymentError,
  selectPaymentStatus,
  selectPlans,
  selectPlansError,
  selectPlansStatus,
} from '@/store/subscription/subscriptionSlice';
import { forgetPaymentUrl } from '@/lib/checkout/pending-payment';
import { Modal } from '@/components/dialogs/Modal';
import { LockIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';
import { PlanCards } from './PlanCards';
import { PaymentInfoStep, PaymentMethodStep, PaymentTypeStep, userInfoOf } from './PaymentSteps';
import { planAccess, planPrice, planTitle } from './plan-format';
import { goToPaymentPage } from './navigate';

export const SUBSCRIPTION_DIALOG_TITLE = 'Premium Subscription - Unlock exclusive content';
export const LOGIN_FIRST = 'Please login first';

type Step = 'plans' | 'type' | 'method' | 'info';

/**
 * The VIP subscription dialog (spec §2 'Subscription dialog', §4 'Subscription purchase'): plans, then payment type,
 * method and the payment-info form, then the redirect to the gateway. Closing goes back in history and forgets the
 * local payment URL. Guests are asked to log in first; the chosen plan waits for them.
 */
export function SubscriptionDialog() {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const isGuest = useAppSelector(selectIsGuest);
  const user = useAppSelector(selectUser);
  const plans = useAppSelector(selectPlans);
  const plansStatus = useAppSelector(selectPlansStatus);
  const plansError = useAppSelector(selectPlansError);
  const paymentStatus = useAppSelector(selectPaymentStatus);
  const paymentError = useAppSelector(selectPaymentError);

  const [step, setStep] = useState<Step>('plans');
  const [plan, setPlan] = useState<VipPlan | null>(null);
  const [paymentType, setPaymentType] = useState<PaymentType | null>(null);
  const [method, setMethod] = useState<string | null>(null);
  const [askedToLogIn, setAskedToLogIn] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [backToPlans, setBackToPlans] = useState(0);
  const plansRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (plansStatus === 'idle') void dispatch(fetchPlans());
  }, [dispatch, plansStatus]);

  // Spec §4 / §9: the payment error notice clears after 5 s.
  useEffect(() => {
    if (!paymentError) return;
    const timer = window.setTimeout(() => dispatch(paymentErrorCleared()), PAYMENT_ERROR_CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, [dispatch, paymentError]);

  // Back on the plans, focus returns to the plan the buyer had chosen (the steps' buttons are gone).
  useEffect(() => {
    if (!backToPlans || !plan) return;
    const cards = plansRef.current?.querySelectorAll<HTMLElement>('[data-plan-id]') ?? [];
    [...cards].find((card) => card.dataset.planId === plan._id)?.querySelector('button')?.focus();
  }, [backToPlans, plan]);

  // A guest who chose a plan and then logged in carries on with it.
  const waitingForLogin = askedToLogIn && plan !== null;
  if (waitingForLogin && !isGuest) {
    setAskedToLogIn(false);
    setStep('type');
  }

  const close = () => {
    forgetPaymentUrl();
    dispatch(paymentFlowReset());
    dispatch(subscriptionDialogClosed());
    // Spec §2: close goes back in history. A tab opened straight on /subscription has nowhere to go back to: it stays.
    if (window.history.length > 1) router.back();
  };

  const choosePlan = (chosen: VipPlan) => {
    setPlan(chosen);
    if (isGuest) {
      setAskedToLogIn(true);
      dispatch(loginDialogOpened());
      return;
    }
    setStep('type');
  };

  const pay = async (userInfo: PaymentUserInfo, qr = false) => {
    if (!plan || !method) return;
    // Where the purchase started (a locked episode's Subscribe Now sends `?returnTo=`): the return page offers it.
    const returnTo = new URLSearchParams(window.location.search).get('returnTo') ?? undefined;
    const result = await dispatch(generatePaymentLink({ vipPlanId: plan._id, paymentMethod: method, userInfo, qr, returnTo }));
    if (generatePaymentLink.fulfilled.match(result)) {
      setRedirecting(true);
      goToPaymentPage(result.payload.paymentUrl);
    }
  };

  const processing = paymentStatus === 'pending' || redirecting;

  return (
    <Modal
      onClose={close}
      title={SUBSCRIPTION_DIALOG_TITLE}
      className="max-w-5xl"
      scrollBody
      testId="subscription-dialog"
      footer={
        <p className="flex items-center justify-center gap-2 text-center text-xs text-fg-subtle">
          <LockIcon size={14} className="shrink-0" />
          Secure payment via a card payment provider
        </p>
      }
    >
      {step !== 'plans' && plan ? (
        <div className="mb-5 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl border border-gold-400/30 bg-gold-900/30 px-4 py-3 text-sm">
          <span className="font-semibold text-gold-200">{planTitle(plan)}</span>
          <span>{planPrice(plan)}</span>
          <span className="text-fg-muted">{planAccess(plan)}</span>
        </div>
      ) : null}

      {step === 'plans' ? (
        <div ref={plansRef}>
          {askedToLogIn && isGuest ? (
            <div role="alert" className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-kilig-400/30 bg-kilig-800/30 px-4 py-3 text-sm">
              <span>{LOGIN_FIRST}: log in to subscribe, and your VIP access follows you on every device.</span>
              <button type="button" className={buttonClass('primary', 'sm')} onClick={() => dispatch(loginDialogOpened())}>
                Log in
              </button>
            </div>
          ) : null}
          <PlanCards
            plans={plans}
            status={plansStatus}
            error={plansError}
            busyPlanId={processing && plan ? plan._id : null}
            onChoose={choosePlan}
            onRetry={() => void dispatch(fetchPlans())}
          />
        </div>
      ) : null}
      {step === 'type' ? (
        <PaymentTypeStep
          onBack={() => {
            setStep('plans');
            setBackToPlans((n) => n + 1);
          }}
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
          <p className="rounded-xl border border-red-400/30 bg-red-950/40 px-4 py-3 text-sm text-red-200">{paymentError}</p>
        ) : null}
      </div>
      <div role="status" className="mt-4 empty:hidden">
        {redirecting ? <p className="text-center text-sm text-fg-muted">Processing... Taking you to the secure payment page.</p> : null}
      </div>
    </Modal>
  );
}
