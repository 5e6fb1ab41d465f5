import 'server-only';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { isPaymentMethod } from '@/lib/constants';
import { capitalize } from '@/lib/format';
import type { Db } from '@/lib/server/db/client';
import { movieSeries, payments, subscriptions, users, videos, vipPlans } from '@/lib/server/db/schema';
import { episodeHref } from '@/lib/routes';
import { isVipActive } from '@/lib/server/entitlement/can-watch';
import { AppError } from '@/lib/server/http/app-error';
import type { PaymentGateway } from '@/lib/server/payments/gateway';
import type { PaymentRow } from '@/lib/server/payments/fulfil-result';
import { settlingGateway } from '@/lib/server/payments/registry';
import { buyerOf, pendingPaymentCommon, settlePayment, startCheckout } from '@/lib/server/payments/service';
import { requireUser, toClientUser, type ClientUser } from '@/lib/server/users';
import type { GeneratePaymentLinkBody } from '@/lib/contracts/payments';

type UserRow = Awaited<ReturnType<typeof requireUser>>;
type PlanRow = typeof vipPlans.$inferSelect;

/** Spec §3 'Subscription plan (VIP)': _id, subscriptionType, price (pesos), validity (days, or 'lifetime'). */
export type ClientPlan = {
  _id: string;
  subscriptionType: string;
  /** Pesos, e.g. 299 for ₱299.00 (the dialog shows two decimals). */
  price: number;
  priceCentavos: number;
  currency: 'PHP';
  /** Days, or 'lifetime' (spec §9: 'lifetime' shows 'Lifetime', else '{n} days'). */
  validity: number | 'lifetime';
};

const toClientPlan = (p: PlanRow): ClientPlan => ({
  _id: p.id,
  subscriptionType: p.subscriptionType,
  price: p.priceCentavos / 100,
  priceCentavos: p.priceCentavos,
  currency: 'PHP',
  validity: p.validityDays ?? 'lifetime',
});

/** What a buyer reads for a plan on the gateway's page and the receipt: 'VIP Monthly (30 days)', 'VIP Lifetime'. */
export const planItemName = (p: Pick<PlanRow, 'subscriptionType' | 'validityDays'>) =>
  `VIP ${capitalize(p.subscriptionType)}${p.validityDays === null ? '' : ` (${p.validityDays} days)`}`;

/** Active plans in display order (the middle one is 'MOST POPULAR', spec §2). */
export async function availablePlans(db: Db): Promise<ClientPlan[]> {
  const rows = await db.select().from(vipPlans).where(eq(vipPlans.isActive, true)).orderBy(asc(vipPlans.sortOrder), asc(vipPlans.priceCentavos));
  return rows.map(toClientPlan);
}

async function activePlan(db: Db, id: string): Promise<PlanRow> {
  const [plan] = await db.select().from(vipPlans).where(and(eq(vipPlans.id, id), eq(vipPlans.isActive, true)));
  if (!plan) throw new AppError('E_NOT_FOUND', 'Subscription plan not found.');
  return plan;
}

/** Spec §3 'Pending payment data': saved by the client with billing mode and timestamp before it leaves for the gateway. */
export type PendingPaymentData = {
  requestId: string;
  paymentId: string;
  mchOrderId: string;
  userId: string;
  vipPlanId: string;
  subscriptionType: string;
  amount: number;
  amountCentavos: number;
  currency: 'PHP';
  paymentMethod: string;
  paymentType: 'creditcard' | 'wallet';
  billingMode: string;
  gateway: string;
  paymentLink: string;
  expiresAt: string | null;
  timestamp: number;
};

export type PaymentLinkAnswer = { paymentLink: string; payment_action_info: string; pendingPaymentData: PendingPaymentData; requestId: string; qrData?: string };

/**
 * Opens a checkout for a VIP plan (generate-payment-link, and with `qr` generate-qr-payment-link): the plan's price
 * from our database (never the client's), a pending payment, the gateway's hosted page. Grants nothing.
 */
