import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { errorMessages, forgetSessionOn, isApiError, isCanceled } from '@/lib/api/errors';
import { fetchReceipts as fetchReceiptsCall, type Pagination, type Receipt } from '@/lib/api/receipts';
import {
  checkPayment as checkPaymentCall,
  fetchAvailablePlans,
  fetchUserSubscriptionStatus,
  generatePaymentLink as generatePaymentLinkCall,
  processPayment,
  subscribeUser as subscribeUserCall,
  generateQrPaymentLink,
  paymentLinkOf,
  pendingPaymentOf,
  type PaymentCheck,
  type PaymentUserInfo,
  type UserSubscriptionStatus,
  type VipPlan,
} from '@/lib/api/subscription';
import { BILLING_MODE_DEFAULT } from '@/lib/constants';
import { isSessionIdentifier, sessionIdentifier } from '@/lib/ids';
import type { AuthState, RequestStatus } from '@/store/auth/authSlice';
import { logOut, loggedOut } from '@/store/auth/authSlice';
import { rootReducer } from '@/store/store';
import { savePendingPayment, type StoredPendingPayment } from '@/lib/checkout/pending-payment';

/**
 * The VIP purchase (spec §3 'Subscription state', §4 'Subscription purchase'): the plans, one payment-link request at a
 * time, the pending payment the browser leaves for the gateway with, where a returning payment stands, and the
 * user's receipts.
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
} as const;

export type SubscriptionState = {
  plans: VipPlan[];
  /** Loading the plans ('Loading subscription plans...'). */
  status: RequestStatus;
  error: string | null;
  /** The payment-link request ('Processing...'). */
  paymentStatus: RequestStatus;
  /** 'Failed to generate payment link': the dialog clears it after 5 s (spec §4, §9). */
  paymentError: string | null;
  paymentUrl: string | null;
  pendingPayment: StoredPendingPayment | null;
  /** The return page's check-payment answer. */
  check: PaymentCheck | null;
  checkStatus: RequestStatus;
  checkError: string | null;
  userSubscriptionStatus: UserSubscriptionStatus | null;
  subscribeStatus: RequestStatus;
  receipts: Receipt[];
  receiptsPagination: Pagination | null;
  receiptsStatus: RequestStatus;
  receiptsError: string | null;
};

export const initialSubscriptionState: SubscriptionState = {
  plans: [],
  status: 'idle',
  error: null,
  paymentStatus: 'idle',
  paymentError: null,
  paymentUrl: null,
  pendingPayment: null,
  check: null,
  checkStatus: 'idle',
  checkError: null,
  userSubscriptionStatus: null,
  subscribeStatus: 'idle',
  receipts: [],
  receiptsPagination: null,
  receiptsStatus: 'idle',
  receiptsError: null,
};

type ThunkApi = { state: { auth: AuthState; subscription?: SubscriptionState }; rejectValue: string };

/** The part as it stands, or its initial state before the first action after injection has added it. */
const subscriptionOf = (state: { subscription?: SubscriptionState }): SubscriptionState => state.subscription ?? initialSubscriptionState;

/** Spec §5: the user id falls back to 'anonymous' when unknown (the server then refuses: guests log in first). */
const userIdOf = (auth: AuthState) => (auth.status === 'loggedIn' && auth.user?._id) || 'anonymous';

/** The server's own message when it sent one (spec §8), else `fallback`; no answer at all: spec §8's generic text. */
function firstMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && !error.response) return errorMessages(error)[0] ?? fallback;
  const message = isApiError(error) ? (error.response?.data as { message?: unknown } | undefined)?.message : undefined;
  return typeof message === 'string' && message.trim() ? message : fallback;
}

export const fetchPlans = createAsyncThunk<VipPlan[], void, ThunkApi>(
  'subscription/fetchPlans',
  async (_, { rejectWithValue }) => {
    try {
      const res = await fetchAvailablePlans();
      if (!res?.status || !Array.isArray(res.data)) return rejectWithValue(res?.message || 'Failed to load subscription plans');
      return res.data;
    } catch (error) {
      return rejectWithValue(firstMessage(error, 'Failed to load subscription plans'));
    }
  },
  { condition: (_, { getState }) => subscriptionOf(getState()).status !== 'pending' },
);

export type StartPaymentArg = { vipPlanId: string; paymentMethod: string; userInfo: PaymentUserInfo; qr?: boolean; returnTo?: string };
export type StartedPayment = { paymentUrl: string; pendingPayment: StoredPendingPayment };

/**
 * Asks for a payment link and, before the caller redirects to it, stores the payment URL, the pending payment (with
 * billing mode and timestamp) and the session id locally (spec §4). Failure: 'Failed to generate payment link'.
 */
