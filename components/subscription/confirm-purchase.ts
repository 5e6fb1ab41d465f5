import { recordCoinPlanHistory } from '@/lib/api/coins';
import type { PaymentCheck } from '@/lib/api/subscription';
import { verifyPremiumPayment } from '@/store/premium/premiumVideoSlice';
import type { AppDispatch } from '@/store/store';
import { PAYMENT_MESSAGES, subscribeUser } from '@/store/subscription/subscriptionSlice';

export type PurchaseMessage = { ok: boolean; text: string };

/** Spec §4 'Episode unlock': the toast after a coin plan purchase. */
export const COINS_ADDED = 'Woohoo! Coins have been added!';
export const PREMIUM_BOUGHT = 'Purchase complete! The video is yours to watch.';

/**
 * The spec's confirmation call after a paid payment, by what it bought: `PATCH user/subscribe` for VIP,
 * `recordCoinPlanHistory` for coins, `premiumPayment/payment-success` for a premium video. On our server each only
 * confirms a paid payment of this user (the grant came with the payment), so the toast speaks of what the payment did.
 */
export async function confirmPurchase(dispatch: AppDispatch, check: PaymentCheck, userId: string): Promise<PurchaseMessage | null> {
  switch (check.kind ?? 'vip') {
    case 'vip': {
      const confirmed = await dispatch(subscribeUser({ requestId: check.requestId }));
      if (subscribeUser.fulfilled.match(confirmed) || check.user?.isVip) return { ok: true, text: PAYMENT_MESSAGES.subscribed };
      return { ok: false, text: confirmed.payload ?? PAYMENT_MESSAGES.subscribeFailed };
    }
    case 'coins': {
      // The coins were credited when the payment was marked paid; recording it only files the purchase history.
      if (check.coinPlanId) {
        await recordCoinPlanHistory({ userId, coinPlanId: check.coinPlanId, requestId: check.requestId }).catch((error: unknown) => {
          console.warn('recordCoinPlanHistory failed', error);
        });
      }
      return { ok: true, text: COINS_ADDED };
    }
    case 'premium_video': {
      // payment-success confirms the paid payment and sets access for that video to true in the store (spec §4).
      if (!check.videoId) return null;
      const verified = await dispatch(verifyPremiumPayment({ videoId: check.videoId, requestId: check.requestId }));
      if (verifyPremiumPayment.fulfilled.match(verified)) return { ok: true, text: PREMIUM_BOUGHT };
      return { ok: false, text: verified.payload ?? 'Payment verification failed' };
    }
  }
}
