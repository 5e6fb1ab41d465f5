import { createAsyncThunk, createSlice, isAnyOf, type WithSlice } from '@reduxjs/toolkit';
import { errorMessages, forgetSessionOn, isApiError } from '@/lib/api/errors';
import {
  checkPremiumAccess as checkPremiumAccessCall,
  fetchMyPremiumPurchases as fetchMyPremiumPurchasesCall,
  fetchPremiumInfo as fetchPremiumInfoCall,
  generatePremiumPaymentLink as generatePremiumPaymentLinkCall,
  generatePremiumQrPaymentLink,
  premiumPaymentSuccess,
  premiumPaymentUrlOf,
  premiumPendingOf,
  type Pagination,
  type PaymentSuccessAnswer,
  type PremiumInfo,
  type PremiumPurchase,
} from '@/lib/api/premium';
import type { PaymentUserInfo } from '@/lib/api/subscription';
import { BILLING_MODE_DEFAULT } from '@/lib/constants';
import { isSessionIdentifier, sessionIdentifier } from '@/lib/ids';
import type { AuthState, RequestStatus } from '@/store/auth/authSlice';
import { logOut, loggedOut } from '@/store/auth/authSlice';
import { rootReducer } from '@/store/store';
import { savePendingPayment, type StoredPendingPayment } from '@/lib/checkout/pending-payment';

/**
 * Premium videos (spec §3 'Premium video info', §4, §7 'Premium video'): what a video costs and whether this viewer
 * has it, the purchase's payment link (saved locally before the redirect, like VIP), the confirmation after paying
 * (which sets access for that video to true), and the user's purchases. Registered as `premiumVideo`: the overall
 * loading flag (store/movies/loading.ts) reads its `isLoading`.
 */

/** Spec §8 'Payment' and 'QR call with 401 or 403'. */
export const PREMIUM_MESSAGES = {
  linkFailed: 'Failed to generate payment link',
  qrLinkFailed: 'Failed to generate QR payment link',
  authFailed: 'Authentication failed. Please log in again.',
  accessFailed: 'Failed to check access',
  purchasesFailed: 'Failed to get purchases',
  verificationFailed: 'Payment verification failed',
  alreadyOwned: 'You already have access to this video.',
} as const;
export const AUTH_ERROR = 'AUTH_ERROR';

export type PremiumError = { message: string; code?: string };

export type PremiumVideoState = {
  /** Per video id: the info answer (price, title) and where its request stands. */
  info: Record<string, PremiumInfo>;
  infoStatus: Record<string, RequestStatus>;
  /** Per video id: whether this viewer may watch it (info, access checks and payment success set it). */
  access: Record<string, boolean>;
  accessError: string | null;
  /** The payment-link request of the purchase dialog. */
  paymentStatus: RequestStatus;
  paymentError: PremiumError | null;
  paymentUrl: string | null;
  pendingPayment: StoredPendingPayment | null;
  /** payment-success after the gateway. */
  verifyStatus: RequestStatus;
  verifyError: string | null;
  verified: PaymentSuccessAnswer | null;
  purchases: PremiumPurchase[];
  purchasesPagination: Pagination | null;
  purchasesStatus: RequestStatus;
  purchasesError: string | null;
  /** Calls of this part in flight; `isLoading` is true while any is. */
  inFlight: number;
  isLoading: boolean;
};

export const initialPremiumVideoState: PremiumVideoState = {
  info: {},
  infoStatus: {},
  access: {},
  accessError: null,
  paymentStatus: 'idle',
  paymentError: null,
  paymentUrl: null,
  pendingPayment: null,
  verifyStatus: 'idle',
  verifyError: null,
  verified: null,
  purchases: [],
  purchasesPagination: null,
  purchasesStatus: 'idle',
  purchasesError: null,
  inFlight: 0,
  isLoading: false,
};

type ThunkApi = { state: { auth: AuthState; premiumVideo?: PremiumVideoState }; rejectValue: string };

/** The part as it stands, or its initial state before the first action after injection has added it. */
const premiumVideoOf = (state: { premiumVideo?: PremiumVideoState }): PremiumVideoState => state.premiumVideo ?? initialPremiumVideoState;

/** Spec §5: the user id falls back to 'anonymous' when unknown (the server then refuses: guests log in first). */
const userIdOf = (auth: AuthState) => (auth.status === 'loggedIn' && auth.user?._id) || 'anonymous';
const statusOf = (error: unknown) => (isApiError(error) ? error.response?.status : undefined);
const serverMessage = (error: unknown): string | null => {
  const message = isApiError(error) ? (error.response?.data as { message?: unknown } | undefined)?.message : undefined;
  return typeof message === 'string' && message.trim() ? message : null;
};

