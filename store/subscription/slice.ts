import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { Pagination, Receipt } from '@/lib/contracts/receipts';
import type { PaymentCheck, PaymentUserInfo, UserSubscriptionStatus, VipPlan } from '@/lib/contracts/subscription';
import type { StoredPendingPayment } from '@/lib/checkout/pending-payment';
import { defineRequest, idleRequest, trackRequest, type RequestState } from '@/store/api-thunk';
import { viewerLeft, type AuthRoot } from '@/store/auth/slice';
import { rootReducer } from '@/store/store';

/**
 * The VIP purchase (spec §3 'Subscription state', §4 'Subscription purchase'): the plans, one payment-link request at a
 * time, the pending payment the browser leaves for the gateway with (of any purchase: VIP, coins or a premium video,
 * told apart by its `kind`), where a returning payment stands, and the user's receipts. Whether the user is VIP is the
 * auth user's `isVip`, kept in step with the server's user-status answer.
 */

/** Spec §8 'Payment'. */
export const PAYMENT_MESSAGES = {
  linkFailed: 'Failed to generate payment link',
  qrLinkFailed: 'Failed to generate QR payment link',
  authFailed: 'Authentication failed. Please log in again.',
  verificationFailed: 'Payment verification failed',
  purchasesFailed: 'Failed to get purchases',
  subscribeFailed: 'Subscription failed. Please try again.',
  subscribed: 'Successfully subscribed! You now have access to all videos.',
  plansFailed: 'Failed to load subscription plans',
} as const;

/** The server's user-status answer without the VIP fields, which live on the auth user. */
export type SubscriptionDetails = Pick<UserSubscriptionStatus, 'userSubscriptionStatus' | 'subscription'>;

export type SubscriptionState = {
  plans: VipPlan[];
  /** Loading the plans ('Loading subscription plans...'). */
  plansRequest: RequestState;
  /** The payment-link request ('Processing...'); its 'Failed to generate payment link' the dialog clears after 5 s (spec §4, §9). */
  payment: RequestState;
  paymentUrl: string | null;
  /** The attempt the browser left for the gateway with, whatever it buys. */
  pendingPayment: StoredPendingPayment | null;
  /** The return page's check-payment answer. */
  check: PaymentCheck | null;
  checkRequest: RequestState;
  details: SubscriptionDetails | null;
  subscribeRequest: RequestState;
  receipts: Receipt[];
  receiptsPagination: Pagination | null;
  receiptsRequest: RequestState;
};

export const initialSubscriptionState: SubscriptionState = {
  plans: [],
  plansRequest: idleRequest(),
  payment: idleRequest(),
  paymentUrl: null,
  pendingPayment: null,
  check: null,
  checkRequest: idleRequest(),
  details: null,
  subscribeRequest: idleRequest(),
  receipts: [],
  receiptsPagination: null,
  receiptsRequest: idleRequest(),
};

export type SubscriptionRoot = AuthRoot & { subscription?: SubscriptionState };
export type StartPaymentArg = { vipPlanId: string; paymentMethod: string; userInfo: PaymentUserInfo; qr?: boolean; returnTo?: string };
export type StartedPayment = { paymentUrl: string; pendingPayment: StoredPendingPayment };

export const subscriptionRequests = {
  fetchPlans: defineRequest<VipPlan[], void, string, SubscriptionRoot>('subscription/fetchPlans'),
  generatePaymentLink: defineRequest<StartedPayment, StartPaymentArg, string, SubscriptionRoot>('subscription/generatePaymentLink'),
  checkPaymentStatus: defineRequest<PaymentCheck, { requestId: string; confirm?: boolean; signal?: AbortSignal }, string, SubscriptionRoot>(
    'subscription/checkPaymentStatus',
  ),
  subscribeUser: defineRequest<void, { requestId?: string }, string, SubscriptionRoot>('subscription/subscribeUser'),
  fetchSubscriptionStatus: defineRequest<SubscriptionDetails, void, string, SubscriptionRoot>('subscription/fetchSubscriptionStatus'),
  fetchReceipts: defineRequest<{ data: Receipt[]; pagination: Pagination | null }, { page?: number } | void, string, SubscriptionRoot>('subscription/fetchReceipts'),
};

const { fetchPlans, generatePaymentLink, checkPaymentStatus, subscribeUser, fetchSubscriptionStatus, fetchReceipts } = subscriptionRequests;

export const subscriptionSlice = createSlice({
  name: 'subscription',
  initialState: initialSubscriptionState,
  reducers: {
    paymentErrorCleared: (state) => {
      state.payment.error = null;
      if (state.payment.status === 'failed') state.payment.status = 'idle';
    },
    /** The dialog closed: the next opening starts over (the plans stay loaded). */
    paymentFlowReset: (state) => {
      state.payment = idleRequest();
      state.paymentUrl = null;
    },
    paymentCheckReset: (state) => {
      state.check = null;
      state.checkRequest = idleRequest();
    },
    /** A purchase (VIP, coins, premium video) saved its pending payment before leaving for the gateway. */
    pendingPaymentSaved: (state, action: PayloadAction<StoredPendingPayment>) => {
      state.pendingPayment = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(viewerLeft, (state) => ({ ...initialSubscriptionState, plans: state.plans, plansRequest: state.plansRequest }));
    trackRequest(builder, fetchPlans, (state) => state.plansRequest, PAYMENT_MESSAGES.plansFailed);
    trackRequest(builder, generatePaymentLink, (state) => state.payment, PAYMENT_MESSAGES.linkFailed);
    trackRequest(builder, checkPaymentStatus, (state) => state.checkRequest);
    trackRequest(builder, subscribeUser, (state) => state.subscribeRequest);
    trackRequest(builder, fetchReceipts, (state) => state.receiptsRequest, PAYMENT_MESSAGES.purchasesFailed);
    builder
      .addMatcher(fetchPlans.fulfilled, (state, action) => {
        state.plans = action.payload;
      })
      .addMatcher(generatePaymentLink.fulfilled, (state, action) => {
        state.paymentUrl = action.payload.paymentUrl;
      })
      .addMatcher(checkPaymentStatus.fulfilled, (state, action) => {
        state.check = action.payload;
      })
      // An aborted poll carries no message: it is no error.
      .addMatcher(checkPaymentStatus.rejected, (state, action) => {
        state.checkRequest.error = action.payload || null;
      })
      .addMatcher(fetchSubscriptionStatus.fulfilled, (state, action) => {
        state.details = action.payload;
      })
      .addMatcher(fetchReceipts.fulfilled, (state, action) => {
        state.receipts = action.payload.data;
        state.receiptsPagination = action.payload.pagination;
      });
  },
});

declare module '@/store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds this part to the store's type
  interface LazyLoadedSlices extends WithSlice<typeof subscriptionSlice> {}
}

/** Added to the store when this module first loads (the purchase thunks import it). */
subscriptionSlice.injectInto(rootReducer);

export const { paymentErrorCleared, paymentFlowReset, paymentCheckReset, pendingPaymentSaved } = subscriptionSlice.actions;
