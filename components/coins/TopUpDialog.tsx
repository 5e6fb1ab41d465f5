'use client';

import { useEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import type { PaymentType, PaymentUserInfo } from '@/lib/api/subscription';
import { PAYMENT_ERROR_CLEAR_MS } from '@/lib/constants';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsGuest, selectUser } from '@/store/auth/authSlice';
import { loginDialogOpened, selectTopUpForUnlock, topUpDialogClosed } from '@/store/ui/uiSlice';
import {
  fetchPlans,
  paymentErrorCleared,
  selectCoinBalance,
  selectCoinPlans,
  selectCoinPlansError,
  selectCoinPlansStatus,
  selectTopUpError,
  selectTopUpStatus,
  startTopUp,
  topUpFlowReset,
} from '@/store/coins/coinSlice';
import type { CoinPlan } from '@/lib/api/coins';
import { forgetPaymentUrl } from '@/lib/checkout/pending-payment';
import { Modal } from '@/components/dialogs/Modal';
import { PaymentInfoStep, PaymentMethodStep, PaymentTypeStep, userInfoOf } from '@/components/subscription/PaymentSteps';
import { goToPaymentPage } from '@/components/subscription/navigate';
import { CoinIcon, LockIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';
import { coinsLabel, perCoin, planPesos } from './coin-format';

export const TOP_UP_TITLE = 'Top up coins';
export const LOGIN_FIRST = 'Please login first';

type Step = 'plans' | 'type' | 'method' | 'info';

/**
 * The global top-up dialog (spec §2 'Global dialogs'): coin plans as cards (coins + bonus, the peso price and what
 * one coin comes to), then the VIP dialog's payment steps, then the gateway's page. The pending payment is saved
 * before leaving, with the page the top-up started from, so the return page can offer to go back there.
 */
export function TopUpDialog() {
  const dispatch = useAppDispatch();
  const isGuest = useAppSelector(selectIsGuest);
  const user = useAppSelector(selectUser);
  const balance = useAppSelector(selectCoinBalance);
  const plans = useAppSelector(selectCoinPlans);
  const plansStatus = useAppSelector(selectCoinPlansStatus);
  const plansError = useAppSelector(selectCoinPlansError);
  const paymentStatus = useAppSelector(selectTopUpStatus);
  const paymentError = useAppSelector(selectTopUpError);
  const forUnlock = useAppSelector(selectTopUpForUnlock);

  const [step, setStep] = useState<Step>('plans');
  const [plan, setPlan] = useState<CoinPlan | null>(null);
  const [paymentType, setPaymentType] = useState<PaymentType | null>(null);
  const [method, setMethod] = useState<string | null>(null);
  const [askedToLogIn, setAskedToLogIn] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [backToPlans, setBackToPlans] = useState(0);
  const plansRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (plansStatus === 'idle') void dispatch(fetchPlans());
  }, [dispatch, plansStatus]);

  // Spec §4 / §9: the payment error notice clears after 5 s.
  useEffect(() => {
    if (!paymentError) return;
    const timer = window.setTimeout(() => dispatch(paymentErrorCleared()), PAYMENT_ERROR_CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, [dispatch, paymentError]);

  useEffect(() => {
    if (!backToPlans || !plan) return;
    plansRef.current?.querySelector<HTMLElement>(`[data-plan-id="${CSS.escape(plan._id)}"] button`)?.focus();
  }, [backToPlans, plan]);

  // A guest who chose a plan and then logged in carries on with it.
  if (askedToLogIn && plan !== null && !isGuest) {
    setAskedToLogIn(false);
    setStep('type');
  }

  const close = () => {
    forgetPaymentUrl();
    dispatch(topUpFlowReset());
    dispatch(topUpDialogClosed());
  };

  const choosePlan = (chosen: CoinPlan) => {
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
    // Opened by 'Unlock' with too few coins: back on this episode after paying, the unlock is one tap away.
    const unlockVideoId = forUnlock ?? undefined;
    const result = await dispatch(startTopUp({ coinPlanId: plan._id, paymentMethod: method, userInfo, qr, returnTo: window.location.pathname, unlockVideoId }));
    if (startTopUp.fulfilled.match(result)) {
      setRedirecting(true);
      goToPaymentPage(result.payload.paymentUrl);
    }
  };

  const processing = paymentStatus === 'pending' || redirecting;

  return (
    <Modal
      onClose={close}
      title={TOP_UP_TITLE}
      description={balance !== null ? `Your balance: ${coinsLabel(balance)}` : 'Coins unlock premium episodes, one at a time.'}
      className="max-w-4xl"
      scrollBody
      testId="top-up-dialog"
      footer={
        <p className="flex items-center justify-center gap-2 text-center text-xs text-fg-subtle">
          <LockIcon size={14} className="shrink-0" />
          Secure payment via a card payment provider
        </p>
      }
    >
      {step !== 'plans' && plan ? (
        <div className="mb-5 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl border border-gold-400/30 bg-gold-900/30 px-4 py-3 text-sm" data-testid="chosen-plan">
          <span className="font-semibold text-gold-200">{coinsLabel(plan.totalCoins)}</span>
          <span>{planPesos(plan)}</span>
          {plan.bonusCoins > 0 ? <span className="text-fg-muted">incl. {coinsLabel(plan.bonusCoins)} bonus</span> : null}
        </div>
      ) : null}

      {step === 'plans' ? (
        <>
          {isGuest ? (
            <div role="alert" className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-kilig-400/30 bg-kilig-800/30 px-4 py-3 text-sm">
              <span>{LOGIN_FIRST}: log in to buy coins, and they stay with your account on every device.</span>
              <button type="button" className={buttonClass('primary', 'sm')} onClick={() => dispatch(loginDialogOpened())}>
                Log in
              </button>
            </div>
          ) : null}
          <CoinPlanCards
            listRef={plansRef}
            plans={plans}
            status={plansStatus}
            error={plansError}
            busyPlanId={processing && plan ? plan._id : null}
            onChoose={choosePlan}
            onRetry={() => void dispatch(fetchPlans())}
          />
        </>
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

      <div role="alert" className="mt-4 empty:hidden">
        {paymentError ? (
          <p className="rounded-xl border border-red-400/30 bg-red-950/40 px-4 py-3 text-sm text-red-200" data-testid="top-up-error">
            {paymentError}
          </p>
        ) : null}
      </div>
      <div role="status" className="mt-4 empty:hidden">
        {redirecting ? <p className="text-center text-sm text-fg-muted">Processing... Taking you to the secure payment page.</p> : null}
      </div>
    </Modal>
  );
}

type CardsProps = {
  listRef: React.RefObject<HTMLUListElement | null>;
  plans: CoinPlan[];
  status: 'idle' | 'pending' | 'succeeded' | 'failed';
  error: string | null;
  busyPlanId: string | null;
  onChoose: (plan: CoinPlan) => void;
  onRetry: () => void;
};

/** Loading, error and empty states, then one card per coin plan in the server's order. */
export function CoinPlanCards({ listRef, plans, status, error, busyPlanId, onChoose, onRetry }: CardsProps) {
  if (status === 'idle' || status === 'pending') {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-14 text-sm text-fg-muted">
        <span aria-hidden="true" className="size-8 animate-spin rounded-full border-[3px] border-white/10 border-t-gold-300 motion-reduce:animate-none" />
        Loading coin plans...
      </div>
    );
  }
  if (status === 'failed') {
    return (
      <div className="flex flex-col items-center gap-4 py-12 text-center">
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (plans.length === 0) {
    return (
      <div className="py-12 text-center">
        <h3 className="font-semibold">No coin plans available</h3>
        <p className="mt-1 text-sm text-fg-muted">Please check back later for available plans.</p>
      </div>
    );
  }
  return (
    <ul ref={listRef} className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 md:grid-cols-3" aria-label="Coin plans">
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
  );
}