export const generatePaymentLink = createAsyncThunk<StartedPayment, StartPaymentArg, ThunkApi>(
  'subscription/generatePaymentLink',
  async ({ vipPlanId, paymentMethod, userInfo, qr, returnTo }, { getState, rejectWithValue }) => {
    const failed = qr ? PAYMENT_MESSAGES.qrLinkFailed : PAYMENT_MESSAGES.linkFailed;
    const userId = userIdOf(getState().auth);
    const body = { vipPlanId, userId, paymentMethod, userInfo, billingMode: BILLING_MODE_DEFAULT };
    try {
      const res = await (qr ? generateQrPaymentLink(body) : generatePaymentLinkCall(body));
      const paymentUrl = paymentLinkOf(res);
      const pending = pendingPaymentOf(res);
      if (!res?.status || !paymentUrl || !pending) return rejectWithValue(failed);
      // One attempt, one id: the server's request id is the session identifier of spec §3 (PAYMENT_… / QR_…); a
      // gateway that answers without one gets one made here.
      const sessionId = isSessionIdentifier(pending.requestId) ? pending.requestId : sessionIdentifier(qr ? 'QR' : 'PAYMENT');
      const pendingPayment = savePendingPayment({ vipPlanId, userId, paymentMethod, ...pending, kind: 'vip' }, sessionId, paymentUrl, { returnTo });
      return { paymentUrl, pendingPayment };
    } catch (error) {
      forgetSessionOn(error);
      const status = isApiError(error) ? error.response?.status : undefined;
      if (qr && (status === 401 || status === 403)) return rejectWithValue(PAYMENT_MESSAGES.authFailed);
      return rejectWithValue(failed);
    }
  },
  { condition: (_, { getState }) => subscriptionOf(getState()).paymentStatus !== 'pending' },
);

/**
 * Where a payment attempt stands (the return page polls this). `confirm`: the first look after the gateway sent the
 * buyer back goes through process-payment, which asks the gateway about a payment still pending (in case its webhook
 * is late); later looks only read (check-payment). Aborted polls are dropped quietly.
 */
export const checkPaymentStatus = createAsyncThunk<PaymentCheck, { requestId: string; confirm?: boolean; signal?: AbortSignal }, ThunkApi>(
  'subscription/checkPaymentStatus',
  async ({ requestId, confirm, signal }, { getState, rejectWithValue }) => {
    const userId = userIdOf(getState().auth);
    try {
      const res = confirm ? await processPayment({ linkId: requestId, userId }) : await checkPaymentCall({ requestId, userId }, signal);
      if (!res?.status || !res.data?.status) return rejectWithValue(res?.message || PAYMENT_MESSAGES.verificationFailed);
      return res.data;
    } catch (error) {
      if (isCanceled(error)) return rejectWithValue('');
      forgetSessionOn(error);
      return rejectWithValue(firstMessage(error, PAYMENT_MESSAGES.verificationFailed));
    }
  },
);

/** Spec §7 PATCH user/subscribe after a paid payment; failure: the server's message or spec §8's. */
export const subscribeUser = createAsyncThunk<void, { requestId?: string }, ThunkApi>(
  'subscription/subscribeUser',
  async ({ requestId }, { getState, rejectWithValue }) => {
    try {
      const res = await subscribeUserCall({ userId: userIdOf(getState().auth), ...(requestId ? { requestId } : {}) });
      if (!res?.status) return rejectWithValue(res?.message || PAYMENT_MESSAGES.subscribeFailed);
    } catch (error) {
      forgetSessionOn(error);
      return rejectWithValue(firstMessage(error, PAYMENT_MESSAGES.subscribeFailed));
    }
  },
);

export const fetchSubscriptionStatus = createAsyncThunk<UserSubscriptionStatus, void, ThunkApi>(
  'subscription/fetchSubscriptionStatus',
  async (_, { getState, rejectWithValue }) => {
    const { auth } = getState();
    if (auth.status !== 'loggedIn' || !auth.user) return rejectWithValue('Please login first');
    try {
      const res = await fetchUserSubscriptionStatus(auth.user._id);
      if (!res?.status || !res.data) return rejectWithValue(res?.message || 'Something went wrong!');
      return res.data;
    } catch (error) {
      return rejectWithValue(firstMessage(error, 'Something went wrong!'));
    }
  },
);

export const fetchReceipts = createAsyncThunk<{ data: Receipt[]; pagination: Pagination | null }, { page?: number } | void, ThunkApi>(
  'subscription/fetchReceipts',
  async (arg, { rejectWithValue }) => {
    try {
      const res = await fetchReceiptsCall({ page: arg?.page ?? 1 });
      if (!res?.status || !Array.isArray(res.data)) return rejectWithValue(res?.message || PAYMENT_MESSAGES.purchasesFailed);
      return { data: res.data, pagination: res.pagination ?? null };
    } catch (error) {
      forgetSessionOn(error);
      return rejectWithValue(firstMessage(error, PAYMENT_MESSAGES.purchasesFailed));
    }
  },
);

