import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, payments, sandboxCheckouts, subscriptions, users } from '@/lib/server/db/schema';
import { claimJob, enqueueJob } from '@/lib/server/jobs/queue';
import { LONG_JOB_TYPES, runNextJob, schedulePeriodic } from '@/lib/server/jobs/worker';
import { reconcilePayments } from '@/lib/server/payments/reconcile';
import { vipAfterPurchase } from '@/lib/server/subscription/vip';
import { openAppDb } from '../fixtures/app-db';
import { call, loadRoutes, planId, postWebhook, redirectDeliveries, sandboxPage, signedEvent, startReceiver, USER_INFO, type Routes } from '../fixtures/payments';
import { makeUser } from '../fixtures/users';

/**
 * The durable job queue (webhook deliveries with backoff, restarts, several workers), payment reconciliation, and the
 * VIP period rules (issue 10 items 4 and 6), on PostgreSQL.
 */

const appDb = openAppDb({ seed: true });
afterAll(() => appDb.close());

let r: Routes;
beforeAll(async () => {
  r = await loadRoutes();
});

const G = { gateway: 'sandbox' };
const DAY = 86_400_000;

async function buy(user: { id: string; token: string }, plan: 'weekly' | 'monthly' | 'lifetime' = 'monthly') {
  const res = await call(r.link.POST, '/api/sandbox/subscription/generate-payment-link', {
    method: 'POST',
    token: user.token,
    params: G,
    body: { vipPlanId: await planId(await appDb.db(), plan), userId: user.id, paymentMethod: 'gc', userInfo: USER_INFO },
  });
  expect(res.status).toBe(200);
  return { paymentLink: res.json.paymentLink as string, requestId: res.json.pendingPaymentData.requestId as string };
}

async function payment(requestId: string) {
  const [p] = await (await appDb.db()).select().from(payments).where(eq(payments.requestId, requestId));
  return p;
}

async function deliveryJob(requestId: string) {
  const rows = await (await appDb.db()).select().from(jobs).where(sql`${jobs.type} = 'webhook.deliver' and ${jobs.payload}->>'body' like ${`%${requestId}%`}`);
  expect(rows).toHaveLength(1);
  return rows[0];
}

/** Runs due jobs of this test only (other tests' jobs are done or unrelated) until none is due. */
async function drain(workerId = 'worker-b') {
  const db = await appDb.db();
  const out = [];
  for (let res = await runNextJob(db, workerId); res; res = await runNextJob(db, workerId)) out.push(res);
  return out;
}

