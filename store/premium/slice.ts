import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import type { Pagination } from '@/lib/contracts/receipts';
import type { PaymentSuccessAnswer, PremiumInfo, PremiumPurchase } from '@/lib/contracts/premium';
import type { PaymentUserInfo } from '@/lib/contracts/subscription';
import type { StoredPendingPayment } from '@/lib/checkout/pending-payment';
import { countInFlight, defineRequest, idleRequest, trackRequest, type RequestState, type RequestStatus } from '@/store/api-thunk';
import { viewerLeft, type AuthRoot } from '@/store/auth/slice';
import { rootReducer } from '@/store/store';

/**
 * Premium videos (spec §3 'Premium video info', §4, §7 'Premium video'): what a video costs and whether this viewer
 * has it, the purchase's payment link (its pending payment is kept with the others, store/subscription), the
 * confirmation after paying (which sets access for that video to true), and the user's purchases. Registered as
 * `premiumVideo`: the overall loading flag (store/loading.ts) counts its requests in flight.
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
  /** payment-success after the gateway. */
  verify: RequestState;
  verified: PaymentSuccessAnswer | null;
  purchases: PremiumPurchase[];
  purchasesPagination: Pagination | null;
  purchasesRequest: RequestState;
  /** Requests of this part in flight: its share of the overall loading flag. */
  inFlight: number;
};

export const initialPremiumVideoState: PremiumVideoState = {
  info: {},
  infoStatus: {},
  access: {},
  accessError: null,
  paymentStatus: 'idle',
  paymentError: null,
  paymentUrl: null,
  verify: idleRequest(),
  verified: null,
  purchases: [],
  purchasesPagination: null,
  purchasesRequest: idleRequest(),
  inFlight: 0,
};

export type PremiumRoot = AuthRoot & { premiumVideo?: PremiumVideoState };
export type StartPremiumPaymentArg = { videoId: string; paymentMethod: string; userInfo: PaymentUserInfo; qr?: boolean; returnTo?: string };
export type StartedPremiumPayment = { paymentUrl: string; pendingPayment: StoredPendingPayment };

export const premiumRequests = {
  fetchPremiumInfo: defineRequest<PremiumInfo, string, string, PremiumRoot>('premiumVideo/fetchInfo'),
  checkPremiumAccess: defineRequest<{ videoId: string; hasAccess: boolean }, string, string, PremiumRoot>('premiumVideo/checkAccess'),
  fetchMyPremiumPurchases: defineRequest<{ data: PremiumPurchase[]; pagination: Pagination | null }, { page?: number; size?: number } | void, string, PremiumRoot>(
    'premiumVideo/fetchMyPurchases',
  ),
  generatePremiumPaymentLink: defineRequest<StartedPremiumPayment, StartPremiumPaymentArg, PremiumError, PremiumRoot>('premiumVideo/generatePaymentLink'),
  verifyPremiumPayment: defineRequest<PaymentSuccessAnswer, { videoId: string; requestId?: string; transactionId?: string }, string, PremiumRoot>(
    'premiumVideo/verifyPayment',
  ),
};

const { fetchPremiumInfo, checkPremiumAccess, fetchMyPremiumPurchases, generatePremiumPaymentLink, verifyPremiumPayment } = premiumRequests;

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
    // Another user may log in on this tab: nothing personal of the last one stays (prices do: they are public).
    builder.addMatcher(viewerLeft, (state) => ({
      ...initialPremiumVideoState,
      info: Object.fromEntries(Object.entries(state.info).map(([id, info]) => [id, { ...info, hasAccess: false, userAccess: null, accessDetails: null }])),
      infoStatus: state.infoStatus,
      inFlight: state.inFlight,
    }));
    trackRequest(builder, verifyPremiumPayment, (state) => state.verify, PREMIUM_MESSAGES.verificationFailed);
    trackRequest(builder, fetchMyPremiumPurchases, (state) => state.purchasesRequest, PREMIUM_MESSAGES.purchasesFailed);
    builder
      .addMatcher(fetchPremiumInfo.pending, (state, action) => {
        state.infoStatus[action.meta.arg] = 'pending';
      })
      .addMatcher(fetchPremiumInfo.fulfilled, (state, action) => {
        const videoId = action.meta.arg;
        state.infoStatus[videoId] = 'succeeded';
        state.info[videoId] = action.payload;
        // Once known to be theirs, a stale "no" from an earlier answer cannot take it back.
        state.access[videoId] = state.access[videoId] === true || action.payload.hasAccess;
      })
      .addMatcher(fetchPremiumInfo.rejected, (state, action) => {
        state.infoStatus[action.meta.arg] = 'failed';
      })
      .addMatcher(checkPremiumAccess.pending, (state) => {
        state.accessError = null;
      })
      .addMatcher(checkPremiumAccess.fulfilled, (state, action) => {
        state.access[action.payload.videoId] = action.payload.hasAccess;
      })
      .addMatcher(checkPremiumAccess.rejected, (state, action) => {
        state.accessError = action.payload ?? PREMIUM_MESSAGES.accessFailed;
      })
      .addMatcher(fetchMyPremiumPurchases.fulfilled, (state, action) => {
        state.purchases = action.payload.data;
        state.purchasesPagination = action.payload.pagination;
        for (const p of action.payload.data) state.access[p.videoId] = true;
      })
      .addMatcher(generatePremiumPaymentLink.pending, (state) => {
        state.paymentStatus = 'pending';
        state.paymentError = null;
      })
      .addMatcher(generatePremiumPaymentLink.fulfilled, (state, action) => {
        state.paymentStatus = 'succeeded';
        state.paymentUrl = action.payload.paymentUrl;
      })
      .addMatcher(generatePremiumPaymentLink.rejected, (state, action) => {
        if (action.meta.condition) return;
        state.paymentStatus = 'failed';
        state.paymentError = action.payload ?? { message: action.meta.arg.qr ? PREMIUM_MESSAGES.qrLinkFailed : PREMIUM_MESSAGES.linkFailed };
        if (action.payload?.code === 'E_CONFLICT') state.access[action.meta.arg.videoId] = true;
      })
      .addMatcher(verifyPremiumPayment.fulfilled, (state, action) => {
        state.verified = action.payload;
        state.access[action.meta.arg.videoId] = true;
      });
    countInFlight(builder, Object.values(premiumRequests));
  },
});

declare module '@/store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds this part to the store's type
  interface LazyLoadedSlices extends WithSlice<typeof premiumVideoSlice> {}
}

/** Added to the store when this module first loads (its thunks import it). */
premiumVideoSlice.injectInto(rootReducer);

export const { premiumPaymentErrorCleared, premiumPaymentFlowReset } = premiumVideoSlice.actions;
