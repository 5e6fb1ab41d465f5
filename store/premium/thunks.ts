import { checkPremiumAccess as checkPremiumAccessCall, fetchMyPremiumPurchases as fetchMyPremiumPurchasesCall, fetchPremiumInfo as fetchPremiumInfoCall, generatePremiumPaymentLink as generatePremiumPaymentLinkCall, generatePremiumQrPaymentLink, premiumPaymentSuccess, premiumPaymentUrlOf, premiumPendingOf } from '@/lib/api/premium';
import type { PremiumInfo } from '@/lib/contracts/premium';
import { BILLING_MODE_DEFAULT } from '@/lib/constants';
import { apiThunk, ok } from '@/store/api-thunk';
import type { AuthState } from '@/store/auth/slice';
import { keepPendingPayment } from '@/store/subscription/thunks';
import { AUTH_ERROR, initialPremiumVideoState, PREMIUM_MESSAGES, premiumRequests, type PremiumRoot } from './slice';

/** The part as it stands, or its initial state before the first action after injection has added it. */
const premiumVideoOf = (state: PremiumRoot) => state.premiumVideo ?? initialPremiumVideoState;

/** Spec §5: the user id falls back to 'anonymous' when unknown (the server then refuses: guests log in first). */
const userIdOf = (auth: AuthState) => (auth.status === 'loggedIn' && auth.user?._id) || 'anonymous';

/** GET premiumVideo/{videoId}/info: guests too (hasAccess false for them). */
export const fetchPremiumInfo = apiThunk(
  premiumRequests.fetchPremiumInfo,
  async (videoId, { rejectWithValue }) => {
    const res = await fetchPremiumInfoCall(videoId);
    const info = res?.data ?? (res?.premiumVideo ? (res as unknown as PremiumInfo) : null);
    if (!res?.status || !info?.premiumVideo) return rejectWithValue(res?.message || PREMIUM_MESSAGES.accessFailed);
    return info;
  },
  // The server's message when it sent one; none, or no answer at all: 'Failed to check access'.
  { fallback: PREMIUM_MESSAGES.accessFailed, fail: ({ unanswered, message }) => (unanswered ? PREMIUM_MESSAGES.accessFailed : message) },
);

/** GET premiumPayment/check-access?userId=&videoId=: failure 'Failed to check access'. */
export const checkPremiumAccess = apiThunk(
  premiumRequests.checkPremiumAccess,
  async (videoId, { getState, rejectWithValue }) => {
    const res = await checkPremiumAccessCall({ userId: userIdOf(getState().auth), videoId });
    const hasAccess = res?.data?.hasAccess ?? res?.hasAccess;
    if (!res?.status || typeof hasAccess !== 'boolean') return rejectWithValue(PREMIUM_MESSAGES.accessFailed);
    return { videoId, hasAccess };
  },
  { fallback: PREMIUM_MESSAGES.accessFailed, fail: () => PREMIUM_MESSAGES.accessFailed },
);

/** GET premiumVideo/my-purchases?page=&size=: failure 'Failed to get purchases'. */
export const fetchMyPremiumPurchases = apiThunk(
  premiumRequests.fetchMyPremiumPurchases,
  async (arg) => {
    const res = ok(await fetchMyPremiumPurchasesCall({ page: arg?.page ?? 1, size: arg?.size ?? 10 }), (r) => Array.isArray(r.data));
    return { data: res.data, pagination: res.pagination ?? null };
  },
  { fallback: PREMIUM_MESSAGES.purchasesFailed, fail: () => PREMIUM_MESSAGES.purchasesFailed },
);

/**
 * Asks for a payment link for one video and, before the caller redirects to it, keeps the pending payment (videoId,
 * mchOrderId, requestId, userId, transaction id, billing mode, timestamp, `returnTo`) and the session id. Failure:
 * 'Failed to generate payment link' (QR: 'Failed to generate QR payment link'; a QR call answered 401/403:
 * 'Authentication failed. Please log in again.' with code AUTH_ERROR). A viewer who already has the video is told so
 * and the video counts as theirs.
 */
export const generatePremiumPaymentLink = apiThunk(
  premiumRequests.generatePremiumPaymentLink,
  async ({ videoId, paymentMethod, userInfo, qr, returnTo }, { getState, dispatch, rejectWithValue }) => {
    const userId = userIdOf(getState().auth);
    const body = { videoId, userId, paymentMethod, userInfo, billingMode: BILLING_MODE_DEFAULT };
    const res = await (qr ? generatePremiumQrPaymentLink(body) : generatePremiumPaymentLinkCall(body));
    const paymentUrl = premiumPaymentUrlOf(res);
    const pending = premiumPendingOf(res);
    if (!res?.status || !paymentUrl || !pending) return rejectWithValue({ message: qr ? PREMIUM_MESSAGES.qrLinkFailed : PREMIUM_MESSAGES.linkFailed });
    const transactionId = pending.transactionId ?? res.transactionId ?? res.data?.transactionId;
    const pendingPayment = keepPendingPayment(dispatch, { ...pending, videoId, transactionId, kind: 'premium' }, paymentUrl, { qr, returnTo, prefix: 'PREMIUM' });
    return { paymentUrl, pendingPayment };
  },
  {
    fallback: ({ qr }) => (qr ? PREMIUM_MESSAGES.qrLinkFailed : PREMIUM_MESSAGES.linkFailed),
    fail: ({ httpStatus, unanswered, message }, { qr }) => {
      const failed = qr ? PREMIUM_MESSAGES.qrLinkFailed : PREMIUM_MESSAGES.linkFailed;
      if (qr && (httpStatus === 401 || httpStatus === 403)) return { message: PREMIUM_MESSAGES.authFailed, code: AUTH_ERROR };
      if (httpStatus === 409) return { message: PREMIUM_MESSAGES.alreadyOwned, code: 'E_CONFLICT' };
      if (httpStatus === 401) return { message, code: 'E_UNAUTHENTICATED' };
      // No answer at all: spec §8's text; any other answer: the link's own.
      return { message: unanswered ? message : failed };
    },
    condition: (_, { getState }) => premiumVideoOf(getState()).paymentStatus !== 'pending',
  },
);

/**
 * POST premiumPayment/payment-success after the gateway: the server confirms a paid payment of this user (it grants
 * nothing on this call's word); success sets access for that video to true (spec §4). Failure: 'Payment verification
 * failed'.
 */
export const verifyPremiumPayment = apiThunk(
  premiumRequests.verifyPremiumPayment,
  async ({ videoId, requestId, transactionId }, { getState }) => {
    const body = { userId: userIdOf(getState().auth), videoId, ...(requestId ? { requestId } : {}), ...(transactionId ? { transactionId } : {}) };
    return ok(await premiumPaymentSuccess(body), (r) => Boolean(r.data?.hasAccess)).data;
  },
  { fallback: PREMIUM_MESSAGES.verificationFailed, fail: () => PREMIUM_MESSAGES.verificationFailed },
);
