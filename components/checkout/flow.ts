import type { PaymentCheck } from '@/lib/contracts/subscription';
import type { PendingPaymentKind } from '@/lib/checkout/pending-payment';
import { PAYMENT_ERROR_CLEAR_MS, type PaymentType } from '@/lib/constants';

/**
 * The checkout of every product (VIP plan, coin plan, premium video) as plain state and transitions, so the order of
 * the steps, the 5 s error notice and the return page's outcomes are decided in one place and tested without a
 * browser. The dialog and the return page only render what these functions answer and run their timers.
 */

// --- The dialog: the product's first step → payment type → method → information → the gateway (page or QR) -------

export type CheckoutStep = 'product' | 'type' | 'method' | 'info';

export type PaymentPhase =
  | { phase: 'idle' }
  /** The payment link is on its way; `qr`: the wallet's QR variant was asked for. */
  | { phase: 'paying'; qr: boolean }
  /** Leaving for the gateway's page, which shows the QR code when `qr`. */
  | { phase: 'redirecting'; url: string; qr: boolean };

export type CheckoutState<Item> = {
  step: CheckoutStep;
  /** What the buyer picked in the product's first step (a plan, the video). */
  item: Item | null;
  paymentType: PaymentType | null;
  method: string | null;
  /** A guest picked something and was asked to log in; the flow carries on once they have. */
  waitingForLogin: boolean;
  payment: PaymentPhase;
  /** The notice after a failed start; `id` tells one notice from the next, so an old timer clears nothing new. */
  error: { message: string; id: number } | null;
  /** Counts the ways back to the first step, so the view can return focus to the chosen item each time. */
  backToProduct: number;
};

export type CheckoutAction<Item> =
  | { type: 'itemChosen'; item: Item; guest: boolean }
  | { type: 'loggedIn' }
  | { type: 'typeChosen'; paymentType: PaymentType }
  | { type: 'methodChosen'; method: string }
  | { type: 'back' }
  | { type: 'payRequested'; qr: boolean }
  /** `message` null: nothing to say (the request never left, another one was still running). */
  | { type: 'payFailed'; message: string | null }
  | { type: 'linkReady'; url: string }
  | { type: 'errorExpired'; id: number };

export function initialCheckout<Item>(): CheckoutState<Item> {
  return { step: 'product', item: null, paymentType: null, method: null, waitingForLogin: false, payment: { phase: 'idle' }, error: null, backToProduct: 0 };
}

/** Spec §4 / §9: the payment error notice clears after 5 seconds. */
export const ERROR_CLEAR_MS = PAYMENT_ERROR_CLEAR_MS;

export const isProcessing = (state: CheckoutState<unknown>) => state.payment.phase !== 'idle';

export function checkoutReducer<Item>(state: CheckoutState<Item>, action: CheckoutAction<Item>): CheckoutState<Item> {
  switch (action.type) {
    case 'itemChosen':
      if (state.step !== 'product' || isProcessing(state)) return state;
      return action.guest ? { ...state, item: action.item, waitingForLogin: true } : { ...state, item: action.item, waitingForLogin: false, step: 'type' };
    case 'loggedIn':
      return state.waitingForLogin && state.item !== null ? { ...state, waitingForLogin: false, step: 'type' } : state;
    case 'typeChosen':
      return state.step === 'type' ? { ...state, paymentType: action.paymentType, step: 'method' } : state;
    case 'methodChosen':
      return state.step === 'method' ? { ...state, method: action.method, step: 'info' } : state;
    case 'back':
      if (isProcessing(state)) return state;
      if (state.step === 'info') return { ...state, step: 'method' };
      if (state.step === 'method') return { ...state, step: 'type' };
      if (state.step === 'type') return { ...state, step: 'product', backToProduct: state.backToProduct + 1 };
      return state;
    case 'payRequested':
      return state.step === 'info' && !isProcessing(state) ? { ...state, payment: { phase: 'paying', qr: action.qr } } : state;
    case 'payFailed': {
      if (state.payment.phase !== 'paying') return state;
      const error = action.message ? { message: action.message, id: (state.error?.id ?? 0) + 1 } : state.error;
      return { ...state, payment: { phase: 'idle' }, error };
    }
    case 'linkReady':
      return state.payment.phase === 'paying' ? { ...state, payment: { phase: 'redirecting', url: action.url, qr: state.payment.qr } } : state;
    case 'errorExpired':
      return state.error?.id === action.id ? { ...state, error: null } : state;
  }
}

// --- The return page: poll until the payment settles, then say what it did ----------------------------------------

/**
 * The webhook usually lands within a second or two of the buyer's return, so the first checks come quickly and then
 * back off; after POLL_MAX_MS the page stops and offers to check again (a reconciliation job settles late payments on
 * the server meanwhile).
 */