export async function createSubscriptionCheckout(
  db: Db,
  user: UserRow,
  body: GeneratePaymentLinkBody,
  opts: { gateway: PaymentGateway; origin: string; returnPath: (requestId: string) => string; qr?: boolean },
): Promise<PaymentLinkAnswer> {
  if (user.isAnonymous) throw new AppError('E_UNAUTHENTICATED', 'Please login first');
  const method = body.paymentMethod;
  if (!isPaymentMethod(method)) throw new AppError('E_VALIDATION', `Unknown payment method: ${method.slice(0, 40)}`);
  const plan = await activePlan(db, body.vipPlanId);
  // A pass must add something: a lifetime member has every day already (a payment that slips through anyway, from a
  // checkout opened before, is refunded automatically by fulfilment).
  if (user.vipLifetime) throw new AppError('E_CONFLICT', 'You already have lifetime VIP, so this pass would add nothing. No payment was started.');
  const info = body.userInfo;
  const { payment, session } = await startCheckout(db, {
    gateway: opts.gateway,
    userId: user.id,
    kind: 'vip',
    vipPlanId: plan.id,
    amountCentavos: plan.priceCentavos,
    description: planItemName(plan),
    paymentMethod: method,
    buyer: buyerOf(info),
    userInfo: info,
    billingMode: body.billingMode,
    returnUrl: (requestId) => new URL(opts.returnPath(requestId), opts.origin).toString(),
    qr: opts.qr,
    prefix: opts.qr ? 'QR' : 'PAYMENT',
  });
  const pendingPaymentData: PendingPaymentData = {
    ...pendingPaymentCommon(payment, session, opts.gateway, method),
    userId: user.id,
    vipPlanId: plan.id,
    subscriptionType: plan.subscriptionType,
  };
  return { paymentLink: session.checkoutUrl, payment_action_info: session.checkoutUrl, pendingPaymentData, requestId: payment.requestId!, ...(session.qrData ? { qrData: session.qrData } : {}) };
}

/** Where one payment stands, as check-payment and process-payment answer it; `user` carries the new isVip at once. */
export type PaymentStatusAnswer = {
  requestId: string;
  paymentId: string;
  status: PaymentRow['status'];
  isPaid: boolean;
  amount: number;
  amountCentavos: number;
  currency: string;
  paymentMethod: string | null;
  vipPlanId: string | null;
  /** What the payment buys: the return page speaks of VIP, coins or a premium video accordingly. */
  kind: PaymentRow['kind'];
  coinPlanId: string | null;
  videoId: string | null;
  /** For a premium video: where to watch it once paid. */
  watchHref: string | null;
  failureReason: string | null;
  paidAt: string | null;
  applied: boolean;
  /** A refund (automatic, when the payment bought nothing; or by an admin), pending or done. */
  refund: { status: 'pending' | 'succeeded' | 'failed'; reason: string | null; refundedAt: string | null } | null;
  /** Waiting for a person: nothing was granted yet. */
  flagged: boolean;
  user: ClientUser;
};

async function ownPayment(db: Db, user: UserRow, ref: string): Promise<PaymentRow> {
  // By our request id, or by the gateway's reference (a linkId may be either); only the user's own payments.
  const [byRequest] = await db.select().from(payments).where(and(eq(payments.requestId, ref), eq(payments.userId, user.id)));
  const payment = byRequest ?? (await db.select().from(payments).where(and(eq(payments.providerRef, ref), eq(payments.userId, user.id))))[0];
  // Another user's payment answers the same as none: its existence is not revealed.
  if (!payment) throw new AppError('E_NOT_FOUND', 'Payment not found.');
  return payment;
}

/** The episode page of a bought premium video (its title and episode number), or null. */
async function watchHrefOf(db: Db, videoId: string | null): Promise<string | null> {
  if (!videoId) return null;
  const [row] = await db
    .select({ _id: movieSeries.id, name: movieSeries.name, episodeNumber: videos.episodeNumber })
    .from(videos)
    .innerJoin(movieSeries, eq(movieSeries.id, videos.movieSeriesId))
    .where(eq(videos.id, videoId));
  return row ? episodeHref(row, row.episodeNumber) : null;
}

async function statusAnswer(db: Db, payment: PaymentRow): Promise<PaymentStatusAnswer> {
  const [fresh, watchHref] = await Promise.all([requireUser(db, payment.userId!), watchHrefOf(db, payment.kind === 'premium_video' ? payment.videoId : null)]);
  return {
    requestId: payment.requestId!,
    paymentId: payment.id,
    status: payment.status,
    isPaid: payment.status === 'paid',
    amount: payment.amountCentavos / 100,
    amountCentavos: payment.amountCentavos,
    currency: payment.currency,
    paymentMethod: payment.paymentMethod,
    vipPlanId: payment.vipPlanId,
    kind: payment.kind,
    coinPlanId: payment.coinPlanId,
    videoId: payment.videoId,
    watchHref,
    failureReason: payment.failureReason,
    paidAt: payment.paidAt?.toISOString() ?? null,
    applied: payment.appliedAt !== null,
    refund: payment.refundStatus ? { status: payment.refundStatus, reason: payment.refundReason, refundedAt: payment.refundedAt?.toISOString() ?? null } : null,
    flagged: payment.flagReason !== null && payment.flagResolvedAt === null && payment.refundStatus === null,
    user: toClientUser(fresh),
  };
}

/** check-payment: reads where the user's payment stands (the return page polls it). Changes nothing. */
export async function checkPayment(db: Db, user: UserRow, requestId: string): Promise<PaymentStatusAnswer> {
  return statusAnswer(db, await ownPayment(db, user, requestId));
}

