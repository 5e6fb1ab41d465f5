import { recordCoinPlanHistory } from '@/lib/api/coins';
import type { PaymentCheck } from '@/lib/api/subscription';
import type { AppDispatch } from '@/store/store';
import { PAYMENT_MESSAGES, subscribeUser } from '@/store/subscription/subscriptionSlice';

export type PurchaseMessage = { ok: boolean; text: string };

/** Spec §4 'Episode unlock': the toast after a coin plan purchase. */
export const COINS_ADDED = 'Woohoo! Coins have been added!';

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
    case 'premium_video':
      return null;
  }
}