export const subscriptionSlice = createSlice({
  name: 'subscription',
  initialState: initialSubscriptionState,
  reducers: {
    paymentErrorCleared: (state) => {
      state.paymentError = null;
      if (state.paymentStatus === 'failed') state.paymentStatus = 'idle';
    },
    /** The dialog closed: the next opening starts over (the plans stay loaded). */
    paymentFlowReset: (state) => {
      state.paymentStatus = 'idle';
      state.paymentError = null;
      state.paymentUrl = null;
    },
    paymentCheckReset: (state) => {
      state.check = null;
      state.checkStatus = 'idle';
      state.checkError = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchPlans.pending, (state) => {
        state.status = 'pending';
        state.error = null;
      })
      .addCase(fetchPlans.fulfilled, (state, action) => {
        state.status = 'succeeded';
        state.plans = action.payload;
      })
      .addCase(fetchPlans.rejected, (state, action) => {
        if (action.meta.condition) return;
        state.status = 'failed';
        state.error = action.payload ?? action.error.message ?? 'Failed to load subscription plans';
      })
      .addCase(generatePaymentLink.pending, (state) => {
        state.paymentStatus = 'pending';
        state.paymentError = null;
      })
      .addCase(generatePaymentLink.fulfilled, (state, action) => {
        state.paymentStatus = 'succeeded';
        state.paymentUrl = action.payload.paymentUrl;
        state.pendingPayment = action.payload.pendingPayment;
      })
      .addCase(generatePaymentLink.rejected, (state, action) => {
        if (action.meta.condition) return;
        state.paymentStatus = 'failed';
        state.paymentError = action.payload ?? PAYMENT_MESSAGES.linkFailed;
      })
      .addCase(checkPaymentStatus.pending, (state) => {
        state.checkStatus = 'pending';
      })
      .addCase(checkPaymentStatus.fulfilled, (state, action) => {
        state.checkStatus = 'succeeded';
        state.check = action.payload;
        state.checkError = null;
      })
      .addCase(checkPaymentStatus.rejected, (state, action) => {
        state.checkStatus = 'failed';
        state.checkError = action.payload || null;
      })
      .addCase(subscribeUser.pending, (state) => {
        state.subscribeStatus = 'pending';
      })
      .addCase(subscribeUser.fulfilled, (state) => {
        state.subscribeStatus = 'succeeded';
      })
      .addCase(subscribeUser.rejected, (state) => {
        state.subscribeStatus = 'failed';
      })
      .addCase(fetchSubscriptionStatus.fulfilled, (state, action) => {
        state.userSubscriptionStatus = action.payload;
      })
      .addCase(fetchReceipts.pending, (state) => {
        state.receiptsStatus = 'pending';
        state.receiptsError = null;
      })
      .addCase(fetchReceipts.fulfilled, (state, action) => {
        state.receiptsStatus = 'succeeded';
        state.receipts = action.payload.data;
        state.receiptsPagination = action.payload.pagination;
      })
      .addCase(fetchReceipts.rejected, (state, action) => {
        state.receiptsStatus = 'failed';
        state.receiptsError = action.payload ?? PAYMENT_MESSAGES.purchasesFailed;
      });
    // Another user may log in on this tab: nothing personal of the last one stays.
    for (const action of [logOut.fulfilled, loggedOut]) {
      builder.addCase(action, (state) => ({ ...initialSubscriptionState, plans: state.plans, status: state.status, error: state.error }));
    }
  },
  selectors: {
    selectPlans: (state) => state.plans,
    selectPlansStatus: (state) => state.status,
    selectPlansError: (state) => state.error,
    selectPaymentStatus: (state) => state.paymentStatus,
    selectPaymentError: (state) => state.paymentError,
    selectPaymentUrl: (state) => state.paymentUrl,
    selectPendingPayment: (state) => state.pendingPayment,
    selectPaymentCheck: (state) => state.check,
    selectPaymentCheckStatus: (state) => state.checkStatus,
    selectPaymentCheckError: (state) => state.checkError,
    selectUserSubscriptionStatus: (state) => state.userSubscriptionStatus,
    /** Spec §3 'isLoading': plans or a payment link on their way. */
    selectSubscriptionLoading: (state) => state.status === 'pending' || state.paymentStatus === 'pending',
    selectReceipts: (state) => state.receipts,
    selectReceiptsPagination: (state) => state.receiptsPagination,
    selectReceiptsStatus: (state) => state.receiptsStatus,
    selectReceiptsError: (state) => state.receiptsError,
  },
});

declare module '@/store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds this part to the store's type
  interface LazyLoadedSlices extends WithSlice<typeof subscriptionSlice> {}
}

/** Added to the store by whatever first imports this module; its selectors answer the initial state until then. */
const injected = subscriptionSlice.injectInto(rootReducer);

export const { paymentErrorCleared, paymentFlowReset, paymentCheckReset } = subscriptionSlice.actions;
export const {
  selectPlans,
  selectPlansStatus,
  selectPlansError,
  selectPaymentStatus,
  selectPaymentError,
  selectPaymentUrl,
  selectPendingPayment,
  selectPaymentCheck,
  selectPaymentCheckStatus,
  selectPaymentCheckError,
  selectUserSubscriptionStatus,
  selectSubscriptionLoading,
  selectReceipts,
  selectReceiptsPagination,
  selectReceiptsStatus,
  selectReceiptsError,
} = injected.selectors;