/** GET premiumVideo/{videoId}/info: guests too (hasAccess false for them). */
export const fetchPremiumInfo = createAsyncThunk<PremiumInfo, string, ThunkApi>('premiumVideo/fetchInfo', async (videoId, { rejectWithValue }) => {
  try {
    const res = await fetchPremiumInfoCall(videoId);
    const info = res?.data ?? (res?.premiumVideo ? (res as unknown as PremiumInfo) : null);
    if (!res?.status || !info?.premiumVideo) return rejectWithValue(res?.message || PREMIUM_MESSAGES.accessFailed);
    return info;
  } catch (error) {
    forgetSessionOn(error);
    return rejectWithValue(serverMessage(error) ?? PREMIUM_MESSAGES.accessFailed);
  }
});

/** GET premiumPayment/check-access?userId=&videoId=: failure 'Failed to check access'. */
export const checkPremiumAccess = createAsyncThunk<{ videoId: string; hasAccess: boolean }, string, ThunkApi>(
  'premiumVideo/checkAccess',
  async (videoId, { getState, rejectWithValue }) => {
    try {
      const res = await checkPremiumAccessCall({ userId: userIdOf(getState().auth), videoId });
      const hasAccess = res?.data?.hasAccess ?? res?.hasAccess;
      if (!res?.status || typeof hasAccess !== 'boolean') return rejectWithValue(PREMIUM_MESSAGES.accessFailed);
      return { videoId, hasAccess };
    } catch (error) {
      forgetSessionOn(error);
      return rejectWithValue(PREMIUM_MESSAGES.accessFailed);
    }
  },
);

/** GET premiumVideo/my-purchases?page=&size=: failure 'Failed to get purchases'. */
export const fetchMyPremiumPurchases = createAsyncThunk<{ data: PremiumPurchase[]; pagination: Pagination | null }, { page?: number; size?: number } | void, ThunkApi>(
  'premiumVideo/fetchMyPurchases',
  async (arg, { rejectWithValue }) => {
    try {
      const res = await fetchMyPremiumPurchasesCall({ page: arg?.page ?? 1, size: arg?.size ?? 10 });
      if (!res?.status || !Array.isArray(res.data)) return rejectWithValue(PREMIUM_MESSAGES.purchasesFailed);
      return { data: res.data, pagination: res.pagination ?? null };
    } catch (error) {
      forgetSessionOn(error);
      return rejectWithValue(PREMIUM_MESSAGES.purchasesFailed);
    }
  },
);

export type StartPremiumPaymentArg = { videoId: string; paymentMethod: string; userInfo: PaymentUserInfo; qr?: boolean; returnTo?: string };
export type StartedPremiumPayment = { paymentUrl: string; pendingPayment: StoredPendingPayment };

/**
 * Asks for a payment link for one video and, before the caller redirects to it, stores the payment URL, the pending
 * payment (videoId, mchOrderId, requestId, userId, transaction id, billing mode, timestamp, `returnTo`) and the session
 * id locally. Failure: 'Failed to generate payment link' (QR: 'Failed to generate QR payment link'; a QR call answered
 * 401/403: 'Authentication failed. Please log in again.' with code AUTH_ERROR). A viewer who already has the video is
 * told so and the video counts as theirs.
 */
export const generatePremiumPaymentLink = createAsyncThunk<StartedPremiumPayment, StartPremiumPaymentArg, { state: ThunkApi['state']; rejectValue: PremiumError }>(
  'premiumVideo/generatePaymentLink',
  async ({ videoId, paymentMethod, userInfo, qr, returnTo }, { getState, rejectWithValue }) => {
    const failed = qr ? PREMIUM_MESSAGES.qrLinkFailed : PREMIUM_MESSAGES.linkFailed;
    const userId = userIdOf(getState().auth);
    const body = { videoId, userId, paymentMethod, userInfo, billingMode: BILLING_MODE_DEFAULT };
    try {
      const res = await (qr ? generatePremiumQrPaymentLink(body) : generatePremiumPaymentLinkCall(body));
      const paymentUrl = premiumPaymentUrlOf(res);
      const pending = premiumPendingOf(res);
      if (!res?.status || !paymentUrl || !pending) return rejectWithValue({ message: failed });
      const sessionId = isSessionIdentifier(pending.requestId) ? pending.requestId : sessionIdentifier(qr ? 'QR' : 'PREMIUM');
      const transactionId = pending.transactionId ?? res.transactionId ?? res.data?.transactionId;
      const pendingPayment = savePendingPayment({ ...pending, videoId, transactionId, kind: 'premium' }, sessionId, paymentUrl, { returnTo });
      return { paymentUrl, pendingPayment };
    } catch (error) {
      forgetSessionOn(error);
      const status = statusOf(error);
      if (qr && (status === 401 || status === 403)) return rejectWithValue({ message: PREMIUM_MESSAGES.authFailed, code: AUTH_ERROR });
      if (status === 409) return rejectWithValue({ message: PREMIUM_MESSAGES.alreadyOwned, code: 'E_CONFLICT' });
      if (status === 401) return rejectWithValue({ message: serverMessage(error) ?? failed, code: 'E_UNAUTHENTICATED' });
      return rejectWithValue({ message: isApiError(error) && !error.response ? (errorMessages(error)[0] ?? failed) : failed });
    }
  },
  { condition: (_, { getState }) => premiumVideoOf(getState()).paymentStatus !== 'pending' },
);

