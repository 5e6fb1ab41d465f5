import type { RequestStatus } from '@/store/api-thunk';
import type { PremiumVideoState } from './slice';

/** Reads of the premium-video part; before the part is in the store each answers what its initial state would. */

type MaybePremium = { premiumVideo?: PremiumVideoState };
const NONE: never[] = [];

export const selectPremiumInfo = (state: MaybePremium, videoId: string) => state.premiumVideo?.info[videoId] ?? null;
export const selectPremiumInfoStatus = (state: MaybePremium, videoId: string): RequestStatus => state.premiumVideo?.infoStatus[videoId] ?? 'idle';
/** True / false once known, null before. */
export const selectPremiumAccess = (state: MaybePremium, videoId: string): boolean | null => state.premiumVideo?.access[videoId] ?? null;
export const selectPremiumAccessError = (state: MaybePremium) => state.premiumVideo?.accessError ?? null;
export const selectPremiumPaymentStatus = (state: MaybePremium): RequestStatus => state.premiumVideo?.paymentStatus ?? 'idle';
export const selectPremiumPaymentError = (state: MaybePremium) => state.premiumVideo?.paymentError ?? null;
export const selectPremiumVerifyStatus = (state: MaybePremium): RequestStatus => state.premiumVideo?.verify.status ?? 'idle';
export const selectPremiumVerifyError = (state: MaybePremium) => state.premiumVideo?.verify.error ?? null;
export const selectPremiumPurchases = (state: MaybePremium) => state.premiumVideo?.purchases ?? NONE;
export const selectPremiumPurchasesPagination = (state: MaybePremium) => state.premiumVideo?.purchasesPagination ?? null;
export const selectPremiumPurchasesStatus = (state: MaybePremium): RequestStatus => state.premiumVideo?.purchasesRequest.status ?? 'idle';
export const selectPremiumPurchasesError = (state: MaybePremium) => state.premiumVideo?.purchasesRequest.error ?? null;
export const selectPremiumLoading = (state: MaybePremium) => (state.premiumVideo?.inFlight ?? 0) > 0;
