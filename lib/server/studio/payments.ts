import 'server-only';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Pagination } from '@/lib/contracts/receipts';
import type { DeadJob, JobState, JobsHealth, PaymentCounts, PaymentHistoryEntry, StudioPayment, StudioPaymentDetail } from '@/lib/contracts/studio-payments';
import { isPaymentMethod, PAYMENT_METHOD_NAMES } from '@/lib/constants';
import { formatPesos } from '@/lib/format';
import type { Db } from '@/lib/server/db/client';
import { prefixPattern } from '@/lib/server/db/like';
import {
  auditLog,
  coinLedger,
  coinPlans,
  jobs,
  movieSeries,
  payments,
  premiumPurchases,
  subscriptions,
  users,
  videos,
  vipPlans,
  webhookEvents,
} from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { joinBoughtItem } from '@/lib/server/payments/bought-item';
import { itemName } from '@/lib/server/payments/receipts';
import { REFUND_JOB, refundFlaggedPayment, resolveFlaggedPayment } from '@/lib/server/payments/refunds';
import { writeAudit, type AuditActor } from '@/lib/server/studio/audit';
import { PAYMENT_FILTERS, type JobsHealthQuery, type PaymentListQuery } from '@/lib/contracts/studio-payments';

/**
 * The studio's Payments page (issue 20, 'Operators can see and settle money'; admins only): every payment with a
 * search, each one's history put together from the records the payments core already keeps (the payment row, its
 * webhook events, the VIP period / purchase / ledger entry it granted, its refund jobs, the audit log), the two actions
 * a flagged payment needs (refund and resolve: lib/server/payments/refunds.ts, which audits them), and the job queue's
 * health with a retry for dead jobs (audited here).
 */

type PaymentRow = typeof payments.$inferSelect;

/** Flagged and not yet resolved by a person: what the 'Flagged' tab lists. */
const flagOpen = and(isNotNull(payments.flagReason), isNull(payments.flagResolvedAt))!;

/** Statuses in which the gateway may hold the buyer's money (refunds.ts refuses the others). */
const REFUNDABLE = new Set<PaymentRow['status']>(['paid', 'pending', 'expired', 'cancelled', 'failed']);

const resolver = alias(users, 'resolver');
const requester = alias(users, 'requester');

const listColumns = {
  payment: payments,
  userEmail: users.email,
  plan: { subscriptionType: vipPlans.subscriptionType, validityDays: vipPlans.validityDays },
  coinPlan: { coins: coinPlans.coins, bonusCoins: coinPlans.bonusCoins },
  video: { title: movieSeries.name, episodeNumber: videos.episodeNumber, type: movieSeries.type },
};
type ListRow = {
  payment: PaymentRow;
  userEmail: string | null;
  plan: { subscriptionType: string; validityDays: number | null } | null;
  coinPlan: { coins: number; bonusCoins: number } | null;
  video: { title: string | null; episodeNumber: number | null; type: number | null } | null;
};

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

function checkoutEmail(p: PaymentRow): string | null {
  const email = p.userInfo?.email;
  return typeof email === 'string' && email.trim() ? email.trim() : null;
}

function toStudioPayment(row: ListRow): StudioPayment {
  const p = row.payment;
  const method = p.paymentMethod;
  return {
    id: p.id,
    requestId: p.requestId,
    providerRef: p.providerRef,
    provider: p.provider,
    kind: p.kind,
    item: itemName(row),
    amountCentavos: p.amountCentavos,
    currency: p.currency,
    paymentMethod: method,
    paymentMethodName: isPaymentMethod(method) ? PAYMENT_METHOD_NAMES[method] : method,
    status: p.status,
    userId: p.userId,
    userEmail: p.userId ? row.userEmail : null,
    checkoutEmail: checkoutEmail(p),
    flagReason: p.flagReason,
    flagOpen: p.flagReason !== null && p.flagResolvedAt === null,
    refundStatus: p.refundStatus ?? null,
    createdAt: p.createdAt.toISOString(),
    paidAt: iso(p.paidAt),
  };
}

/**
 * What a search matches: the start (or the whole) of a payment id, a user id, a request id, the gateway's reference,
 * our order id, the account's e-mail or the e-mail typed at checkout. Case-insensitive; `%`, `_` and `\` are literal.
 */
function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = prefixPattern(q);
  return or(
    ilike(payments.id, pattern),
    ilike(payments.userId, pattern),
    ilike(payments.requestId, pattern),
    ilike(payments.providerRef, pattern),
    ilike(payments.mchOrderId, pattern),
    ilike(users.email, pattern),
    ilike(sql`${payments.userInfo}->>'email'`, pattern),
  );
}

