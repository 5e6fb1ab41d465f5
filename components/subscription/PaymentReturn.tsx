'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import type { PaymentCheck } from '@/lib/api/subscription';
import { genresHref, dashboardHref, subscriptionHref, walletHref } from '@/lib/routes';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { fetchUserProfile, selectIsGuest, selectSessionStatus, selectUser } from '@/store/auth/authSlice';
import { loginDialogOpened } from '@/store/ui/uiSlice';
import { clearPendingPayment, readPendingPayment, returnToOf } from '@/lib/checkout/pending-payment';
import { CoinIcon, CrownIcon, InfoIcon, PlayIcon } from '@/components/ui/icons';
import { confirmPurchase } from './confirm-purchase';
import { buttonClass } from '@/components/ui/styles';
import { usePaymentPolling, type PollState } from './use-payment-polling';

export const CHECKING_TEXT = 'Checking your payment…';

/** What a failed or expired payment did not do, by what it was for. */
const NOT_GRANTED: Record<NonNullable<PaymentCheck['kind']>, string> = {
  vip: 'VIP was not activated.',
  coins: 'No coins were added.',
  premium_video: 'The video was not unlocked.',
};

const noSubscribe = () => () => {};
const dateFormat = new Intl.DateTimeFormat('en-PH', { dateStyle: 'long', timeZone: 'Asia/Manila' });

function validUntil(iso: unknown): string | null {
  if (typeof iso !== 'string') return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : dateFormat.format(d);
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

  const returnTo = requestId && mounted ? returnToOf(requestId) : null;
  const settled = poll.phase === 'settled' ? poll.check : null;
  useEffect(() => {
    if (!settled || !user || announced.current === requestId) return;
    announced.current = requestId;
    clearPendingPayment();
    // A payment that bought nothing (refunded) or waits for a person grants nothing to confirm.
    if (settled.status !== 'paid' || settled.refund || settled.flagged) return;
    void (async () => {
      // The spec's confirmation call for what was bought; the grant itself came with the payment, so a reload
      // (already applied) skips it and toasts nothing again.
      const message = settled.applied ? null : await confirmPurchase(dispatch, settled, user._id);
      // isVip, the crown, the coin balance and every lock follow from the server's user: fetch it again (no re-login).
      await dispatch(fetchUserProfile(user._id));
      if (message?.ok) toast.success(message.text);
      else if (message) toast.error(message.text);
    })();
  }, [dispatch, requestId, settled, user]);

  const tryAgain = () => {
    const kind = settled?.kind ?? 'vip';
    if (kind === 'vip') router.push(subscriptionHref(returnTo ?? undefined));
    else router.push(returnTo ?? settled?.watchHref ?? walletHref());
  };

  if (!mounted) return <Checking />;
  if (!requestId) {
    return (
      <Panel>
        <h1 className="font-display text-2xl font-bold">No payment to check</h1>
        <p className="mt-2 text-sm text-fg-muted">We could not find a payment started from this browser.</p>
        <Link href={subscriptionHref()} className={buttonClass('vip', 'md', 'mt-6')}>
          <CrownIcon size={16} /> See subscription plans
        </Link>
      </Panel>
    );
  }
  if (!user || isGuest) {
    if (!sessionKnown && !user) return <Checking />;
    return (
      <Panel>
        <h1 className="font-display text-2xl font-bold">Log in to see your payment</h1>
        <p className="mt-2 text-sm text-fg-muted">Your payment belongs to your account. Log in with the account you paid with to check it.</p>
        <button type="button" className={buttonClass('primary', 'md', 'mt-6')} onClick={() => dispatch(loginDialogOpened())}>
          Log in
        </button>
      </Panel>
    );
  }
  return <Outcome poll={poll} onTryAgain={tryAgain} onCheckAgain={() => setRun((n) => n + 1)} requestId={requestId} returnTo={returnTo} />;
}