describe('webhook delivery through the durable queue', () => {
  it('retries with backoff after the receiver answers 500, then delivers; the payment is fulfilled once', async () => {
    const db = await appDb.db();
    const user = await makeUser(db);
    const { paymentLink, requestId } = await buy(user);
    await sandboxPage(r, paymentLink, { outcome: 'paid' });
    const receiver = await startReceiver(r, (n) => (n === 1 ? 500 : null));
    try {
      await redirectDeliveries(db, receiver.url);
      const first = await drain();
      expect(first.map((x) => x.outcome)).toEqual(['queued']);
      let job = await deliveryJob(requestId);
      expect(job).toMatchObject({ state: 'queued', attempts: 1, lockedBy: null });
      expect(job.lastError).toContain('500');
      // Backoff: not due again for about 2 s (2^1 s ± 20 %), so the next pass finds nothing.
      expect(job.runAt.getTime() - Date.now()).toBeGreaterThan(1000);
      expect(await drain()).toEqual([]);
      expect((await payment(requestId)).status).toBe('pending');

      await db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job.id));
      expect((await drain()).map((x) => x.outcome)).toEqual(['done']);
      job = await deliveryJob(requestId);
      expect(job).toMatchObject({ state: 'done', attempts: 2 });
      expect(receiver.requests()).toBe(2);
      expect((await payment(requestId)).status).toBe('paid');
      expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('after a restart: a job claimed by a worker that died is claimed again once its lock expires, not before', async () => {
    const db = await appDb.db();
    const user = await makeUser(db);
    const { paymentLink, requestId } = await buy(user);
    await sandboxPage(r, paymentLink, { outcome: 'paid' });
    const receiver = await startReceiver(r);
    try {
      await redirectDeliveries(db, receiver.url);
      // The 'dead' worker claims the delivery and never finishes it (the process was killed).
      const claimed = await claimJob(db, 'worker-that-died', 60_000);
      expect(claimed?.id).toBe((await deliveryJob(requestId)).id);
      expect(claimed).toMatchObject({ state: 'running', lockedBy: 'worker-that-died', attempts: 1 });
      // While the lock holds, no other worker takes it (SKIP LOCKED / state running).
      expect(await claimJob(db, 'worker-b')).toBeNull();
      // The lock runs out (as it would a minute after the crash).
      await db.update(jobs).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(jobs.id, claimed!.id));
      expect((await drain('worker-b')).map((x) => x.outcome)).toEqual(['done']);
      expect(await deliveryJob(requestId)).toMatchObject({ state: 'done', attempts: 2 });
      expect((await payment(requestId)).status).toBe('paid');
      expect(receiver.requests()).toBe(1);
    } finally {
      await receiver.close();
    }
  });

  it('several workers at once never run one job twice', async () => {
    const db = await appDb.db();
    const ran: string[] = [];
    for (let i = 0; i < 20; i++) await enqueueJob(db, 'test.count', { i });
    const handler = { 'test.count': async (_db: unknown, job: { id: string }) => void ran.push(job.id) };
    const worker = async (name: string) => {
      for (let res = await runNextJob(db, name, handler); res; res = await runNextJob(db, name, handler));
    };
    await Promise.all(['w1', 'w2', 'w3', 'w4'].map(worker));
    expect(ran).toHaveLength(20);
    expect(new Set(ran).size).toBe(20);
  });

  it('a job that keeps failing becomes dead after its attempts; enqueueing with a dedupe key is idempotent', async () => {
    const db = await appDb.db();
    const id = await enqueueJob(db, 'test.fails', {}, { maxAttempts: 2, dedupeKey: 'test.fails:1' });
    expect(await enqueueJob(db, 'test.fails', {}, { maxAttempts: 2, dedupeKey: 'test.fails:1' })).toBe(id);
    const failing = { 'test.fails': async () => Promise.reject(new Error('always')) };
    expect((await runNextJob(db, 'w', failing))?.outcome).toBe('queued');
    await db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, id));
    expect((await runNextJob(db, 'w', failing))?.outcome).toBe('dead');
    const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
    expect(job).toMatchObject({ state: 'dead', attempts: 2, lastError: 'always' });
    await db.update(jobs).set({ runAt: new Date(0) }).where(eq(jobs.id, id));
    expect(await runNextJob(db, 'w', failing)).toBeNull();
  });

  it('lanes: a long media job never holds up the other jobs, and each lane claims only its own types', async () => {
    const db = await appDb.db();
    // Everything else this file enqueued is done or dead by now; only these two are due.
    await db.update(jobs).set({ state: 'done' }).where(sql`${jobs.state} in ('queued', 'running')`);
    const media = await enqueueJob(db, 'media.ingest', { ingestId: 'x' });
    const nextMedia = await enqueueJob(db, 'media.ingest', { ingestId: 'y' });
    const webhook = await enqueueJob(db, 'test.quick', {});
    const longLane = { only: LONG_JOB_TYPES };
    const jobsLane = { except: LONG_JOB_TYPES };
    let release!: () => void;
    const transcoding = new Promise<void>((resolve) => (release = resolve));
    const handlers = { 'media.ingest': () => transcoding, 'test.quick': async () => undefined };
    // The media lane is busy with its transcode…
    const mediaRun = runNextJob(db, 'media-lane', handlers, undefined, longLane);
    // …while the other lane runs the quick job (enqueued after the second media job) and leaves the media jobs alone.
    expect((await runNextJob(db, 'jobs-lane', handlers, undefined, jobsLane))?.job.id).toBe(webhook);
    expect(await runNextJob(db, 'jobs-lane', handlers, undefined, jobsLane)).toBeNull();
    release();
    expect((await mediaRun)?.job.id).toBe(media);
    expect((await runNextJob(db, 'media-lane', handlers, undefined, longLane))?.job.id).toBe(nextMedia);
  });

  it('schedules one reconciliation per period however many instances ask', async () => {
    const db = await appDb.db();
    const now = Date.UTC(2030, 0, 1, 12, 0, 30);
    await Promise.all([schedulePeriodic(db, now), schedulePeriodic(db, now + 1000), schedulePeriodic(db, now)]);
    const rows = await db.select().from(jobs).where(eq(jobs.type, 'payments.reconcile'));
    expect(rows.filter((j) => j.dedupeKey === `payments.reconcile:${Math.floor(now / 60_000)}`)).toHaveLength(1);
  });
});

