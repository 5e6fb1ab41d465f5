import 'server-only';
import type { Pagination, Receipt } from '@/lib/contracts/receipts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { isPaymentMethod, PAYMENT_METHOD_NAMES } from '@/lib/constants';
import type { Db } from '@/lib/server/db/client';
import { coinPlans, movieSeries, payments, subscriptions, videos, vipPlans } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { joinBoughtItem } from './bought-item';
import { coinPlanItemName } from '@/lib/server/coins/plans';
import { planItemName } from '@/lib/server/subscription/service';

// The answer's shape is declared once, beside the client call that reads it (as lib/api/auth.ts does for the user).

const receiptColumns = {
  payment: payments,
  plan: vipPlans,
  subscription: subscriptions,
  coinPlan: { coins: coinPlans.coins, bonusCoins: coinPlans.bonusCoins },
  video: { title: movieSeries.name, episodeNumber: videos.episodeNumber, type: movieSeries.type },
};

/** What a payment bought, from its joined plan, coin plan or video (the studio's Payments page names items the same way). */
export type ItemRow = {
  payment: { kind: (typeof payments.$inferSelect)['kind'] };
  plan: Pick<typeof vipPlans.$inferSelect, 'subscriptionType' | 'validityDays'> | null;
  coinPlan: { coins: number; bonusCoins: number } | null;
  video: { title: string | null; episodeNumber: number | null; type: number | null } | null;
};

type ReceiptRow = ItemRow & {
  payment: typeof payments.$inferSelect;
  plan: typeof vipPlans.$inferSelect | null;
  subscription: typeof subscriptions.$inferSelect | null;
};

/** What was bought, as the buyer reads it: 'VIP Monthly (30 days)', '300 coins + 30 bonus', 'Hiwaga (movie)'. */
export function itemName(row: ItemRow): string {
  if (row.plan) return planItemName(row.plan);
  if (row.coinPlan) return coinPlanItemName(row.coinPlan);
  if (row.video?.title) return row.video.type === 1 ? row.video.title : `${row.video.title} · Episode ${row.video.episodeNumber}`;
  return row.payment.kind === 'coins' ? 'Coins' : row.payment.kind === 'vip' ? 'VIP' : 'Premium video';
}

function toReceipt(row: ReceiptRow): Receipt {
  const p = row.payment;
  const method = p.paymentMethod;
  const receipt: Receipt = {
    _id: p.id,
    reference: p.requestId ?? p.id,
    kind: p.kind,
    item: itemName(row),
    paymentMethod: method,
    paymentMethodName: isPaymentMethod(method) ? PAYMENT_METHOD_NAMES[method] : method,
    amount: p.amountCentavos / 100,
    amountCentavos: p.amountCentavos,
    currency: p.currency,
    paidAt: p.paidAt?.toISOString() ?? null,
    status: p.status === 'refunded' ? 'refunded' : 'paid',
    refundedAt: p.refundedAt?.toISOString() ?? null,
    refundStatus: p.refundStatus ?? null,
    gateway: p.provider,
  };
  // A refunded payment granted nothing (lib/server/payments/refunds.ts refunds only those), so it names no VIP period.
  if (p.kind === 'vip' && p.status === 'paid') {
    receipt.vipLifetime = row.subscription !== null && row.subscription.expiresAt === null;
    receipt.vipValidUntil = row.subscription?.expiresAt?.toISOString() ?? null;
  }
  return receipt;
}

/** Receipts are of money taken: paid payments, and refunded ones (taken, then given back). */
const paidOf = (userId: string) => and(eq(payments.userId, userId), inArray(payments.status, ['paid', 'refunded']));
/** A refunded payment that was never settled as paid (a flagged one) sorts by when it was refunded. */
const receiptTime = sql`coalesce(${payments.paidAt}, ${payments.refundedAt}, ${payments.createdAt})`;

/** Payments with what they bought and, for a VIP pass, the period it granted. */
const receiptsQuery = (db: Db) => db.select(receiptColumns).from(payments).leftJoin(subscriptions, eq(subscriptions.paymentId, payments.id)).$dynamic();

/** The user's paid and refunded payments, newest first, a page at a time. */
export async function listReceipts(db: Db, userId: string, page: number, size: number): Promise<{ data: Receipt[]; pagination: Pagination }> {
  const [{ total }] = await db.select({ total: count() }).from(payments).where(paidOf(userId));
  const rows = await joinBoughtItem(receiptsQuery(db))
    .where(paidOf(userId))
    .orderBy(desc(receiptTime), desc(payments.id))
    .limit(size)
    .offset((page - 1) * size);
  return { data: rows.map(toReceipt), pagination: { currentPage: page, pageSize: size, totalItems: total, totalPages: Math.ceil(total / size) } };
}

/** One receipt of the user's own paid or refunded payment; another user's, or an unpaid one, is not found. */
export async function getReceipt(db: Db, userId: string, paymentId: string): Promise<Receipt> {
  const [row] = await joinBoughtItem(receiptsQuery(db)).where(and(paidOf(userId), eq(payments.id, paymentId)));
  if (!row) throw new AppError('E_NOT_FOUND', 'Receipt not found.');
  return toReceipt(row);
}
