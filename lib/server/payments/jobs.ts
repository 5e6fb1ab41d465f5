import 'server-only';
import { z } from 'zod';
import { serverEnv } from '@/lib/env';
import type { Db } from '@/lib/server/db/client';
import type { Job, JobHandler } from '@/lib/server/jobs/queue';
import { log } from '@/lib/server/log';
import { cancelCheckoutJob, CANCEL_CHECKOUT_JOB } from './checkouts';
import { signSandboxPayload, SANDBOX_SIGNATURE_HEADER } from './gateways/sandbox-signature';
import { reconcilePayments } from './reconcile';
import { refundJob, REFUND_JOB } from './refunds';

/** How long one webhook delivery may take before it counts as failed. */
const DELIVERY_TIMEOUT_MS = 10_000;

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

/** The payments domain's background jobs (the worker runs them through lib/server/jobs/handlers.ts). */
export const PAYMENT_JOBS: Record<string, JobHandler> = {
  'webhook.deliver': deliverWebhook,
  'payments.reconcile': reconcile,
  /** Give a payment's money back through its gateway (refunds.ts). */
  [REFUND_JOB]: refundJob,
  /** Tell a gateway to stop accepting a checkout we closed (checkouts.ts). */
  [CANCEL_CHECKOUT_JOB]: cancelCheckoutJob,
};