export const POLL_FIRST_DELAY_MS = 1000;
export const POLL_BACKOFF = 1.5;
export const POLL_MAX_DELAY_MS = 8000;
export const POLL_MAX_MS = 120_000;
/** Errors in a row (network, server) after which polling stops and says so. */
export const POLL_MAX_ERRORS = 3;

export type PollState =
  /** `checks`: answers so far (the first check asks the gateway, later ones only read); `wait`: until the next check. */
  | { phase: 'checking'; startedAt: number; checks: number; errors: number; wait: number; nextWait: number }
  | { phase: 'settled'; check: PaymentCheck }
  | { phase: 'timeout' }
  | { phase: 'error'; message: string };

export type PollAction = { type: 'answered'; check: PaymentCheck; now: number } | { type: 'failed'; message: string; now: number };

export const pollStarted = (now: number): PollState => ({ phase: 'checking', startedAt: now, checks: 0, errors: 0, wait: 0, nextWait: POLL_FIRST_DELAY_MS });

export function pollReducer(state: PollState, action: PollAction): PollState {
  if (state.phase !== 'checking') return state;
  let errors = 0;
  if (action.type === 'answered') {
    // Anything but pending is where the payment ends up (paid, failed, expired, cancelled, refunded).
    if (action.check.status !== 'pending') return { phase: 'settled', check: action.check };
  } else if ((errors = state.errors + 1) >= POLL_MAX_ERRORS) {
    return { phase: 'error', message: action.message };
  }
  if (action.now - state.startedAt + state.nextWait > POLL_MAX_MS) return { phase: 'timeout' };
  return { ...state, checks: state.checks + 1, errors, wait: state.nextWait, nextWait: Math.min(POLL_MAX_DELAY_MS, Math.round(state.nextWait * POLL_BACKOFF)) };
}

/** The server names a premium video's payment 'premium_video'; answers without a kind are VIP (the older shape). */
export const kindOfCheck = (check: Pick<PaymentCheck, 'kind'>): PendingPaymentKind =>
  check.kind === 'premium_video' ? 'premium' : (check.kind ?? 'vip');

export type PaymentOutcome =
  /** The payment bought nothing (the buyer already had it): its refund, pending or done. */
  | { view: 'refund'; done: boolean }
  /** Paid, but a person must look at it before anything is granted. */
  | { view: 'review' }
  | { view: 'paid'; kind: PendingPaymentKind }
  | { view: 'unpaid'; kind: PendingPaymentKind; reason: 'failed' | 'expired' | 'cancelled' };

export function outcomeOf(check: PaymentCheck): PaymentOutcome {
  const kind = kindOfCheck(check);
  if (check.status === 'refunded' || check.refund) return { view: 'refund', done: check.status === 'refunded' };
  if (check.status === 'paid') return check.flagged ? { view: 'review' } : { view: 'paid', kind };
  return { view: 'unpaid', kind, reason: check.status === 'expired' || check.status === 'cancelled' ? check.status : 'failed' };
}

/** A settled payment whose purchase is confirmed with the spec's call (and toasted): paid, not refunded, not held. */
export const needsConfirmation = (check: PaymentCheck) => outcomeOf(check).view === 'paid';

export type ReturnPageView =
  | { view: 'checking' }
  | { view: 'noPayment' }
  | { view: 'logIn' }
  | { view: 'stalled'; requestId: string; reason: 'timeout' | 'error'; message: string | null }
  | { view: 'outcome'; requestId: string; check: PaymentCheck; outcome: PaymentOutcome };

/** What the return page shows, from what the browser knows (mounted, the request id, the session) and the poll. */
export function returnPageView({
  mounted,
  requestId,
  hasUser,
  guest,
  sessionKnown,
  poll,
}: {
  mounted: boolean;
  requestId: string | null;
  hasUser: boolean;
  guest: boolean;
  /** The stored session has been restored (or found missing): no user now means nobody is logged in. */
  sessionKnown: boolean;
  poll: PollState;
}): ReturnPageView {
  if (!mounted) return { view: 'checking' };
  if (!requestId) return { view: 'noPayment' };
  if (!hasUser || guest) return !hasUser && !sessionKnown ? { view: 'checking' } : { view: 'logIn' };
  if (poll.phase === 'checking') return { view: 'checking' };
  if (poll.phase === 'timeout') return { view: 'stalled', requestId, reason: 'timeout', message: null };
  if (poll.phase === 'error') return { view: 'stalled', requestId, reason: 'error', message: poll.message };
  return { view: 'outcome', requestId, check: poll.check, outcome: outcomeOf(poll.check) };
}
