import 'server-only';
import type { Tx } from '@/lib/server/db/client';
import type { payments } from '@/lib/server/db/schema';

export type PaymentRow = typeof payments.$inferSelect;

/**
 * What fulfilling a paid payment came to. A fulfilment never throws for a payment it cannot apply: it says so, and
 * the settlement keeps the payment paid (the money was taken) and either refunds it automatically (`refund`: the
 * buyer already had what it buys, so it would grant nothing) or flags it for a person (`flag`: the account is gone,
 * the plan was deleted). Nothing is granted in either case.
 */
export type FulfilResult = { granted: true } | { granted: false; refund: string } | { granted: false; flag: string };

/**
 * What a paid payment grants, for one kind. Runs inside the transaction that moved the payment to paid (and only when
 * that update touched the row), so a grant never exists without its paid payment, nor a paid payment without its
 * grant, its refund or its flag.
 */
export type Fulfil = (tx: Tx, payment: PaymentRow, paidAt: Date) => Promise<FulfilResult>;

export const GRANTED: FulfilResult = { granted: true };
export const ACCOUNT_GONE = 'The account was deleted before this payment was paid: nothing to grant.';
