import 'server-only';
import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { CoinPlanHistoryEntry, RecordCoinPlanAnswer } from '@/lib/contracts/coins';
import type { Pagination } from '@/lib/contracts/receipts';
import { isPaymentMethod } from '@/lib/constants';
import type { Db } from '@/lib/server/db/client';
import { coinPlans, payments, users } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import type { PaymentGateway } from '@/lib/server/payments/gateway';
import { buyerOf, pendingPaymentCommon, startCheckout } from '@/lib/server/payments/service';
import type { requireUser } from '@/lib/server/users';
import type { CoinPaymentBody } from '@/lib/contracts/coins';
import { activeCoinPlan, coinPlanItemName, totalCoinsOf, type CoinPlanRow } from './plans';

type UserRow = Awaited<ReturnType<typeof requireUser>>;
type PaymentRow = typeof payments.$inferSelect;

/** Spec §3 'Pending payment data' for a coin plan: what the client keeps until the payment is settled. */
export type CoinPendingPaymentData = {
  requestId: string;
  paymentId: string;
  mchOrderId: string;
  userId: string;
  kind: 'coins';
  coinPlanId: string;
  coins: number;
  bonusCoins: number;
  totalCoins: number;
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

export type CoinPaymentLinkAnswer = {
  paymentLink: string;
  payment_action_info: string;
  pendingPaymentData: CoinPendingPaymentData;
  requestId: string;
  qrData?: string;
};

export function requireBuyer(user: UserRow): void {
  if (user.isAnonymous) throw new AppError('E_UNAUTHENTICATED', 'Please login first');
}

/**
 * Opens a checkout for a coin plan (kind `coins`): the plan's price from our database, a pending payment, the
 * gateway's hosted page (QR when asked). Grants nothing: coins are credited by fulfilment when the payment is paid.
 */
export async function createCoinCheckout(
  db: Db,
  user: UserRow,
  body: CoinPaymentBody,
  opts: { gateway: PaymentGateway; origin: string; returnPath: (requestId: string) => string },
): Promise<CoinPaymentLinkAnswer> {
  requireBuyer(user);
  const method = body.paymentMethod;
  if (!isPaymentMethod(method)) throw new AppError('E_VALIDATION', `Unknown payment method: ${method.slice(0, 40)}`);
  const plan = await activeCoinPlan(db, body.coinPlanId);
  const info = body.userInfo;
  const qr = body.qr === true;
  const { payment, session } = await startCheckout(db, {
    gateway: opts.gateway,
    userId: user.id,
    kind: 'coins',
    coinPlanId: plan.id,
    amountCentavos: plan.priceCentavos,
    description: coinPlanItemName(plan),
    paymentMethod: method,
    buyer: buyerOf(info),
    userInfo: info,
    billingMode: body.billingMode,
    returnUrl: (requestId) => new URL(opts.returnPath(requestId), opts.origin).toString(),
    qr,
    prefix: qr ? 'QR' : 'PAYMENT',
  });
  const pendingPaymentData: CoinPendingPaymentData = {
    ...pendingPaymentCommon(payment, session, opts.gateway, method),
    userId: user.id,
    kind: 'coins',
    coinPlanId: plan.id,
    coins: plan.coins,
    bonusCoins: plan.bonusCoins,
    totalCoins: totalCoinsOf(plan),
  };
  return {
    paymentLink: session.checkoutUrl,
    payment_action_info: session.checkoutUrl,
    pendingPaymentData,
    requestId: payment.requestId!,
    ...(session.qrData ? { qrData: session.qrData } : {}),
  };
}

function toHistoryEntry(p: PaymentRow, plan: CoinPlanRow): CoinPlanHistoryEntry {
  return {
    _id: p.id,
    requestId: p.requestId,
    coinPlanId: plan.id,
    coins: plan.coins,
    bonusCoins: plan.bonusCoins,
    totalCoins: totalCoinsOf(plan),
    price: p.amountCentavos / 100,
    priceCentavos: p.amountCentavos,
    paymentMethod: p.paymentMethod,
    paymentGateway: p.provider,
    paidAt: p.paidAt!.toISOString(),
    recordedAt: p.appliedAt?.toISOString() ?? null,
  };
}

async function balanceOf(db: Db, userId: string): Promise<number> {
  const [u] = await db.select({ coins: users.coins }).from(users).where(eq(users.id, userId));
  return u?.coins ?? 0;
}

async function planOf(db: Db, id: string): Promise<CoinPlanRow> {
  const [plan] = await db.select().from(coinPlans).where(eq(coinPlans.id, id));
  if (!plan) throw new Error(`coin plan ${id} not found`);
  return plan;
}

const NOTHING_TO_RECORD = 'No paid coin purchase to record.';

/**
 * recordCoinPlanHistory: the client's "I paid for coins". It confirms (payments.applied_at) the oldest paid, not yet
 * recorded coins payment of this user, plan and gateway; without one it refuses. The coins themselves were credited
 * by fulfilment when the payment was marked paid, so this call never credits anything.
 */
export async function recordCoinPlanHistory(
  db: Db,
  user: UserRow,
  input: { coinPlanId: string; paymentGateway?: string; requestId?: string },
): Promise<RecordCoinPlanAnswer> {
  requireBuyer(user);
  const mine = [eq(payments.userId, user.id), eq(payments.kind, 'coins'), eq(payments.coinPlanId, input.coinPlanId)];
  if (input.paymentGateway) mine.push(eq(payments.provider, input.paymentGateway));
  if (input.requestId) {
    const [already] = await db.select().from(payments).where(and(...mine, eq(payments.requestId, input.requestId), eq(payments.status, 'paid')));
    if (already?.appliedAt) {
      return { recorded: toHistoryEntry(already, await planOf(db, already.coinPlanId!)), coins: await balanceOf(db, user.id), alreadyRecorded: true };
    }
    if (!already) throw new AppError('E_CONFLICT', NOTHING_TO_RECORD);
  }
  const candidate = db
    .select({ id: payments.id })
    .from(payments)
    .where(and(...mine, eq(payments.status, 'paid'), isNull(payments.appliedAt), ...(input.requestId ? [eq(payments.requestId, input.requestId)] : [])))
    .orderBy(asc(payments.paidAt), asc(payments.id))
    .limit(1);
  // `applied_at is null` again on the row itself: of concurrent calls only one records a given payment.
  const [recorded] = await db
    .update(payments)
    .set({ appliedAt: new Date() })
    .where(and(inArray(payments.id, candidate), isNull(payments.appliedAt)))
    .returning();
  if (!recorded) {
    if (input.requestId) {
      const [again] = await db.select().from(payments).where(and(...mine, eq(payments.requestId, input.requestId), eq(payments.status, 'paid')));
      if (again?.appliedAt) return { recorded: toHistoryEntry(again, await planOf(db, again.coinPlanId!)), coins: await balanceOf(db, user.id), alreadyRecorded: true };
    }
    throw new AppError('E_CONFLICT', NOTHING_TO_RECORD);
  }
  return { recorded: toHistoryEntry(recorded, await planOf(db, recorded.coinPlanId!)), coins: await balanceOf(db, user.id) };
}

/** The user's paid coin-plan purchases, newest first, a page at a time. */
export async function coinPlanHistory(db: Db, userId: string, page: number, size: number): Promise<{ data: CoinPlanHistoryEntry[]; pagination: Pagination }> {
  const where = and(eq(payments.userId, userId), eq(payments.kind, 'coins'), eq(payments.status, 'paid'));
  const [{ total }] = await db.select({ total: count() }).from(payments).where(where);
  const rows = await db
    .select({ payment: payments, plan: coinPlans })
    .from(payments)
    .innerJoin(coinPlans, eq(coinPlans.id, payments.coinPlanId))
    .where(where)
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(size)
    .offset((page - 1) * size);
  return {
    data: rows.map((r) => toHistoryEntry(r.payment, r.plan)),
    pagination: { currentPage: page, pageSize: size, totalItems: total, totalPages: Math.ceil(total / size) },
  };
}