function statusCondition(status: PaymentListQuery['status']): SQL | undefined {
  if (status === 'all') return undefined;
  if (status === 'flagged') return flagOpen;
  return eq(payments.status, status);
}

/** Payments newest first, a page at a time, with how many each tab holds under the same kind and search. */
export async function listPayments(db: Db, q: PaymentListQuery): Promise<{ data: StudioPayment[]; pagination: Pagination; counts: PaymentCounts }> {
  const common = and(q.kind ? eq(payments.kind, q.kind) : undefined, searchCondition(q.q));
  const where = and(common, statusCondition(q.status));
  const rows = await joinBoughtItem(db.select(listColumns).from(payments).leftJoin(users, eq(users.id, payments.userId)).$dynamic())
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const byStatus = await db
    .select({ status: payments.status, n: count(), flagged: sql<number>`(count(*) filter (where ${flagOpen}))::int` })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .where(common)
    .groupBy(payments.status);
  const counts = Object.fromEntries(PAYMENT_FILTERS.map((f) => [f, 0])) as PaymentCounts;
  for (const s of byStatus) {
    counts[s.status] = s.n;
    counts.all += s.n;
    counts.flagged += s.flagged;
  }
  const total = counts[q.status];
  return {
    data: rows.map(toStudioPayment),
    pagination: { currentPage: q.page, pageSize: q.limit, totalItems: total, totalPages: Math.ceil(total / q.limit) },
    counts,
  };
}

const summarise = (o: Record<string, unknown> | null) =>
  o && Object.keys(o).length > 0
    ? Object.entries(o)
        .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
        .join(' · ')
    : null;

const dateOnly = new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: 'Asia/Manila' });

/** A payment's life in its own order, for entries written in one transaction (see orderHistory). */
const LIFECYCLE: Record<PaymentHistoryEntry['kind'], number> = {
  created: 0,
  webhook: 1,
  paid: 2,
  failed: 2,
  expired: 2,
  cancelled: 2,
  fulfilled: 3,
  applied: 4,
  flagged: 5,
  refund_requested: 6,
  refund_attempt: 7,
  refunded: 8,
  refund_failed: 8,
  resolved: 9,
  audit: 10,
};
/** An audit entry comes right after the change it records. */
const AUDITED: Record<string, PaymentHistoryEntry['kind']> = { 'payment.refund': 'refund_requested', 'payment.resolve': 'resolved' };
/** Rows of one transaction differ by at most this much. */
const SAME_TRANSACTION_MS = 1000;

/**
 * Oldest first. Rows written in one transaction carry either the database's transaction-start time (`defaultNow()`:
 * webhook events, grants, audit entries) or the app's clock a few milliseconds later (paid_at, refund_requested_at,
 * flag_resolved_at), so the clock alone would show 'VIP granted' before 'Paid'. Within that margin the lifecycle's
 * own order wins (a few adjacent swaps; the list is short).
 */
function orderHistory(history: Timed[]): PaymentHistoryEntry[] {
  history.sort((a, b) => a.entry.at.localeCompare(b.entry.at));
  for (let swapped = true; swapped; ) {
    swapped = false;
    for (let i = 0; i + 1 < history.length; i++) {
      const [x, y] = [history[i], history[i + 1]];
      if (y.rank < x.rank && Date.parse(y.entry.at) - Date.parse(x.entry.at) < SAME_TRANSACTION_MS) {
        [history[i], history[i + 1]] = [y, x];
        swapped = true;
      }
    }
  }
  return history.map((h) => h.entry);
}

type Timed = { entry: PaymentHistoryEntry; rank: number };

