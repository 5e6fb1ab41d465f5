import { z } from 'zod';
import { isId } from '@/lib/ids';
import { STUDIO_PAGE_SIZE } from './studio-admin';
import type { Pagination } from '@/lib/contracts/receipts';
import type { Envelope } from './envelope';

/** The studio's Payments page (issue 20, 'Operators can see and settle money'): the list's filters and the actions' bodies. */

/** The page's tabs: a payment status, or 'flagged' (flagged and not yet resolved, whatever its status), or everything. */
export const PAYMENT_FILTERS = ['all', 'pending', 'paid', 'flagged', 'refunded', 'failed', 'expired', 'cancelled'] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];
export const PAYMENT_KIND_FILTERS = ['vip', 'coins', 'premium_video'] as const;

/** A resolution or refund note: what a person decided and why (kept on the payment and in the audit log). */
export const NOTE_MAX = 500;
export const DEAD_JOBS_MAX = 100;

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const limit = z.coerce.number().int().min(1).max(100).default(STUDIO_PAGE_SIZE);

export const paymentListSchema = z.object({
  status: z.enum(PAYMENT_FILTERS).default('all'),
  kind: z.enum(PAYMENT_KIND_FILTERS).optional(),
  /** A user's e-mail, a user id, a request id, the gateway's reference or a payment id: exact or the start of one. */
  q: z.string().trim().max(200).optional(),
  page,
  limit,
});
export type PaymentListQuery = z.infer<typeof paymentListSchema>;

const id = z.string().trim().refine(isId, 'must be a 24-hex id');
export const paymentIdParamsSchema = z.object({ id });
export const jobIdParamsSchema = z.object({ id });

export const paymentNoteSchema = z.object({
  note: z
    .string({ error: 'Write a note.' })
    .trim()
    .min(1, 'Write a note: what was decided and why.')
    .max(NOTE_MAX, `At most ${NOTE_MAX} characters.`),
});
export type PaymentNoteBody = z.infer<typeof paymentNoteSchema>;

export const jobsHealthSchema = z.object({ limit: z.coerce.number().int().min(1).max(DEAD_JOBS_MAX).default(20) });
export type JobsHealthQuery = z.infer<typeof jobsHealthSchema>;

// ---- answers and bodies of the studio-payments calls (lib/api/studio-payments.ts) ----


/**
 * The studio's Payments page (issue 20, admins only): payments with their history, the actions on a flagged one, and
 * the job queue's health. The answers' shapes are declared here, once, and lib/server/studio/payments.ts builds them.
 */

export type StudioPaymentStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'cancelled' | 'refunded';
export type StudioPaymentKind = 'vip' | 'coins' | 'premium_video';

export type StudioPayment = {
  id: string;
  /** Our session identifier (PAYMENT_…, QR_…, PREMIUM_…), the reference the buyer quotes. */
  requestId: string | null;
  /** The gateway's id of the checkout. */
  providerRef: string | null;
  provider: string;
  kind: StudioPaymentKind;
  /** What was bought: 'VIP Monthly (30 days)', '300 coins + 30 bonus', 'Hiwaga · Episode 3'. */
  item: string;
  amountCentavos: number;
  currency: string;
  paymentMethod: string | null;
  paymentMethodName: string | null;
  status: StudioPaymentStatus;
  /** The account's id and e-mail; both null once the account was deleted (payments outlive accounts). */
  userId: string | null;
  userEmail: string | null;
  /** The e-mail the buyer typed at checkout (kept after the account is gone). */
  checkoutEmail: string | null;
  flagReason: string | null;
  /** Flagged and not yet resolved: waits for a person. */
  flagOpen: boolean;
  refundStatus: 'pending' | 'succeeded' | 'failed' | null;
  createdAt: string;
  paidAt: string | null;
};

export type PaymentHistoryKind =
  | 'created'
  | 'webhook'
  | 'paid'
  | 'failed'
  | 'expired'
  | 'cancelled'
  | 'fulfilled'
  | 'applied'
  | 'flagged'
  | 'refund_requested'
  | 'refund_attempt'
  | 'refunded'
  | 'refund_failed'
  | 'resolved'
  | 'audit';

/** One line of a payment's history, assembled from the records we keep (payment, webhook events, grants, jobs, audit). */
export type PaymentHistoryEntry = {
  at: string;
  kind: PaymentHistoryKind;
  title: string;
  detail: string | null;
  tone: 'info' | 'good' | 'warn' | 'bad';
};

export type StudioPaymentDetail = StudioPayment & {
  mchOrderId: string | null;
  failureReason: string | null;
  expiresAt: string | null;
  appliedAt: string | null;
  flaggedAt: string | null;
  flagResolvedAt: string | null;
  flagResolvedByEmail: string | null;
  flagNote: string | null;
  refundReason: string | null;
  refundRequestedAt: string | null;
  refundRequestedByEmail: string | null;
  refundRef: string | null;
  refundError: string | null;
  refundedAt: string | null;
  /** Oldest first. */
  history: PaymentHistoryEntry[];
  /** What a person may do now: refund through the gateway, or close the flag with a note. */
  canRefund: boolean;
  canResolve: boolean;
};

/** How many payments each tab holds ('flagged': open flags only). */
export type PaymentCounts = Record<PaymentFilter, number>;

export type JobState = 'queued' | 'running' | 'done' | 'dead';
export type DeadJob = { id: string; type: string; attempts: number; maxAttempts: number; lastError: string | null; paymentId: string | null; createdAt: string; failedAt: string };
export type JobsHealth = {
  counts: Record<JobState, number>;
  /** Per job type, its count in each state (types with no job are absent). */
  byType: { type: string; counts: Record<JobState, number> }[];
  /** Queued jobs due for more than a minute: the workers are behind, or none runs. */
  overdue: number;
  /** Dead jobs, newest first (at most the limit asked for), with their last error. */
  dead: DeadJob[];
};

export type Paged<T> = Envelope<T[]> & { pagination: Pagination; counts: PaymentCounts };

export type PaymentFilters = { status?: PaymentFilter; kind?: StudioPaymentKind; q?: string; page?: number; limit?: number };