describe('reconciliation', () => {
  it('fulfils through fetchStatus a payment the gateway took whose webhook never came, fails a failed one, expires a stale one, leaves a recent one', async () => {
    const db = await appDb.db();
    const user = await makeUser(db);
    const paid = await buy(user);
    const failed = await buy(user);
    const stale = await buy(user);
    const recent = await buy(user);
    await sandboxPage(r, paid.paymentLink, { outcome: 'paid' });
    await sandboxPage(r, failed.paymentLink, { outcome: 'failed' });
    // Their webhooks are lost for good.
    await db.delete(jobs).where(eq(jobs.type, 'webhook.deliver'));
    // Three of them were opened 40 minutes ago (past the 30-minute expiry); `recent` just now.
    const ago = new Date(Date.now() - 40 * 60_000);
    for (const { requestId } of [paid, failed, stale]) {
      await db.update(payments).set({ createdAt: ago, expiresAt: new Date(ago.getTime() + 30 * 60_000) }).where(eq(payments.requestId, requestId));
      await db.update(sandboxCheckouts).set({ expiresAt: new Date(ago.getTime() + 30 * 60_000) }).where(eq(sandboxCheckouts.requestId, requestId));
    }
    expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(0);

    const summary = await reconcilePayments(db);
    expect(summary).toMatchObject({ checked: 3, paid: 1, failed: 1, expired: 1, errors: 0 });
    expect((await payment(paid.requestId)).status).toBe('paid');
    expect((await payment(failed.requestId)).status).toBe('failed');
    expect((await payment(stale.requestId)).status).toBe('expired');
    expect((await payment(recent.requestId)).status).toBe('pending');
    const subs = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(subs.map((s) => s.paymentId)).toEqual([(await payment(paid.requestId)).id]);
    // The expired checkout no longer takes a payment.
    expect((await sandboxPage(r, stale.paymentLink, { outcome: 'paid' })).status).toBe(410);
    // Run again (another instance, the next minute): nothing more happens.
    expect(await reconcilePayments(db)).toMatchObject({ paid: 0, failed: 0, expired: 0 });
    // The payments.reconcile job runs the same.
    await enqueueJob(db, 'payments.reconcile', {});
    expect((await drain()).map((x) => x.outcome)).toContain('done');
  });

  it('webhook, reconciliation and process-payment racing for one payment: settled and fulfilled once', async () => {
    const db = await appDb.db();
    const user = await makeUser(db);
    const { paymentLink, requestId } = await buy(user);
    await sandboxPage(r, paymentLink, { outcome: 'paid' });
    await db.update(payments).set({ createdAt: new Date(Date.now() - 10 * 60_000) }).where(eq(payments.requestId, requestId));
    const p = await payment(requestId);
    const { settlePayment } = await import('@/lib/server/payments/service');
    const e = signedEvent({ id: `evt_race_${p.id}`, type: 'payment.paid', data: { requestId, amount: p.amountCentavos, currency: 'PHP' } });
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => settlePayment(db, p.id, 'paid', { source: 'test' }).then((x) => x.changed)),
      ...Array.from({ length: 5 }, () => reconcilePayments(db).then((x) => x.paid === 1)),
      ...Array.from({ length: 5 }, () => call(r.process.POST, '/x', { method: 'POST', token: user.token, params: G, body: { linkId: requestId } }).then((x) => x.status === 200 && false)),
      postWebhook(r, e.body, e.signature).then((x) => x.json.data.outcome === 'fulfilled'),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);
    expect((await payment(requestId)).status).toBe('paid');
  });

  it('leaves a flagged payment alone', async () => {
    const db = await appDb.db();
    const user = await makeUser(db);
    const { paymentLink, requestId } = await buy(user);
    await sandboxPage(r, paymentLink, { outcome: 'paid' });
    await db.delete(jobs).where(eq(jobs.type, 'webhook.deliver'));
    const wrong = signedEvent({ id: 'evt_wrong_amount_1', type: 'payment.paid', data: { requestId, amount: 1, currency: 'PHP' } });
    expect((await postWebhook(r, wrong.body, wrong.signature)).json.data.outcome).toBe('flagged');
    await db.update(payments).set({ createdAt: new Date(Date.now() - 10 * 60_000) }).where(eq(payments.requestId, requestId));
    await reconcilePayments(db);
    expect((await payment(requestId)).status).toBe('pending');
    expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(0);
  });
});

