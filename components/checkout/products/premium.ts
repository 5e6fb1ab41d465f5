import { walletHref } from '@/lib/routes';
import { AUTH_ERROR, PREMIUM_MESSAGES, premiumPaymentErrorCleared, premiumPaymentFlowReset } from '@/store/premium/slice';
import { generatePremiumPaymentLink, verifyPremiumPayment } from '@/store/premium/thunks';
import { linkResult, type CheckoutProduct } from '../product';

/** One premium video; `_id` is the video's id. */
export type PremiumItem = { _id: string; priceCentavos: number; title: string | null };

/** A premium video sold on its own (spec §4, §7 'Premium video'): its price summary first, then the payment. */
export const premiumCheckout: CheckoutProduct<PremiumItem> = {
  kind: 'premium',
  testId: 'premium-purchase-dialog',
  width: 'max-w-3xl',
  // The buy button asks guests to log in before the dialog opens.
  loginNotice: null,
  async start(video, { method, userInfo, qr }, { dispatch }) {
    const result = await dispatch(generatePremiumPaymentLink({ videoId: video._id, paymentMethod: method, userInfo, qr, returnTo: window.location.pathname }));
    // An expired login (the QR call's 401/403, or the server no longer knowing the buyer) asks them to log in again.
    return linkResult(generatePremiumPaymentLink, result, (rejected) => ({
      ok: false,
      message: rejected?.message ?? null,
      logIn: rejected?.code === AUTH_ERROR || rejected?.code === 'E_UNAUTHENTICATED',
    }));
  },
  errorCleared: premiumPaymentErrorCleared,
  reset: premiumPaymentFlowReset,
  afterPayment: {
    // payment-success confirms the paid payment and sets access for that video to true in the store (spec §4).
    async confirm(dispatch, check) {
      if (!check.videoId) return null;
      const verified = await dispatch(verifyPremiumPayment({ videoId: check.videoId, requestId: check.requestId }));
      if (verifyPremiumPayment.fulfilled.match(verified)) return { ok: true, message: { key: 'payment.premiumBought' } };
      return { ok: false, message: { text: verified.payload ?? PREMIUM_MESSAGES.verificationFailed } };
    },
    retryHref: (returnTo, check) => returnTo ?? check.watchHref ?? walletHref(),
  },
};
