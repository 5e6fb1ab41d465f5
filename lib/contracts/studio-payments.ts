import { z } from 'zod';
import { isId } from '@/lib/ids';
import { STUDIO_PAGE_SIZE } from './studio-admin';

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