describe('VIP periods', () => {
  const paidAt = new Date('2026-03-01T00:00:00Z');
  it('start at payment, or at the current expiry while still active; lifetime never expires and stays', () => {
    expect(vipAfterPurchase({ vipExpiresAt: null, vipLifetime: false }, 30, paidAt)).toMatchObject({ vipExpiresAt: new Date(paidAt.getTime() + 30 * DAY), startsAt: paidAt });
    const active = new Date(paidAt.getTime() + 10 * DAY);
    expect(vipAfterPurchase({ vipExpiresAt: active, vipLifetime: false }, 30, paidAt)).toMatchObject({ vipExpiresAt: new Date(active.getTime() + 30 * DAY), startsAt: active });
    const expired = new Date(paidAt.getTime() - 5 * DAY);
    expect(vipAfterPurchase({ vipExpiresAt: expired, vipLifetime: false }, 7, paidAt)).toMatchObject({ vipExpiresAt: new Date(paidAt.getTime() + 7 * DAY), startsAt: paidAt });
    expect(vipAfterPurchase({ vipExpiresAt: active, vipLifetime: false }, null, paidAt)).toMatchObject({ vipLifetime: true, expiresAt: null });
    expect(vipAfterPurchase({ vipExpiresAt: null, vipLifetime: true }, 7, paidAt)).toMatchObject({ vipLifetime: true });
  });

  async function payThrough(user: { id: string; token: string }, plan: 'weekly' | 'monthly' | 'lifetime') {
    const { requestId } = await buy(user, plan);
    const p = await payment(requestId);
    const e = signedEvent({ id: `evt_${p.id}`, type: 'payment.paid', data: { requestId, amount: p.amountCentavos, currency: 'PHP' } });
    expect((await postWebhook(r, e.body, e.signature)).json.data.outcome).toBe('fulfilled');
    return payment(requestId);
  }
  const userRow = async (id: string) => (await (await appDb.db()).select().from(users).where(eq(users.id, id)))[0];

  it('through real purchases: active VIP extends from its expiry, expired VIP restarts at payment, lifetime sets vip_lifetime', async () => {
    const db = await appDb.db();
    const active = await makeUser(db, { vipDays: 10 });
    const before = (await userRow(active.id)).vipExpiresAt!;
    await payThrough(active, 'monthly');
    expect((await userRow(active.id)).vipExpiresAt!.getTime()).toBe(before.getTime() + 30 * DAY);

    const lapsed = await makeUser(db, { vipDays: -3 });
    const p = await payThrough(lapsed, 'weekly');
    expect((await userRow(lapsed.id)).vipExpiresAt!.getTime()).toBe(p.paidAt!.getTime() + 7 * DAY);

    const forever = await makeUser(db);
    await payThrough(forever, 'lifetime');
    expect(await userRow(forever.id)).toMatchObject({ vipLifetime: true });
    const status = await call(r.status.GET, '/x', { token: forever.token, params: { ...G, userId: forever.id } });
    expect(status.json.data).toMatchObject({ isVip: true, vipLifetime: true, vipExpiresAt: null, userSubscriptionStatus: 'active', subscription: { expiresAt: null, plan: { validity: 'lifetime' } } });
    const receipts = await call(r.receipts.GET, '/x', { token: forever.token });
    expect(receipts.json.data[0]).toMatchObject({ item: 'VIP Lifetime', vipLifetime: true, vipValidUntil: null });
  });
});