/**
 * process-payment: the client's "I am back from the gateway" (after any purchase). For a pending payment the gateway is asked
 * (`fetchStatus`) and the answer settled through the same function as webhooks and reconciliation; the client's
 * word settles nothing.
 */
export async function processPayment(db: Db, user: UserRow, linkId: string, vipPlanId?: string): Promise<PaymentStatusAnswer> {
  let payment = await ownPayment(db, user, linkId);
  // Any kind of payment may be confirmed here (the return page serves VIP, coins and premium videos alike); a vipPlanId
  // given must be the payment's own.
  if (vipPlanId !== undefined && (payment.kind !== 'vip' || payment.vipPlanId !== vipPlanId)) {
    throw new AppError('E_VALIDATION', 'This payment is not for that subscription plan.');
  }
  const gateway = settlingGateway(payment.provider);
  if (payment.status === 'pending' && !payment.flagReason && gateway && payment.providerRef) {
    const status = await gateway.fetchStatus(payment.providerRef).catch(() => 'pending' as const);
    if (status !== 'pending') await settlePayment(db, payment.id, status, { source: 'process-payment' });
    payment = await ownPayment(db, user, linkId);
  }
  return statusAnswer(db, payment);
}

/**
 * user-status: the user's VIP state and the subscription that grants it (spec §3 'Subscription state':
 * userSubscriptionStatus). The plan named is the one behind the current access: the lifetime pass for a lifetime
 * member, else the period that covers now (or the last one, when VIP has lapsed), never merely the latest bought.
 */
export async function userStatus(db: Db, user: UserRow) {
  const now = new Date();
  const [current] = await db
    .select({ id: subscriptions.id, startsAt: subscriptions.startsAt, expiresAt: subscriptions.expiresAt, plan: vipPlans })
    .from(subscriptions)
    .innerJoin(vipPlans, eq(vipPlans.id, subscriptions.vipPlanId))
    .where(eq(subscriptions.userId, user.id))
    // Lifetime first; then a period that has begun, latest end first; then the rest, latest end first.
    .orderBy(
      sql`${subscriptions.expiresAt} is not null`,
      sql`${subscriptions.startsAt} > ${now.toISOString()}::timestamptz`,
      desc(subscriptions.expiresAt),
      desc(subscriptions.createdAt),
    )
    .limit(1);
  const isVip = isVipActive({ id: user.id, vipExpiresAt: user.vipExpiresAt, vipLifetime: user.vipLifetime }, now);
  return {
    userId: user.id,
    isVip,
    userSubscriptionStatus: isVip ? 'active' : current ? 'expired' : 'none',
    vipLifetime: user.vipLifetime,
    vipExpiresAt: user.vipLifetime ? null : (user.vipExpiresAt?.toISOString() ?? null),
    subscription: current
      ? { _id: current.id, plan: toClientPlan(current.plan), startsAt: current.startsAt.toISOString(), expiresAt: current.expiresAt?.toISOString() ?? null }
      : null,
  };
}

/**
 * PATCH api/client/user/subscribe: confirms a paid VIP payment of this user that was not yet applied (the grant
 * itself happened when the payment was marked paid). Without one it refuses: the client's word never grants VIP.
 */
export async function applySubscribe(db: Db, user: UserRow, requestId?: string): Promise<{ user: ClientUser; payment: PaymentStatusAnswer }> {
  const [applied] = await db
    .update(payments)
    .set({ appliedAt: new Date() })
    .where(
      and(
        inArray(payments.id, db
          .select({ id: payments.id })
          .from(payments)
          .where(and(eq(payments.userId, user.id), eq(payments.kind, 'vip'), eq(payments.status, 'paid'), isNull(payments.appliedAt), ...(requestId ? [eq(payments.requestId, requestId)] : [])))
          .orderBy(desc(payments.paidAt))
          .limit(1)),
        isNull(payments.appliedAt),
      ),
    )
    .returning();
  if (!applied) {
    // A repeat confirmation of a payment already applied (the return page reloaded) answers success, as coins and
    // premium videos do; only a payment that was never paid is refused.
    const [done] = requestId
      ? await db.select().from(payments).where(and(eq(payments.userId, user.id), eq(payments.kind, 'vip'), eq(payments.status, 'paid'), eq(payments.requestId, requestId)))
      : [];
    if (!done) throw new AppError('E_CONFLICT', 'No paid subscription payment to apply. Please complete the payment first.');
    const [fresh] = await db.select().from(users).where(eq(users.id, user.id));
    return { user: toClientUser(fresh), payment: await statusAnswer(db, done) };
  }
  const [fresh] = await db.select().from(users).where(eq(users.id, user.id));
  return { user: toClientUser(fresh), payment: await statusAnswer(db, applied) };
}
