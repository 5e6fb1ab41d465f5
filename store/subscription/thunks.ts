import type { Dispatch } from '@reduxjs/toolkit';
import { fetchReceipts as fetchReceiptsCall } from '@/lib/api/receipts';
import {
  checkPayment as checkPaymentCall,
  fetchAvailablePlans,
  fetchUserSubscriptionStatus,
  generatePaymentLink as generatePaymentLinkCall,
  generateQrPaymentLink,
  paymentLinkOf,
  pendingPaymentOf,
  processPayment,
  subscribeUser as subscribeUserCall,
} from '@/lib/api/subscription';
import { savePendingPayment, type PendingPurchase, type StoredPendingPayment } from '@/lib/checkout/pending-payment';
import { BILLING_MODE_DEFAULT } from '@/lib/constants';
import { isSessionIdentifier, sessionIdentifier } from '@/lib/ids';
import { apiThunk, ok } from '@/store/api-thunk';
import { vipStatusChanged, type AuthState } from '@/store/auth/slice';
import { selectSignedInUserId } from '@/store/auth/selectors';
import { initialSubscriptionState, PAYMENT_MESSAGES, pendingPaymentSaved, subscriptionRequests, type SubscriptionRoot } from './slice';

/** The part as it stands, or its initial state before the first action after injection has added it. */
const subscriptionOf = (state: SubscriptionRoot) => state.subscription ?? initialSubscriptionState;

/** Spec §5: the user id falls back to 'anonymous' when unknown (the server then refuses: guests log in first). */
const userIdOf = (auth: AuthState) => (auth.status === 'loggedIn' && auth.user?._id) || 'anonymous';

/**
 * Every purchase keeps its attempt before the redirect (spec §4): locally, for the return page, and in the store.
 * One attempt, one id: the server's request id is the session identifier of spec §3 (PAYMENT_… / QR_…); a gateway
 * that answers without one gets one made here.
 */
export function keepPendingPayment(
  dispatch: Dispatch,
  pending: PendingPurchase,
  paymentUrl: string,
  { qr, returnTo, prefix = 'PAYMENT' }: { qr?: boolean; returnTo?: string; prefix?: 'PAYMENT' | 'PREMIUM' },
): StoredPendingPayment {
  const sessionId = isSessionIdentifier(pending.requestId) ? pending.requestId : sessionIdentifier(qr ? 'QR' : prefix);
  const record = savePendingPayment(pending, sessionId, paymentUrl, { returnTo });
  dispatch(pendingPaymentSaved(record));
  return record;
}

export const fetchPlans = apiThunk(subscriptionRequests.fetchPlans, async () => ok(await fetchAvailablePlans(), (r) => Array.isArray(r.data)).data, {
  fallback: PAYMENT_MESSAGES.plansFailed,
  condition: (_, { getState }) => subscriptionOf(getState()).plansRequest.status !== 'pending',
});

/**
 * Asks for a payment link and, before the caller redirects to it, stores the payment URL, the pending payment (with
 * billing mode and timestamp) and the session id locally (spec §4). Failure: 'Failed to generate payment link'.
 */
export const generatePaymentLink = apiThunk(
  subscriptionRequests.generatePaymentLink,
  async ({ vipPlanId, paymentMethod, userInfo, qr, returnTo }, { getState, dispatch, rejectWithValue }) => {
    const userId = userIdOf(getState().auth);
    const body = { vipPlanId, userId, paymentMethod, userInfo, billingMode: BILLING_MODE_DEFAULT };
    const res = await (qr ? generateQrPaymentLink(body) : generatePaymentLinkCall(body));
    const paymentUrl = paymentLinkOf(res);
    const pending = pendingPaymentOf(res);
    if (!res?.status || !paymentUrl || !pending) return rejectWithValue(qr ? PAYMENT_MESSAGES.qrLinkFailed : PAYMENT_MESSAGES.linkFailed);
    const pendingPayment = keepPendingPayment(dispatch, { vipPlanId, userId, paymentMethod, ...pending, kind: 'vip' }, paymentUrl, { qr, returnTo });
    return { paymentUrl, pendingPayment };
  },
  {
    fallback: ({ qr }) => (qr ? PAYMENT_MESSAGES.qrLinkFailed : PAYMENT_MESSAGES.linkFailed),
    // Spec §8: only the QR call tells an expired login apart; every other failure is the link's own text.
    fail: ({ httpStatus }, { qr }) =>
      qr && (httpStatus === 401 || httpStatus === 403) ? PAYMENT_MESSAGES.authFailed : qr ? PAYMENT_MESSAGES.qrLinkFailed : PAYMENT_MESSAGES.linkFailed,
    condition: (_, { getState }) => subscriptionOf(getState()).payment.status !== 'pending',
  },
);

/**
 * Where a payment attempt stands (the return page polls this). `confirm`: the first look after the gateway sent the
 * buyer back goes through process-payment, which asks the gateway about a payment still pending (in case its webhook
 * is late); later looks only read (check-payment). Aborted polls are dropped quietly.
 */
export const checkPaymentStatus = apiThunk(
  subscriptionRequests.checkPaymentStatus,
  async ({ requestId, confirm, signal }, { getState }) => {
    const userId = userIdOf(getState().auth);
    const res = confirm ? await processPayment({ linkId: requestId, userId }) : await checkPaymentCall({ requestId, userId }, signal);
    return ok(res, (r) => Boolean(r.data?.status)).data;
  },
  { fallback: PAYMENT_MESSAGES.verificationFailed, fail: ({ canceled, message }) => (canceled ? '' : message) },
);

/** Spec §7 PATCH user/subscribe after a paid payment; failure: the server's message or spec §8's. */
export const subscribeUser = apiThunk(
  subscriptionRequests.subscribeUser,
  async ({ requestId }, { getState }) => {
    ok(await subscribeUserCall({ userId: userIdOf(getState().auth), ...(requestId ? { requestId } : {}) }));
  },
  { fallback: PAYMENT_MESSAGES.subscribeFailed },
);

/** The user-status answer: its VIP fields go to the user (the one copy), the rest is kept here. */
export const fetchSubscriptionStatus = apiThunk(
  subscriptionRequests.fetchSubscriptionStatus,
  async (_, { getState, dispatch, rejectWithValue }) => {
    const userId = selectSignedInUserId(getState());
    if (!userId) return rejectWithValue('Please login first');
    const { data } = ok(await fetchUserSubscriptionStatus(userId), (r) => Boolean(r.data));
    dispatch(vipStatusChanged({ isVip: Boolean(data.isVip), vipExpiresAt: data.vipExpiresAt ?? null, vipLifetime: data.vipLifetime }));
    return { userSubscriptionStatus: data.userSubscriptionStatus, subscription: data.subscription };
  },
  { fallback: 'Something went wrong!' },
);

export const fetchReceipts = apiThunk(
  subscriptionRequests.fetchReceipts,
  async (arg) => {
    const res = ok(await fetchReceiptsCall({ page: arg?.page ?? 1 }), (r) => Array.isArray(r.data));
    return { data: res.data, pagination: res.pagination ?? null };
  },
  { fallback: PAYMENT_MESSAGES.purchasesFailed },
);