/** One payment with its history, oldest first; 404 when there is no such payment. */
export async function getPaymentDetail(db: Db, paymentId: string): Promise<StudioPaymentDetail> {
  const [row] = await joinBoughtItem(
    db
      .select({ ...listColumns, resolverEmail: resolver.email, requesterEmail: requester.email })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.userId))
      .leftJoin(resolver, eq(resolver.id, payments.flagResolvedBy))
      .leftJoin(requester, eq(requester.id, payments.refundRequestedBy))
      .$dynamic(),
  ).where(eq(payments.id, paymentId));
  if (!row) throw new AppError('E_NOT_FOUND', 'Payment not found.');
  const p = row.payment;

  const [events, periods, purchases, ledger, refundJobs, audits] = await Promise.all([
    db.select().from(webhookEvents).where(eq(webhookEvents.paymentId, p.id)).orderBy(asc(webhookEvents.createdAt), asc(webhookEvents.id)),
    db.select().from(subscriptions).where(eq(subscriptions.paymentId, p.id)),
    db.select().from(premiumPurchases).where(eq(premiumPurchases.paymentId, p.id)),
    // A top-up's ledger entries name the payment as their reference (unlocks name videos: ids never collide).
    db.select().from(coinLedger).where(eq(coinLedger.reference, p.id)).orderBy(asc(coinLedger.createdAt)),
    db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, REFUND_JOB), sql`${jobs.payload}->>'paymentId' = ${p.id}`))
      .orderBy(asc(jobs.createdAt)),
    db.select().from(auditLog).where(and(eq(auditLog.entity, 'payment'), eq(auditLog.entityId, p.id))).orderBy(asc(auditLog.createdAt), asc(auditLog.id)),
  ]);

  const base = toStudioPayment(row);
  const history: Timed[] = [];
  const add = (at: Date | null | undefined, kind: PaymentHistoryEntry['kind'], title: string, detail: string | null, tone: PaymentHistoryEntry['tone'] = 'info', rank = LIFECYCLE[kind]) => {
    if (at) history.push({ entry: { at: at.toISOString(), kind, title, detail, tone }, rank });
  };

  add(
    p.createdAt,
    'created',
    'Checkout opened',
    [formatPesos(p.amountCentavos), base.paymentMethodName, `via ${p.provider}`, base.userEmail ?? (p.userId ? null : '(deleted account)')].filter(Boolean).join(' · '),
  );
  for (const e of events) {
    add(e.createdAt, 'webhook', `Webhook ${e.eventType ?? 'event'} (${e.providerEventId})`, e.error ?? (e.processedAt ? 'Processed.' : 'Not processed.'), e.error ? 'warn' : 'info');
  }
  add(p.paidAt, 'paid', 'Paid', null, 'good');
  if (p.status === 'failed' || p.status === 'expired' || p.status === 'cancelled') {
    // No column keeps when a payment was closed; the last change before any refund or resolution is when it was.
    const closedAt = [p.updatedAt, p.refundRequestedAt, p.flagResolvedAt].filter((d): d is Date => d !== null).sort((a, b) => a.getTime() - b.getTime())[0];
    const title = { failed: 'Failed', expired: 'Expired', cancelled: 'Cancelled' }[p.status];
    add(closedAt, p.status, title, p.failureReason, p.status === 'failed' ? 'bad' : 'warn');
  }
  for (const s of periods) {
    add(s.createdAt, 'fulfilled', 'VIP granted', s.expiresAt ? `From ${dateOnly.format(s.startsAt)} until ${dateOnly.format(s.expiresAt)}` : 'Lifetime', 'good');
  }
  for (const pp of purchases) add(pp.createdAt, 'fulfilled', 'Purchase recorded', `${base.item} for ${formatPesos(pp.priceCentavos)}`, 'good');
  for (const l of ledger) {
    add(l.createdAt, 'fulfilled', `${l.delta > 0 ? '+' : ''}${l.delta.toLocaleString('en-PH')} coins`, `${l.reason.replace(/_/g, ' ')}; balance after ${l.balanceAfter.toLocaleString('en-PH')}`, l.delta > 0 ? 'good' : 'warn');
  }
  add(p.appliedAt, 'applied', 'Confirmed by the buyer', null);
  add(p.flaggedAt ?? (p.flagReason ? p.updatedAt : null), 'flagged', 'Flagged for a person', p.flagReason, 'bad');
  add(p.refundRequestedAt, 'refund_requested', row.requesterEmail ? `Refund requested by ${row.requesterEmail}` : 'Refund requested automatically', p.refundReason, 'warn');
  for (const j of refundJobs) {
    if (j.lastError) add(j.updatedAt, 'refund_attempt', `Refund attempt ${j.attempts} of ${j.maxAttempts} failed${j.state === 'dead' ? ' (job dead)' : ''}`, j.lastError, 'warn');
  }
  add(p.refundedAt, 'refunded', 'Refunded', p.refundRef ? `Gateway refund ${p.refundRef}` : null, 'good');
  if (p.refundStatus === 'failed') {
    const lastJob = refundJobs.at(-1);
    add(lastJob?.finishedAt ?? p.updatedAt, 'refund_failed', 'Refund failed', p.refundError, 'bad');
  }
  add(p.flagResolvedAt, 'resolved', row.resolverEmail ? `Flag resolved by ${row.resolverEmail}` : 'Flag resolved', p.flagNote, 'good');
  for (const a of audits) {
    const audited = AUDITED[a.action];
    add(a.createdAt, 'audit', `Audit: ${a.action} by ${a.actorEmail ?? a.actorId ?? 'a server command'}`, summarise(a.after), 'info', audited ? LIFECYCLE[audited] + 0.5 : LIFECYCLE.audit);
  }

  const open = base.flagOpen;
  return {
    ...base,
    mchOrderId: p.mchOrderId,
    failureReason: p.failureReason,
    expiresAt: iso(p.expiresAt),
    appliedAt: iso(p.appliedAt),
    flaggedAt: iso(p.flaggedAt),
    flagResolvedAt: iso(p.flagResolvedAt),
    flagResolvedByEmail: row.resolverEmail,
    flagNote: p.flagNote,
    refundReason: p.refundReason,
    refundRequestedAt: iso(p.refundRequestedAt),
    refundRequestedByEmail: row.requesterEmail,
    refundRef: p.refundRef,
    refundError: p.refundError,
    refundedAt: iso(p.refundedAt),
    history: orderHistory(history),
    canRefund: open && p.refundStatus !== 'pending' && p.refundStatus !== 'succeeded' && REFUNDABLE.has(p.status),
    canResolve: open && p.refundStatus !== 'pending',
  };
}

