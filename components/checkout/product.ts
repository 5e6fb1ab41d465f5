import type { UnknownAction } from '@reduxjs/toolkit';
import type { PaymentCheck, PaymentUserInfo } from '@/lib/contracts/subscription';
import type { PendingPaymentKind } from '@/lib/checkout/pending-payment';
import type { ToastMessage } from '@/lib/message-text';
import type { AppDispatch, RootState } from '@/store/store';

/**
 * What one product (VIP plan, coin plan, premium video) tells the shared checkout: its dialog's title and first step,
 * how its payment starts, and what the return page does once it is paid. Everything else is the one flow.
 */

export type PaymentChoice = { method: string; userInfo: PaymentUserInfo; qr: boolean };

/** `message` null: nothing to show (the request never left). `logIn`: the server no longer knows the buyer. */
export type StartResult = { ok: true; paymentUrl: string } | { ok: false; message: string | null; logIn?: boolean };

/** What the flow needs of a payment-link thunk: to tell its answer (the URL) from its rejection. */
type LinkThunk<Rejected> = {
  fulfilled: { match: (action: unknown) => action is { payload: { paymentUrl: string } } };
  rejected: { match: (action: unknown) => action is { payload: Rejected | undefined } };
};

/** The flow's answer from a payment-link thunk's; a rejection is its message unless `failure` reads it otherwise. */
export function linkResult<Rejected>(
  thunk: LinkThunk<Rejected>,
  action: unknown,
  failure: (rejected: Rejected | undefined) => StartResult = (rejected) => ({ ok: false, message: typeof rejected === 'string' ? rejected : null }),
): StartResult {
  if (thunk.fulfilled.match(action)) return { ok: true, paymentUrl: action.payload.paymentUrl };
  return failure(thunk.rejected.match(action) ? action.payload : undefined);
}

/** The toast a confirmed (or refused) purchase earns: a toasts key, or the server's words. */
export type PurchaseMessage = { ok: boolean; message: ToastMessage };

/** The return page's part of a product (what a failed payment did not grant is in its words, by `kind`). */
export type AfterPayment = {
  /** The spec's confirmation call after a paid payment, and the toast it earns (null: nothing to say). */
  confirm: (dispatch: AppDispatch, check: PaymentCheck, userId: string) => Promise<PurchaseMessage | null>;
  /** Where 'Try again' goes after a failed payment. */
  retryHref: (returnTo: string | null, check: PaymentCheck) => string;
};

/**
 * `kind` also names the product's words (the checkout namespace's `products.{kind}`: the dialog's title, the link
 * back to its first step, the 'Please login first' notice).
 */
export type CheckoutProduct<Item extends { _id: string }> = {
  kind: PendingPaymentKind;
  testId: string;
  /** The dialog's width. */
  width: string;
  /** Guests are asked to log in when they choose; `beforeChoice` shows the notice from the start. */
  loginNotice: { beforeChoice: boolean } | null;
  errorTestId?: string;
  /** Asks for the payment link (the thunk saves the pending payment before it answers). */
  start: (item: Item, choice: PaymentChoice, api: { dispatch: AppDispatch; getState: () => RootState }) => Promise<StartResult>;
  /** The slice keeps the request's state too: its error goes with the notice, and all of it when the dialog closes. */
  errorCleared: () => UnknownAction;
  reset: () => UnknownAction;
  afterPayment: AfterPayment;
};