/**
 * POST premiumPayment/payment-success after the gateway: the server confirms a paid payment of this user (it grants
 * nothing on this call's word); success sets access for that video to true (spec §4). Failure: 'Payment verification
 * failed'.
 */
export const verifyPremiumPayment = createAsyncThunk<PaymentSuccessAnswer, { videoId: string; requestId?: string; transactionId?: string }, ThunkApi>(
  'premiumVideo/verifyPayment',
  async ({ videoId, requestId, transactionId }, { getState, rejectWithValue }) => {
    try {
      const res = await premiumPaymentSuccess({ userId: userIdOf(getState().auth), videoId, ...(requestId ? { requestId } : {}), ...(transactionId ? { transactionId } : {}) });
      const answer = res?.data ?? null;
      if (!res?.status || !answer?.hasAccess) return rejectWithValue(PREMIUM_MESSAGES.verificationFailed);
      return answer;
    } catch (error) {
      forgetSessionOn(error);
      return rejectWithValue(PREMIUM_MESSAGES.verificationFailed);
    }
  },
);

const thunks = [fetchPremiumInfo, checkPremiumAccess, fetchMyPremiumPurchases, generatePremiumPaymentLink, verifyPremiumPayment] as const;

export const premiumVideoSlice = createSlice({
  name: 'premiumVideo',
  initialState: initialPremiumVideoState,
  reducers: {
    premiumPaymentErrorCleared: (state) => {
      state.paymentError = null;
      if (state.paymentStatus === 'failed') state.paymentStatus = 'idle';
    },
    /** The purchase dialog closed: the next opening starts over. */
    premiumPaymentFlowReset: (state) => {
      state.paymentStatus = 'idle';
      state.paymentError = null;
      state.paymentUrl = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchPremiumInfo.pending, (state, action) => {
        state.infoStatus[action.meta.arg] = 'pending';
      })
      .addCase(fetchPremiumInfo.fulfilled, (state, action) => {
        const videoId = action.meta.arg;
        state.infoStatus[videoId] = 'succeeded';
        state.info[videoId] = action.payload;
        // Once known to be theirs, a stale "no" from an earlier answer cannot take it back.
        state.access[videoId] = state.access[videoId] === true || action.payload.hasAccess;
      })
      .addCase(fetchPremiumInfo.rejected, (state, action) => {
        state.infoStatus[action.meta.arg] = 'failed';
      })
      .addCase(checkPremiumAccess.pending, (state) => {
        state.accessError = null;
      })
      .addCase(checkPremiumAccess.fulfilled, (state, action) => {
        state.access[action.payload.videoId] = action.payload.hasAccess;
      })
      .addCase(checkPremiumAccess.rejected, (state, action) => {
        state.accessError = action.payload ?? PREMIUM_MESSAGES.accessFailed;
      })
      .addCase(fetchMyPremiumPurchases.pending, (state) => {
        state.purchasesStatus = 'pending';
        state.purchasesError = null;
      })
      .addCase(fetchMyPremiumPurchases.fulfilled, (state, action) => {
        state.purchasesStatus = 'succeeded';
        state.purchases = action.payload.data;
        state.purchasesPagination = action.payload.pagination;
        for (const p of action.payload.data) state.access[p.videoId] = true;
      })
      .addCase(fetchMyPremiumPurchases.rejected, (state, action) => {
        state.purchasesStatus = 'failed';
        state.purchasesError = action.payload ?? PREMIUM_MESSAGES.purchasesFailed;
      })
      .addCase(generatePremiumPaymentLink.pending, (state) => {
        state.paymentStatus = 'pending';
        state.paymentError = null;
      })
      .addCase(generatePremiumPaymentLink.fulfilled, (state, action) => {
        state.paymentStatus = 'succeeded';
        state.paymentUrl = action.payload.paymentUrl;
        state.pendingPayment = action.payload.pendingPayment;
      })
      .addCase(generatePremiumPaymentLink.rejected, (state, action) => {
        if (action.meta.condition) return;
        state.paymentStatus = 'failed';
        state.paymentError = action.payload ?? { message: action.meta.arg.qr ? PREMIUM_MESSAGES.qrLinkFailed : PREMIUM_MESSAGES.linkFailed };
        if (action.payload?.code === 'E_CONFLICT') state.access[action.meta.arg.videoId] = true;
      })
      .addCase(verifyPremiumPayment.pending, (state) => {
        state.verifyStatus = 'pending';
        state.verifyError = null;
      })
      .addCase(verifyPremiumPayment.fulfilled, (state, action) => {
        state.verifyStatus = 'succeeded';
        state.verified = action.payload;
        state.access[action.meta.arg.videoId] = true;
      })
      .addCase(verifyPremiumPayment.rejected, (state, action) => {
        state.verifyStatus = 'failed';
        state.verifyError = action.payload ?? PREMIUM_MESSAGES.verificationFailed;
      });
    // Another user may log in on this tab: nothing personal of the last one stays (prices do: they are public).
    for (const action of [logOut.fulfilled, loggedOut]) {
      builder.addCase(action, (state) => ({
        ...initialPremiumVideoState,
        info: Object.fromEntries(Object.entries(state.info).map(([id, info]) => [id, { ...info, hasAccess: false, userAccess: null, accessDetails: null }])),
        infoStatus: state.infoStatus,
        inFlight: state.inFlight,
        isLoading: state.isLoading,
      }));
    }
    builder
      .addMatcher(isAnyOf(...thunks.map((t) => t.pending)), (state) => {
        state.inFlight += 1;
        state.isLoading = true;
      })
      .addMatcher(isAnyOf(...thunks.map((t) => t.fulfilled), ...thunks.map((t) => t.rejected)), (state, action) => {
        // A call refused by its `condition` never went pending.
        if ((action as { meta?: { condition?: boolean } }).meta?.condition) return;
        state.inFlight = Math.max(0, state.inFlight - 1);
        state.isLoading = state.inFlight > 0;
      });
  },
  selectors: {
    selectPremiumInfo: (state, videoId: string) => state.info[videoId] ?? null,
    selectPremiumInfoStatus: (state, videoId: string) => state.infoStatus[videoId] ?? 'idle',
    /** True / false once known, null before. */
    selectPremiumAccess: (state, videoId: string) => (videoId in state.access ? state.access[videoId] : null),
    selectPremiumAccessError: (state) => state.accessError,
    selectPremiumPaymentStatus: (state) => state.paymentStatus,
    selectPremiumPaymentError: (state) => state.paymentError,
    selectPremiumPendingPayment: (state) => state.pendingPayment,
    selectPremiumVerifyStatus: (state) => state.verifyStatus,
    selectPremiumVerifyError: (state) => state.verifyError,
    selectPremiumPurchases: (state) => state.purchases,
    selectPremiumPurchasesPagination: (state) => state.purchasesPagination,
    selectPremiumPurchasesStatus: (state) => state.purchasesStatus,
    selectPremiumPurchasesError: (state) => state.purchasesError,
    selectPremiumLoading: (state) => state.isLoading,
  },
});

declare module '@/store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds this part to the store's type
  interface LazyLoadedSlices extends WithSlice<typeof premiumVideoSlice> {}
}

/** Added to the store by whatever first imports this module; its selectors answer the initial state until then. */
const injected = premiumVideoSlice.injectInto(rootReducer);

export const { premiumPaymentErrorCleared, premiumPaymentFlowReset } = premiumVideoSlice.actions;
export const {
  selectPremiumInfo,
  selectPremiumInfoStatus,
  selectPremiumAccess,
  selectPremiumAccessError,
  selectPremiumPaymentStatus,
  selectPremiumPaymentError,
  selectPremiumPendingPayment,
  selectPremiumVerifyStatus,
  selectPremiumVerifyError,
  selectPremiumPurchases,
  selectPremiumPurchasesPagination,
  selectPremiumPurchasesStatus,
  selectPremiumPurchasesError,
  selectPremiumLoading,
} = injected.selectors;
