import 'server-only';
import { lt, and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { serverEnv } from '@/lib/env';
import type { Db } from '@/lib/server/db/client';
import { jobs } from '@/lib/server/db/schema';
import { log } from '@/lib/server/log';
import { signSandboxPayload, SANDBOX_SIGNATURE_HEADER } from '@/lib/server/payments/gateways/sandbox-signature';
import { cancelCheckoutJob, CANCEL_CHECKOUT_JOB } from '@/lib/server/payments/checkouts';
import { reconcilePayments } from '@/lib/server/payments/reconcile';
import { refundJob, REFUND_JOB } from '@/lib/server/payments/refunds';
import { ingestJob, INGEST_JOB } from '@/lib/server/studio/ingest';
import { removeAbandonedUploads } from '@/lib/server/studio/uploads';
import type { Job } from './queue';

/**
 * Job handlers by type. Each is idempotent: a job may run twice (its worker died after the work, before marking it
 * done), so a second run must change nothing more. A handler that throws is retried with backoff.
 */
export type JobHandler = (db: Db, job: Job) => Promise<void>;

/** How long one webhook delivery may take before it counts as failed. */
export const DELIVERY_TIMEOUT_MS = 10_000;

const deliverySchema = z.object({ provider: z.literal('sandbox'), url: z.url({ protocol: /^https?$/ }), body: z.string().min(2) });

/**
 * The sandbox gateway's server-to-server webhook: signed now (each attempt carries a fresh timestamp, so a retry an
 * hour later is still within the receiver's tolerance), POSTed, and done on any 2xx. The receiver is idempotent by
 * event id, so a repeat delivery is harmless.
 */
async function deliverWebhook(_db: Db, job: Job): Promise<void> {
  const payload = deliverySchema.parse(job.payload);
  const t = Math.floor(Date.now() / 1000);
  const res = await fetch(payload.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(serverEnv().PAYMENT_WEBHOOK_SECRET, payload.body, t), 'user-agent': 'kilig-sandbox-webhooks/1' },
    body: payload.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
  });
  const answer = (await res.text().catch(() => '')).slice(0, 200);
  if (res.status < 200 || res.status >= 300) throw new Error(`webhook receiver answered ${res.status}: ${answer}`);
}

async function reconcile(db: Db): Promise<void> {
  const summary = await reconcilePayments(db);
  if (summary.checked > 0) log.info('payments reconciled', summary);
}

/** Done jobs are kept a week for inspection, dead ones until a person removes them. */
async function prune(db: Db): Promise<void> {
  await db.delete(jobs).where(and(eq(jobs.state, 'done'), lt(jobs.finishedAt, new Date(Date.now() - 7 * 86_400_000))));
}

/**
 * A scheduled publish time came (enqueued by the studio with run_at = the publish time): the catalogue's caches are
 * dropped so the title or episode appears now rather than when the caches expire. Visibility itself is decided by
 * the queries (published_at / publish_at <= now()), so a late or repeated run only costs a re-render.
 */
async function catalogChangedJob(_db: Db, job: Job): Promise<void> {
  const { titleIds, paths } = z.object({ titleIds: z.array(z.string()).max(100).default([]), paths: z.array(z.string()).max(100).default([]) }).parse(job.payload);
  const { catalogChanged } = await import('@/lib/server/cache');
  await catalogChanged({ titleIds, paths });
}

export const JOB_HANDLERS: Record<string, JobHandler> = {
  'catalog.changed': catalogChangedJob,
  'webhook.deliver': deliverWebhook,
  'payments.reconcile': reconcile,
  /** Give a payment's money back through its gateway (lib/server/payments/refunds.ts). */
  [REFUND_JOB]: refundJob,
  /** Tell a gateway to stop accepting a checkout we closed (lib/server/payments/checkouts.ts). */
  [CANCEL_CHECKOUT_JOB]: cancelCheckoutJob,
  'jobs.prune': prune,
  /** Studio uploads unfinished or never packaged for a day are removed (lib/server/studio/uploads.ts). */
  'uploads.prune': async (db) => {
    const removed = await removeAbandonedUploads(db);
    if (removed.length > 0) log.info('abandoned uploads removed', { count: removed.length, removed: removed.slice(0, 20) });
  },
  /** Studio: package and encrypt an uploaded episode video (lib/server/studio/ingest.ts). */
  [INGEST_JOB]: (db, job) => ingestJob(db, job),
};
