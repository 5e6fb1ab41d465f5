import { api } from './client';
import type { Pagination } from './receipts';
import type { PaymentFilter } from '@/lib/contracts/studio-payments';

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

type Envelope<T> = { status: boolean; message: string; data: T };
type Paged<T> = Envelope<T[]> & { pagination: Pagination; counts: PaymentCounts };

const clean = (q: Record<string, string | number | undefined>) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));

export type PaymentFilters = { status?: PaymentFilter; kind?: StudioPaymentKind; q?: string; page?: number; limit?: number };
export async function fetchPayments(q: PaymentFilters = {}): Promise<Paged<StudioPayment>> {
  return (await api.get<Paged<StudioPayment>>('/api/admin/payments', { params: clean(q) })).data;
}
export const fetchPayment = async (id: string) => (await api.get<Envelope<StudioPaymentDetail>>(`/api/admin/payments/${id}`)).data.data;
export const refundPayment = async (id: string, note: string) => (await api.post<Envelope<StudioPaymentDetail>>(`/api/admin/payments/${id}/refund`, { note })).data.data;
export const resolvePayment = async (id: string, note: string) => (await api.post<Envelope<StudioPaymentDetail>>(`/api/admin/payments/${id}/resolve`, { note })).data.data;
export const fetchJobsHealth = async (limit?: number) => (await api.get<Envelope<JobsHealth>>('/api/admin/jobs', { params: clean({ limit }) })).data.data;
export const retryJob = async (id: string) => (await api.post<Envelope<JobsHealth>>(`/api/admin/jobs/${id}/retry`, {})).data.data;
