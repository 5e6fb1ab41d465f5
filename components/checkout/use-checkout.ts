'use client';

import { useEffect, useReducer } from 'react';
import type { PaymentUserInfo } from '@/lib/contracts/subscription';
import { forgetPaymentUrl } from '@/lib/checkout/pending-payment';
import { useAppDispatch, useAppSelector, useAppStore } from '@/store/hooks';
import { selectIsGuest } from '@/store/auth/selectors';
import { loginDialogOpened } from '@/store/ui/slice';
import { checkoutReducer, ERROR_CLEAR_MS, initialCheckout, isProcessing, type CheckoutState } from './flow';
import { goToPaymentPage } from './navigate';
import type { CheckoutProduct } from './product';
import type { PaymentType } from '@/lib/constants';

export type Checkout<Item> = {
  state: CheckoutState<Item>;
  processing: boolean;
  /** Show the product's 'Please login first' notice on its first step. */
  loginNoticeShown: boolean;
  choose: (item: Item) => void;
  chooseType: (type: PaymentType) => void;
  chooseMethod: (method: string) => void;
  back: () => void;
  pay: (userInfo: PaymentUserInfo, qr: boolean) => Promise<void>;
  close: () => void;
};

/**
 * Runs the checkout flow for one product: the reducer holds where the buyer is, this hook does what the flow cannot
 * (the store, the login dialog, the 5 s timer, leaving for the gateway). `onClosed` is the dialog's own way out.
 */
export function useCheckout<Item extends { _id: string }>(product: CheckoutProduct<Item>, onClosed: () => void): Checkout<Item> {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const isGuest = useAppSelector(selectIsGuest);
  const [state, send] = useReducer(checkoutReducer<Item>, undefined, initialCheckout<Item>);
  const { errorCleared } = product;

  // A guest who chose and then logged in carries on with what they chose.
  if (state.waitingForLogin && !isGuest) send({ type: 'loggedIn' });

  useEffect(() => {
    if (!state.error) return;
    const { id } = state.error;
    const timer = window.setTimeout(() => {
      send({ type: 'errorExpired', id });
      dispatch(errorCleared());
    }, ERROR_CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, [dispatch, errorCleared, state.error]);

  const asksGuests = product.loginNotice !== null;
  return {
    state,
    processing: isProcessing(state),
    loginNoticeShown: asksGuests && isGuest && (product.loginNotice!.beforeChoice || state.waitingForLogin),
    choose(item) {
      const guest = asksGuests && isGuest;
      send({ type: 'itemChosen', item, guest });
      if (guest) dispatch(loginDialogOpened());
    },
    chooseType: (paymentType) => send({ type: 'typeChosen', paymentType }),
    chooseMethod: (method) => send({ type: 'methodChosen', method }),
    back: () => send({ type: 'back' }),
    async pay(userInfo, qr) {
      if (!state.item || !state.method || isProcessing(state)) return;
      send({ type: 'payRequested', qr });
      const result = await product.start(state.item, { method: state.method, userInfo, qr }, { dispatch, getState: store.getState });
      if (result.ok) {
        send({ type: 'linkReady', url: result.paymentUrl });
        goToPaymentPage(result.paymentUrl);
        return;
      }
      send({ type: 'payFailed', message: result.message });
      if (result.logIn) dispatch(loginDialogOpened());
    },
    // Spec §4: closing forgets the local payment URL.
    close() {
      forgetPaymentUrl();
      dispatch(product.reset());
      onClosed();
    },
  };
}