/** 'Refund ₱X' on a flagged payment: the refund is asked for (the `payments.refund` job carries it out); audited. */
export async function refundFromStudio(db: Db, actor: AuditActor, paymentId: string, note: string): Promise<StudioPaymentDetail> {
  await refundFlaggedPayment(db, paymentId, { actor, note });
  return getPaymentDetail(db, paymentId);
}

/** 'Mark resolved' on a flagged payment, with the note saying what was done; audited. */
export async function resolveFromStudio(db: Db, actor: AuditActor, paymentId: string, note: string): Promise<StudioPaymentDetail> {
  await resolveFlaggedPayment(db, paymentId, { actor, note });
  return getPaymentDetail(db, paymentId);
}

const noJobs = (): Record<JobState, number> => ({ queued: 0, running: 0, done: 0, dead: 0 });

/** The queue at a glance: jobs by state and by type, queued jobs overdue, and the newest dead jobs with their last error. */
export async function jobsHealth(db: Db, q: JobsHealthQuery = { limit: 20 }): Promise<JobsHealth> {
  const [grouped, [{ overdue }], dead] = await Promise.all([
    db.select({ type: jobs.type, state: jobs.state, n: count() }).from(jobs).groupBy(jobs.type, jobs.state).orderBy(asc(jobs.type)),
    db
      .select({ overdue: count() })
      .from(jobs)
      .where(and(eq(jobs.state, 'queued'), lt(jobs.runAt, sql`now() - interval '1 minute'`))),
    db
      .select()
      .from(jobs)
      .where(eq(jobs.state, 'dead'))
      .orderBy(desc(sql`coalesce(${jobs.finishedAt}, ${jobs.updatedAt})`), desc(jobs.id))
      .limit(q.limit),
  ]);
  const counts = noJobs();
  const byType = new Map<string, Record<JobState, number>>();
  for (const g of grouped) {
    counts[g.state] += g.n;
    const t = byType.get(g.type) ?? noJobs();
    t[g.state] += g.n;
    byType.set(g.type, t);
  }
  return {
    counts,
    byType: [...byType].map(([type, c]) => ({ type, counts: c })),
    overdue,
    dead: dead.map(
      (j): DeadJob => ({
        id: j.id,
        type: j.type,
        attempts: j.attempts,
        maxAttempts: j.maxAttempts,
        lastError: j.lastError,
        paymentId: typeof j.payload.paymentId === 'string' ? j.payload.paymentId : null,
        createdAt: j.createdAt.toISOString(),
        failedAt: (j.finishedAt ?? j.updatedAt).toISOString(),
      }),
    ),
  };
}

/**
 * 'Retry' on a dead job: back to queued, its attempts reset and due now, so that a worker claims it at once (handlers
 * are idempotent). Audited as 'job.retry'. 404 for no such job, 409 for one that is not dead.
 */
export async function retryDeadJob(db: Db, jobId: string, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for('update');
    if (!before) throw new AppError('E_NOT_FOUND', 'Job not found.');
    if (before.state !== 'dead') throw new AppError('E_CONFLICT', `Only a dead job can be retried; this one is ${before.state}.`);
    const now = new Date();
    await tx
      .update(jobs)
      .set({ state: 'queued', attempts: 0, runAt: now, lockedBy: null, lockedUntil: null, finishedAt: null, updatedAt: now })
      .where(eq(jobs.id, jobId));
    await writeAudit(tx, actor, {
      action: 'job.retry',
      entity: 'job',
      entityId: jobId,
      before: { type: before.type, state: before.state, attempts: before.attempts, lastError: before.lastError },
      after: { state: 'queued', attempts: 0, runAt: now.toISOString() },
    });
  });
}
