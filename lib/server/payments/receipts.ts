import 'server-only';
import type { Pagination, Receipt } from '@/lib/api/receipts';
import { and, count, desc, eq } from 'drizzle-orm';
import { isPaymentMethod, PAYMENT_METHOD_NAMES } from '@/lib/constants';
import type { Db } from '@/lib/server/db/client';
import { payments, subscriptions, vipPlans } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { planItemName } from '@/lib/server/subscription/service';

// The answer's shape is declared once, beside the client call that reads it (as lib/api/auth.ts does for the user).
export type { Pagination, Receipt } from '@/lib/api/receipts';

const receiptColumns = { payment: payments, plan: vipPlans, subscription: subscriptions };

function toReceipt(row: { payment: typeof payments.$inferSelect; plan: typeof vipPlans.$inferSelect | null; subscription: typeof subscriptions.$inferSelect | null }): Receipt {
  const p = row.payment;
  const method = p.paymentMethod;
  const receipt: Receipt = {
    _id: p.id,
    reference: p.requestId ?? p.id,
    kind: p.kind,
    item: row.plan ? planItemName(row.plan) : p.kind === 'coins' ? 'Coins' : 'Premium video',
    paymentMethod: method,
    paymentMethodName: isPaymentMethod(method) ? PAYMENT_METHOD_NAMES[method] : method,
    amount: p.amountCentavos / 100,
    amountCentavos: p.amountCentavos,
    currency: p.currency,
    paidAt: p.paidAt!.toISOString(),
    gateway: p.provider,
  };
  if (p.kind === 'vip') {
    receipt.vipLifetime = row.subscription !== null && row.subscription.expiresAt === null;
    receipt.vipValidUntil = row.subscription?.expiresAt?.toISOString() ?? null;
  }
  return receipt;
}

const paidOf = (userId: string) => and(eq(payments.userId, userId), eq(payments.status, 'paid'));

/** The user's paid payments, newest first, a page at a time. */
export async function listReceipts(db: Db, userId: string, page: number, size: number): Promise<{ data: Receipt[]; pagination: Pagination }> {
  const [{ total }] = await db.select({ total: count() }).from(payments).where(paidOf(userId));
  const rows = await db
    .select(receiptColumns)
    .from(payments)
    .leftJoin(vipPlans, eq(vipPlans.id, payments.vipPlanId))
    .leftJoin(subscriptions, eq(subscriptions.paymentId, payments.id))
    .where(paidOf(userId))
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(size)
    .offset((page - 1) * size);
  return { data: rows.map(toReceipt), pagination: { currentPage: page, pageSize: size, totalItems: total, totalPages: Math.ceil(total / size) } };
}

/** One receipt of the user's own paid payment; another user's, or an unpaid one, is not found. */
export async function getReceipt(db: Db, userId: string, paymentId: string): Promise<Receipt> {
  const [row] = await db
    .select(receiptColumns)
    .from(payments)
    .leftJoin(vipPlans, eq(vipPlans.id, payments.vipPlanId))
    .leftJoin(subscriptions, eq(subscriptions.paymentId, payments.id))
    .where(and(paidOf(userId), eq(payments.id, paymentId)));
  if (!row) throw new AppError('E_NOT_FOUND', 'Receipt not found.');
  return toReceipt(row);
}