function Checking() {
  return (
    <Panel>
      <div role="status" className="flex flex-col items-center gap-4">
        <span aria-hidden="true" className="size-10 animate-spin rounded-full border-[3px] border-white/10 border-t-gold-300 motion-reduce:animate-none" />
        <h1 className="font-display text-2xl font-bold">{CHECKING_TEXT}</h1>
        <p className="text-sm text-fg-muted">This usually takes a few seconds. Please keep this page open.</p>
      </div>
    </Panel>
  );
}

function Outcome({
  poll,
  onTryAgain,
  onCheckAgain,
  requestId,
  returnTo,
}: {
  poll: PollState;
  onTryAgain: () => void;
  onCheckAgain: () => void;
  requestId: string;
  returnTo: string | null;
}) {
  if (poll.phase === 'checking') return <Checking />;
  if (poll.phase === 'timeout' || poll.phase === 'error') {
    return (
      <Panel>
        <div role="alert">
          <InfoIcon size={32} className="mx-auto text-gold-300" />
          <h1 className="mt-3 font-display text-2xl font-bold">
            {poll.phase === 'timeout' ? 'Your payment is still being confirmed' : 'We could not check your payment'}
          </h1>
          <p className="mt-2 text-sm text-fg-muted">
            {poll.phase === 'timeout'
              ? 'The payment provider has not confirmed it yet. This can take a few minutes; you will not be charged twice.'
              : poll.message}
          </p>
        </div>
        <p className="mt-3 text-xs text-fg-subtle">Reference: {requestId}</p>
        <button type="button" className={buttonClass('primary', 'md', 'mt-6')} onClick={onCheckAgain}>
          Check again
        </button>
      </Panel>
    );
  }

  const { check } = poll;
  const kind = check.kind ?? 'vip';
  if (check.status === 'refunded' || check.refund) {
    const done = check.status === 'refunded';
    return (
      <Panel>
        <div role="status" data-testid="payment-refund">
          <InfoIcon size={32} className="mx-auto text-gold-300" />
          <h1 className="mt-3 font-display text-2xl font-bold">{done ? 'Payment refunded' : 'Your payment is being refunded'}</h1>
          <p className="mt-2 text-sm text-fg-muted">
            {check.refund?.reason ?? 'This payment was not needed.'} {done ? 'The money went back to your payment method.' : 'You will not be charged for it.'}
          </p>
        </div>
        <p className="mt-3 text-xs text-fg-subtle">Reference: {requestId}</p>
        <Link href={returnTo ?? dashboardHref()} className={buttonClass('primary', 'md', 'mt-6')}>
          Continue
        </Link>
      </Panel>
    );
  }
  if (check.status === 'paid' && check.flagged) {
    return (
      <Panel>
        <div role="status" data-testid="payment-review">
          <InfoIcon size={32} className="mx-auto text-gold-300" />
          <h1 className="mt-3 font-display text-2xl font-bold">Payment received, being checked</h1>
          <p className="mt-2 text-sm text-fg-muted">
            We received your payment but could not apply it automatically. Our team is checking it and will apply or refund it; you will not be charged twice.
          </p>
        </div>
        <p className="mt-3 text-xs text-fg-subtle">Reference: {requestId}</p>
      </Panel>
    );
  }
  if (check.status === 'paid' && kind === 'coins') {
    const balance = typeof check.user?.coins === 'number' ? check.user.coins : null;
    return (
      <Panel tone="vip">
        <div role="status" data-testid="payment-success">
          <span className="mx-auto inline-flex size-16 items-center justify-center rounded-full bg-gold-400 text-gold-900">
            <CoinIcon size={32} />
          </span>
          <h1 className="mt-4 font-display text-3xl font-bold text-gold-200">Coins added</h1>
          <p className="mt-2 text-fg-muted">Payment received. Your coins are in your wallet.</p>
          {balance !== null ? (
            <p className="mt-1 text-sm font-semibold text-gold-200" data-testid="payment-coin-balance">
              Balance: {balance.toLocaleString('en-PH')} coins
            </p>
          ) : null}
        </div>
        <p className="mt-3 text-xs text-fg-subtle">Reference: {requestId}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {returnTo ? (
            <Link href={returnTo} className={buttonClass('vip')}>
              Back to where you were
            </Link>
          ) : null}
          <Link href={walletHref()} className={buttonClass(returnTo ? 'secondary' : 'vip')}>
            Go to your wallet
          </Link>
        </div>
      </Panel>
    );
  }
  if (check.status === 'paid' && kind === 'premium_video') {
    return (
      <Panel tone="vip">
        <div role="status" data-testid="payment-success">
          <span className="mx-auto inline-flex size-16 items-center justify-center rounded-full bg-gold-400 text-gold-900">
            <PlayIcon size={32} />
          </span>
          <h1 className="mt-4 font-display text-3xl font-bold text-gold-200">Purchase complete</h1>
          <p className="mt-2 text-fg-muted">Payment received. The video is yours to watch, as often as you like.</p>
        </div>
        <p className="mt-3 text-xs text-fg-subtle">Reference: {requestId}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {check.watchHref || returnTo ? (
            <Link href={(check.watchHref ?? returnTo)!} className={buttonClass('vip')}>
              <PlayIcon size={16} /> Watch now
            </Link>
          ) : null}
          <Link href={dashboardHref()} className={buttonClass('secondary')}>
            View receipt
          </Link>
        </div>
      </Panel>
    );
  }
  if (check.status === 'paid') {
    const vip = check.user;
    const until = vip?.vipLifetime ? 'Lifetime access' : validUntil(vip?.vipExpiresAt) ? `VIP until ${validUntil(vip?.vipExpiresAt)}` : null;
    return (
      <Panel tone="vip">
        <div role="status" data-testid="payment-success">
          <span className="mx-auto inline-flex size-16 items-center justify-center rounded-full bg-gold-400 text-gold-900">
            <CrownIcon size={32} />
          </span>
          <h1 className="mt-4 font-display text-3xl font-bold text-gold-200">Subscribed</h1>
          <p className="mt-2 text-fg-muted">Payment received. You now have access to all videos.</p>
          {until ? <p className="mt-1 text-sm font-semibold text-gold-200">{until}</p> : null}
        </div>
        <p className="mt-3 text-xs text-fg-subtle">Reference: {requestId}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link href={returnTo ?? genresHref()} className={buttonClass('vip')}>
            Start watching
          </Link>
          <Link href={dashboardHref()} className={buttonClass('secondary')}>
            View receipt
          </Link>
        </div>
      </Panel>
    );
  }

  const expired = check.status === 'expired' || check.status === 'cancelled';
  return (
    <Panel tone="bad">
      <div role="alert" data-testid="payment-failure">
        <h1 className="font-display text-2xl font-bold">{check.status === 'cancelled' ? 'Payment cancelled' : expired ? 'Payment expired' : 'Payment failed'}</h1>
        <p className="mt-2 text-sm text-fg-muted">
          {expired ? 'The payment page closed before the payment was completed. ' : 'Your payment did not go through, so '}
          {expired ? NOT_GRANTED[kind] : NOT_GRANTED[kind].charAt(0).toLowerCase() + NOT_GRANTED[kind].slice(1)}
        </p>
        {typeof check.failureReason === 'string' && check.failureReason ? (
          <p className="mt-2 text-sm text-red-200">{check.failureReason}</p>
        ) : null}
      </div>
      <p className="mt-3 text-xs text-fg-subtle">Reference: {requestId}</p>
      <button type="button" className={buttonClass('vip', 'md', 'mt-6')} onClick={onTryAgain}>
        Try again
      </button>
    </Panel>
  );
}
