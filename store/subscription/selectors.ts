import { createSelector } from '@reduxjs/toolkit';
import type { UserSubscriptionStatus } from '@/lib/contracts/subscription';
import type { RequestStatus } from '@/store/api-thunk';
import type { AuthRoot } from '@/store/auth/slice';
import type { SubscriptionState } from './slice';

/** Reads of the VIP purchase; before the part is in the store each answers what its initial state would. */

type MaybeSubscription = { subscription?: SubscriptionState };
const NONE: never[] = [];

export const selectPlans = (state: MaybeSubscription) => state.subscription?.plans ?? NONE;
export const selectPlansStatus = (state: MaybeSubscription): RequestStatus => state.subscription?.plansRequest.status ?? 'idle';
export const selectPlansError = (state: MaybeSubscription) => state.subscription?.plansRequest.error ?? null;
export const selectPaymentStatus = (state: MaybeSubscription): RequestStatus => state.subscription?.payment.status ?? 'idle';
export const selectPaymentError = (state: MaybeSubscription) => state.subscription?.payment.error ?? null;
export const selectPaymentUrl = (state: MaybeSubscription) => state.subscription?.paymentUrl ?? null;
/** The attempt the browser left for the gateway with, of any kind (VIP, coins, premium video). */
export const selectPendingPayment = (state: MaybeSubscription) => state.subscription?.pendingPayment ?? null;
export const selectPaymentCheck = (state: MaybeSubscription) => state.subscription?.check ?? null;
export const selectPaymentCheckStatus = (state: MaybeSubscription): RequestStatus => state.subscription?.checkRequest.status ?? 'idle';
export const selectPaymentCheckError = (state: MaybeSubscription) => state.subscription?.checkRequest.error ?? null;
/** Spec §3 'isLoading': plans or a payment link on their way. */
export const selectSubscriptionLoading = (state: MaybeSubscription) => selectPlansStatus(state) === 'pending' || selectPaymentStatus(state) === 'pending';
export const selectReceipts = (state: MaybeSubscription) => state.subscription?.receipts ?? NONE;
export const selectReceiptsPagination = (state: MaybeSubscription) => state.subscription?.receiptsPagination ?? null;
export const selectReceiptsStatus = (state: MaybeSubscription): RequestStatus => state.subscription?.receiptsRequest.status ?? 'idle';
export const selectReceiptsError = (state: MaybeSubscription) => state.subscription?.receiptsRequest.error ?? null;

/** The server's user-status answer, its VIP fields read from the user (their one copy); null until it has answered. */
export const selectUserSubscriptionStatus = createSelector(
  [(state: MaybeSubscription) => state.subscription?.details ?? null, (state: AuthRoot) => state.auth.user],
  (details, user): UserSubscriptionStatus | null =>
    details && { ...details, isVip: Boolean(user?.isVip), vipExpiresAt: user?.vipExpiresAt ?? null, vipLifetime: user?.vipLifetime },
);
