import 'server-only';
import { eq } from 'drizzle-orm';
import { newId } from '@/lib/ids';
import type { Tx } from '@/lib/server/db/client';
import { premiumPurchases, users, videos } from '@/lib/server/db/schema';
import { canWatch } from '@/lib/server/entitlement/can-watch';
import { ACCOUNT_GONE, GRANTED, type FulfilResult, type PaymentRow } from '@/lib/server/payments/fulfil-result';

export const ALREADY_HAS_VIDEO = 'Already had access to this video when this payment was paid: refunded automatically.';

/**
 * Fulfils a paid premium-video payment inside the transaction that marked it paid: one purchase row per user and
 * video, at the price the buyer paid (the payment's amount, never a later price). The user's row is locked first, as
 * coin unlocks lock it, so a payment and an unlock (or two payments) of one video are decided one after the other.
 * A buyer who can already watch the video (bought, unlocked with coins, or VIP) gets nothing and the payment is
 * refunded automatically; an account that is gone is flagged for a person.
 */
export async function fulfilPremiumVideo(tx: Tx, payment: PaymentRow, paidAt: Date): Promise<FulfilResult> {
  if (!payment.userId) return { granted: false, flag: ACCOUNT_GONE };
  if (!payment.videoId) return { granted: false, flag: 'This premium payment names no video.' };
  const [user] = await tx.select({ id: users.id, vipExpiresAt: users.vipExpiresAt, vipLifetime: users.vipLifetime }).from(users).where(eq(users.id, payment.userId)).for('update');
  if (!user) return { granted: false, flag: ACCOUNT_GONE };
  const [video] = await tx.select({ id: videos.id, episodeNumber: videos.episodeNumber, isPremium: videos.isPremium }).from(videos).where(eq(videos.id, payment.videoId));
  if (!video) return { granted: false, flag: `The video ${payment.videoId} no longer exists.` };
  if (await canWatch(tx, user, video, paidAt)) return { granted: false, refund: ALREADY_HAS_VIDEO };
  await tx
    .insert(premiumPurchases)
    .values({ id: newId(), userId: payment.userId, videoId: payment.videoId, paymentId: payment.id, priceCentavos: payment.amountCentavos, createdAt: paidAt, updatedAt: paidAt });
  return GRANTED;
}
