import 'server-only';
import { eq } from 'drizzle-orm';
import { newId } from '@/lib/ids';
import type { Tx } from '@/lib/server/db/client';
import { subscriptions, users, vipPlans } from '@/lib/server/db/schema';
import { closeOpenCheckouts, CLOSED_REASON } from '@/lib/server/payments/checkouts';
import { ACCOUNT_GONE, GRANTED, type FulfilResult, type PaymentRow } from '@/lib/server/payments/fulfil-result';

const DAY_MS = 86_400_000;

export type VipState = { vipExpiresAt: Date | null; vipLifetime: boolean };

/**
 * VIP rules (issue 10 item 6): a plan's days start at the payment, or at the current expiry when VIP is still active
 * (buying again extends it); a lifetime plan never expires; a lifetime member stays lifetime whatever else they buy.
 * Answers the user's new state and the new subscription's period.
 */
export function vipAfterPurchase(current: VipState, validityDays: number | null, paidAt: Date): VipState & { startsAt: Date; expiresAt: Date | null } {
  if (validityDays === null) return { vipLifetime: true, vipExpiresAt: current.vipExpiresAt, startsAt: paidAt, expiresAt: null };
  const active = current.vipExpiresAt !== null && current.vipExpiresAt.getTime() > paidAt.getTime();
  const startsAt = active ? current.vipExpiresAt! : paidAt;
  const expiresAt = new Date(startsAt.getTime() + validityDays * DAY_MS);
  return { vipLifetime: current.vipLifetime, vipExpiresAt: expiresAt, startsAt, expiresAt };
}

export const LIFETIME_ALREADY = 'Lifetime VIP already covers this pass: refunded automatically.';

/**
 * Fulfils a paid VIP payment inside the transaction that marked it paid: the user's row is locked (FOR UPDATE) so
 * two purchases settling at once extend one after the other, never from the same old expiry. A pass that would add
 * nothing (the buyer is a lifetime member) grants nothing and is refunded automatically; a payment whose account or
 * plan is gone is flagged for a person. VIP covers every premium video, so the buyer's open premium checkouts close
 * (and once lifetime, their open VIP checkouts too).
 */
export async function fulfilVip(tx: Tx, payment: PaymentRow, paidAt: Date): Promise<FulfilResult> {
  if (!payment.userId) return { granted: false, flag: ACCOUNT_GONE };
  const [plan] = payment.vipPlanId ? await tx.select().from(vipPlans).where(eq(vipPlans.id, payment.vipPlanId)) : [];
  if (!plan) return { granted: false, flag: `The VIP plan ${payment.vipPlanId ?? '(none)'} no longer exists: nothing to grant.` };
  const [user] = await tx.select({ vipExpiresAt: users.vipExpiresAt, vipLifetime: users.vipLifetime }).from(users).where(eq(users.id, payment.userId)).for('update');
  if (!user) return { granted: false, flag: ACCOUNT_GONE };
  if (user.vipLifetime) return { granted: false, refund: LIFETIME_ALREADY };
  const next = vipAfterPurchase(user, plan.validityDays, paidAt);
  await tx.update(users).set({ vipExpiresAt: next.vipExpiresAt, vipLifetime: next.vipLifetime }).where(eq(users.id, payment.userId));
  // Unique per payment: a second fulfilment of one payment fails the transaction instead of granting twice.
  await tx.insert(subscriptions).values({ id: newId(), userId: payment.userId, vipPlanId: plan.id, startsAt: next.startsAt, expiresAt: next.expiresAt, paymentId: payment.id });
  await closeOpenCheckouts(tx, { userId: payment.userId, kind: 'premium_video' }, 'expired', CLOSED_REASON.vipCoversVideo);
  if (next.vipLifetime) await closeOpenCheckouts(tx, { userId: payment.userId, kind: 'vip' }, 'expired', CLOSED_REASON.lifetimeVip);
  return GRANTED;
}
