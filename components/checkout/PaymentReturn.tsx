'use client';

import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Link, useRouter } from '@/i18n/navigation';
import { notify } from '@/store/toast';
import type { PaymentCheck } from '@/lib/contracts/subscription';
import { clearPendingPayment, readPendingPayment, returnToOf } from '@/lib/checkout/pending-payment';
import { genresHref, dashboardHref, subscriptionHref, walletHref } from '@/lib/routes';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { fetchUserProfile } from '@/store/auth/thunks';
import { selectIsGuest, selectSessionStatus, selectUser } from '@/store/auth/selectors';
import { loginDialogOpened } from '@/store/ui/slice';
import { CoinIcon, CrownIcon, InfoIcon, PlayIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';
import { kindOfCheck, needsConfirmation, returnPageView, type PaymentOutcome } from './flow';
import { AFTER_PAYMENT } from './products';
import { usePaymentPolling } from './use-payment-polling';
import { useMessageText } from '@/lib/message-text';
import { formatDate } from '@/lib/format';

export const CHECKING_TEXT = 'Checking your payment…';

const noSubscribe = () => () => {};

function validUntil(iso: unknown): Date | null {
  if (typeof iso !== 'string') return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

function Panel({ children, tone = 'plain' }: { children: ReactNode; tone?: 'plain' | 'vip' | 'bad' }) {
  const toneClass =
    tone === 'vip'
      ? 'border-gold-400/40 bg-gradient-to-br from-gold-900/60 via-ink-900 to-ink-900'
      : tone === 'bad'
        ? 'border-red-400/30 bg-ink-900/80'
        : 'border-white/10 bg-ink-900/80';
  return <section className={`mx-auto mt-8 max-w-xl rounded-3xl border p-6 text-center sm:p-10 md:mt-16 ${toneClass}`}>{children}</section>;
}

/**
 * Where the gateway sends the buyer back (`/payment/return?requestId=…`): polls check-payment, then shows
 * 'Subscribed' with the crown and the success toast, or the failure with a way to try again. The user in the store is
 * refreshed from the server, so the header shows the crown without a new login.
 */
export function PaymentReturn({ requestId: fromUrl }: { requestId: string | null }) {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const t = useTranslations('checkout.return');
  const user = useAppSelector(selectUser);
  const isGuest = useAppSelector(selectIsGuest);
  const session = useAppSelector(selectSessionStatus);
  const mounted = useSyncExternalStore(noSubscribe, () => true, () => false);
  // Without one in the URL, the attempt this browser left for the gateway with (saved before the redirect).
  const requestId = fromUrl || (mounted ? (readPendingPayment()?.requestId ?? null) : null);
  const sessionKnown = session === 'succeeded' || session === 'failed';
  const [run, setRun] = useState(0);
  const poll = usePaymentPolling(requestId, Boolean(user) && !isGuest, run);
  const announced = useRef<string | null>(null);
  const view = returnPageView({ mounted, requestId, hasUser: Boolean(user), guest: isGuest, sessionKnown, poll });

  const returnTo = requestId && mounted ? returnToOf(requestId) : null;
  const settled = poll.phase === 'settled' ? poll.check : null;
  useEffect(() => {
    if (!settled || !user || announced.current === requestId) return;
    announced.current = requestId;
    clearPendingPayment();
    // A payment that bought nothing (refunded) or waits for a person grants nothing to confirm.
    if (!needsConfirmation(settled)) return;
    void (async () => {
      // The spec's confirmation call for what was bought; the grant itself came with the payment, so a reload
      // (already applied) skips it and toasts nothing again.
      const message = settled.applied ? null : await AFTER_PAYMENT[kindOfCheck(settled)].confirm(dispatch, settled, user._id);
      // isVip, the crown, the coin balance and every lock follow from the server's user: fetch it again (no re-login).
      await dispatch(fetchUserProfile(user._id));
      if (message?.ok) notify.success(message.message);
      else if (message) notify.error(message.message);
    })();
  }, [dispatch, requestId, settled, user]);

  if (view.view === 'checking') return <Checking />;
  if (view.view === 'noPayment') {
    return (
      <Panel>
        <h1 className="font-display text-2xl font-bold">{t('noPaymentTitle')}</h1>
        <p className="mt-2 text-sm text-fg-muted">{t('noPaymentText')}</p>
        <Link href={subscriptionHref()} className={buttonClass('vip', 'md', 'mt-6')}>
          <CrownIcon size={16} /> {t('seePlans')}
        </Link>
      </Panel>
    );
  }
  if (view.view === 'logIn') {
    return (
      <Panel>
        <h1 className="font-display text-2xl font-bold">{t('logInTitle')}</h1>
        <p className="mt-2 text-sm text-fg-muted">{t('logInText')}</p>
        <button type="button" className={buttonClass('primary', 'md', 'mt-6')} onClick={() => dispatch(loginDialogOpened())}>
          {t('logIn')}
        </button>
      </Panel>
    );
  }
  if (view.view === 'stalled') return <Stalled {...view} onCheckAgain={() => setRun((n) => n + 1)} />;
  const { check } = view;
  return <Outcome {...view} onTryAgain={() => router.push(AFTER_PAYMENT[kindOfCheck(check)].retryHref(returnTo, check))} returnTo={returnTo} />;
}

function Checking() {
  const t = useTranslations('checkout.return');
  return (
    <Panel>
      <div role="status" className="flex flex-col items-center gap-4">
        <span aria-hidden="true" className="size-10 animate-spin rounded-full border-[3px] border-white/10 border-t-gold-300 motion-reduce:animate-none" />
        <h1 className="font-display text-2xl font-bold">{t('checking')}</h1>
        <p className="text-sm text-fg-muted">{t('checkingText')}</p>
      </div>
    </Panel>
  );
}

/** Polling stopped without an answer: still pending after two minutes, or errors in a row. */
function Stalled({ reason, message, onCheckAgain, requestId }: { reason: 'timeout' | 'error'; message: string | null; onCheckAgain: () => void; requestId: string }) {
  const t = useTranslations('checkout.return');
  const errorText = useMessageText();
  return (
    <InfoPanel
      role="alert"
      title={reason === 'timeout' ? t('stillConfirming') : t('couldNotCheck')}
      text={reason === 'timeout' ? t('stillConfirmingText') : message && errorText(message)}
      requestId={requestId}
    >
      <button type="button" className={buttonClass('primary', 'md', 'mt-6')} onClick={onCheckAgain}>
        {t('checkAgain')}
      </button>
    </InfoPanel>
  );
}

function Outcome({
  check,
  outcome,
  onTryAgain,
  requestId,
  returnTo,
}: {
  check: PaymentCheck;
  outcome: PaymentOutcome;
  onTryAgain: () => void;
  requestId: string;
  returnTo: string | null;
}) {
  const t = useTranslations('checkout.return');
  const locale = useLocale();
  if (outcome.view === 'refund') {
    const { done } = outcome;
    return (
      <InfoPanel
        role="status"
        testId="payment-refund"
        title={done ? t('refunded') : t('refunding')}
        text={`${check.refund?.reason ?? t('refundNotNeeded')} ${done ? t('refundDone') : t('refundPending')}`}
        requestId={requestId}
      >
        <Link href={returnTo ?? dashboardHref()} className={buttonClass('primary', 'md', 'mt-6')}>
          {t('continue')}
        </Link>
      </InfoPanel>
    );
  }
  if (outcome.view === 'review') {
    return (
      <InfoPanel
        role="status"
        testId="payment-review"
        title={t('reviewTitle')}
        text={t('reviewText')}
        requestId={requestId}
      />
    );
  }
  if (outcome.view === 'paid' && outcome.kind === 'coins') {
    const balance = typeof check.user?.coins === 'number' ? check.user.coins : null;
    return (
      <PaidPanel
        icon={<CoinIcon size={32} />}
        title={t('coinsTitle')}
        text={t('coinsText')}
        requestId={requestId}
        detail={
          balance !== null ? (
            <p className="mt-1 text-sm font-semibold text-gold-200" data-testid="payment-coin-balance">
              {t('balance', { coins: balance })}
            </p>
          ) : null
        }
      >
        {returnTo ? (
          <Link href={returnTo} className={buttonClass('vip')}>
            {t('backToWhereYouWere')}
          </Link>
        ) : null}
        <Link href={walletHref()} className={buttonClass(returnTo ? 'secondary' : 'vip')}>
          {t('toWallet')}
        </Link>
      </PaidPanel>
    );
  }
  if (outcome.view === 'paid' && outcome.kind === 'premium') {
    const watch = check.watchHref ?? returnTo;
    return (
      <PaidPanel icon={<PlayIcon size={32} />} title={t('premiumTitle')} text={t('premiumText')} requestId={requestId}>
        {watch ? (
          <Link href={watch} className={buttonClass('vip')}>
            <PlayIcon size={16} /> {t('watchNow')}
          </Link>
        ) : null}
        <ReceiptLink />
      </PaidPanel>
    );
  }
  if (outcome.view === 'paid') {
    const vip = check.user;
    const untilDate = validUntil(vip?.vipExpiresAt);
    const until = vip?.vipLifetime ? t('lifetime') : untilDate ? t('vipUntil', { date: formatDate(untilDate, locale) }) : null;
    return (
      <PaidPanel
        icon={<CrownIcon size={32} />}
        title={t('vipTitle')}
        text={t('vipText')}
        requestId={requestId}
        detail={until ? <p className="mt-1 text-sm font-semibold text-gold-200">{until}</p> : null}
      >
        <Link href={returnTo ?? genresHref()} className={buttonClass('vip')}>
          {t('startWatching')}
        </Link>
        <ReceiptLink />
      </PaidPanel>
    );
  }

  const expired = outcome.reason !== 'failed';
  return (
    <Panel tone="bad">
      <div role="alert" data-testid="payment-failure">
        <h1 className="font-display text-2xl font-bold">{t(outcome.reason === 'cancelled' ? 'cancelled' : expired ? 'expired' : 'failed')}</h1>
        <p className="mt-2 text-sm text-fg-muted">{t(expired ? 'expiredText' : 'failedText', { kind: outcome.kind })}</p>
        {typeof check.failureReason === 'string' && check.failureReason ? (
          <p className="mt-2 text-sm text-red-200">{check.failureReason}</p>
        ) : null}
      </div>
      <Reference requestId={requestId} />
      <button type="button" className={buttonClass('vip', 'md', 'mt-6')} onClick={onTryAgain}>
        {t('tryAgain')}
      </button>
    </Panel>
  );
}

function ReceiptLink() {
  const t = useTranslations('checkout.return');
  return (
    <Link href={dashboardHref()} className={buttonClass('secondary')}>
      {t('viewReceipt')}
    </Link>
  );
}

/** A paid purchase: what it bought, the reference, and where to go next. */
function PaidPanel({ icon, title, text, detail, requestId, children }: { icon: ReactNode; title: string; text: string; detail?: ReactNode; requestId: string; children: ReactNode }) {
  return (
    <Panel tone="vip">
      <div role="status" data-testid="payment-success">
        <span className="mx-auto inline-flex size-16 items-center justify-center rounded-full bg-gold-400 text-gold-900">{icon}</span>
        <h1 className="mt-4 font-display text-3xl font-bold text-gold-200">{title}</h1>
        <p className="mt-2 text-fg-muted">{text}</p>
        {detail}
      </div>
      <Reference requestId={requestId} />
      <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>
    </Panel>
  );
}

function Reference({ requestId }: { requestId: string }) {
  const t = useTranslations('checkout.return');
  return <p className="mt-3 text-xs text-fg-subtle">{t('reference', { requestId })}</p>;
}

/** Neither paid nor failed: still being confirmed, not checkable, refunded or waiting for a person. */
function InfoPanel({
  role,
  testId,
  title,
  text,
  requestId,
  children,
}: {
  role: 'alert' | 'status';
  testId?: string;
  title: string;
  text: ReactNode;
  requestId: string;
  children?: ReactNode;
}) {
  return (
    <Panel>
      <div role={role} data-testid={testId}>
        <InfoIcon size={32} className="mx-auto text-gold-300" />
        <h1 className="mt-3 font-display text-2xl font-bold">{title}</h1>
        <p className="mt-2 text-sm text-fg-muted">{text}</p>
      </div>
      <Reference requestId={requestId} />
      {children}
    </Panel>
  );
}
