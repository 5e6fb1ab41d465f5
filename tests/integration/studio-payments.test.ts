import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs, payments, sandboxCheckouts, subscriptions, users } from '@/lib/server/db/schema';
import { enqueueJob } from '@/lib/server/jobs/queue';
import { runNextJob } from '@/lib/server/jobs/worker';
import { REFUND_JOB } from '@/lib/server/payments/refunds';
import type { PaymentHistoryEntry, StudioPayment, StudioPaymentDetail } from '@/lib/contracts/studio-payments';
import { openAppDb } from '../fixtures/app-db';
import { call, checkoutIdOf, loadRoutes, planId, postWebhook, sandboxPage, signedEvent, USER_INFO, type Routes } from '../fixtures/payments';
import { makeUser } from '../fixtures/users';

/**
 * The studio's Payments page (issue 20, 'Operators can see and settle money') through the real handlers, the sandbox
 * gateway and PostgreSQL: list, search and filter; a payment's history from the records; refund of a flagged payment
 * through the gateway (the job runs, the sandbox refunds, the buyer's receipt says so) and resolution with a note, each
 * audited; the job queue's health and the retry of a dead job. Admins only.
 */

const appDb = openAppDb({ seed: true });
afterAll(() => appDb.close());
const db = () => appDb.db();

const admin_ = {
  list: () => import('@/app/api/admin/payments/route'),
  one: () => import('@/app/api/admin/payments/[id]/route'),
  refund: () => import('@/app/api/admin/payments/[id]/refund/route'),
  resolve: () => import('@/app/api/admin/payments/[id]/resolve/route'),
  jobs: () => import('@/app/api/admin/jobs/route'),
  retry: () => import('@/app/api/admin/jobs/[id]/retry/route'),
};
type A = { [K in keyof typeof admin_]: Awaited<ReturnType<(typeof admin_)[K]>> };
let a: A;
let r: Routes;
let monthly: string;

type User = { id: string; token: string };
let admin: User;
let editor: User;

beforeAll(async () => {
  a = Object.fromEntries(await Promise.all(Object.entries(admin_).map(async ([k, f]) => [k, await f()]))) as A;
  r = await loadRoutes();
  const d = await db();
  monthly = await planId(d, 'monthly');
  [admin, editor] = await Promise.all([makeUser(d, { role: 'admin' }), makeUser(d, { role: 'editor' })]);
});

const UNKNOWN = 'ffffffffffffffffffffffff';

/** A buyer whose e-mail is easy to search for. */
async function buyer(tag: string): Promise<User & { email: string }> {
  const d = await db();
  const u = await makeUser(d);
  const email = `${tag}-${u.id.slice(0, 8)}@buyers.example.ph`;
  await d.update(users).set({ email }).where(eq(users.id, u.id));
  return { ...u, email };
}

/** A VIP checkout (monthly, ₱299 through GCash) of the user: its request id, payment id and link. */
async function checkout(user: User) {
  const res = await call(r.link.POST, '/api/sandbox/subscription/generate-payment-link', {
    method: 'POST',
    token: user.token,
    params: { gateway: 'sandbox' },
    body: { vipPlanId: monthly, userId: user.id, paymentMethod: 'gc', userInfo: USER_INFO },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const { paymentLink, pendingPaymentData } = res.json;
  return { paymentLink: paymentLink as string, requestId: pendingPaymentData.requestId as string, paymentId: pendingPaymentData.paymentId as string };
}

let eventSeq = 0;
async function paidEvent(requestId: string, amount = 29900) {
  const e = signedEvent({ id: `evt_studio_${Date.now()}_${eventSeq++}`, type: 'payment.paid', data: { requestId, amount, currency: 'PHP' } });
  return postWebhook(r, e.body, e.signature);
}

/** A paid, fulfilled payment. */
async function paidPayment(user: User) {
  const c = await checkout(user);
  expect((await paidEvent(c.requestId)).json.data.outcome).toBe('fulfilled');
  return c;
}

/**
 * A flagged payment the way it happens: the buyer pays on the sandbox's page (the gateway holds the money), and a paid
 * event that does not match the amount reaches us first, so the payment is flagged and granted nothing.
 */
async function flaggedPayment(user: User) {
  const c = await checkout(user);
  expect((await sandboxPage(r, c.paymentLink, { outcome: 'paid' })).status).toBe(303);
  expect((await paidEvent(c.requestId, 100)).json.data.outcome).toBe('flagged');
  return c;
}

const as = (who: User | undefined, handler: Parameters<typeof call>[0], url: string, opts: { method?: string; body?: unknown; params?: Record<string, string> } = {}) =>
  call(handler, url, { ...opts, token: who?.token });

async function list(query: Record<string, string>, who: User = admin) {
  const res = await as(who, a.list.GET, `/api/admin/payments?${new URLSearchParams(query)}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as { data: StudioPayment[]; pagination: { totalItems: number }; counts: Record<string, number> };
}
const ids = (rows: StudioPayment[]) => rows.map((p) => p.id);

async function detail(id: string): Promise<StudioPaymentDetail> {
  const res = await as(admin, a.one.GET, `/api/admin/payments/${id}`, { params: { id } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
}
const kinds = (h: PaymentHistoryEntry[]) => h.map((e) => e.kind);

const refund = (id: string, note: unknown, who: User = admin) => as(who, a.refund.POST, `/api/admin/payments/${id}/refund`, { method: 'POST', params: { id }, body: { note } });
const resolve = (id: string, note: unknown, who: User = admin) => as(who, a.resolve.POST, `/api/admin/payments/${id}/resolve`, { method: 'POST', params: { id }, body: { note } });

async function auditOf(entity: string, entityId: string) {
  return (await db()).select().from(auditLog).where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId))).orderBy(auditLog.createdAt);
}

async function runRefunds() {
  const d = await db();
  const results = [];
  for (let res = await runNextJob(d, 'test-worker', undefined, undefined, { only: [REFUND_JOB] }); res; res = await runNextJob(d, 'test-worker', undefined, undefined, { only: [REFUND_JOB] })) results.push(res);
  return results;
}

describe('list, search and filter', () => {
  it('finds payments by e-mail, user id, request id, gateway reference and payment id (exact or prefix), filters by tab and kind, counts each tab', async () => {
    const d = await db();
    const ana = await buyer('ana-search');
    const paid = await paidPayment(ana);
    const flagged = await flaggedPayment(ana);
    const pending = await checkout(ana);

    const byEmail = await list({ q: ana.email });
    expect(ids(byEmail.data).sort()).toEqual([paid.paymentId, flagged.paymentId, pending.paymentId].sort());
    expect(byEmail.counts).toMatchObject({ all: 3, paid: 1, pending: 2, flagged: 1, refunded: 0 });
    // Newest first, with what the table shows.
    expect(byEmail.data[0].id).toBe(pending.paymentId);
    const row = byEmail.data.find((p) => p.id === paid.paymentId)!;
    expect(row).toMatchObject({ userEmail: ana.email, userId: ana.id, kind: 'vip', item: 'VIP Monthly (30 days)', amountCentavos: 29900, paymentMethod: 'gc', paymentMethodName: 'GCash', status: 'paid', flagOpen: false, requestId: paid.requestId });
    expect(byEmail.data.find((p) => p.id === flagged.paymentId)).toMatchObject({ status: 'pending', flagOpen: true, flagReason: expect.stringContaining('amount 100 ≠ 29900') });

    // Prefix and case-insensitive e-mail; user id; request id and its prefix; the gateway's reference; the payment id.
    expect(ids((await list({ q: ana.email.slice(0, 18).toUpperCase() })).data)).toHaveLength(3);
    expect(ids((await list({ q: ana.id })).data)).toHaveLength(3);
    expect(ids((await list({ q: paid.requestId })).data)).toEqual([paid.paymentId]);
    expect(ids((await list({ q: flagged.requestId.slice(0, -3) })).data)).toContain(flagged.paymentId);
    expect(ids((await list({ q: checkoutIdOf(pending.paymentLink) })).data)).toEqual([pending.paymentId]);
    expect(ids((await list({ q: flagged.paymentId })).data)).toEqual([flagged.paymentId]);
    expect(ids((await list({ q: flagged.paymentId.slice(0, 20) })).data)).toEqual([flagged.paymentId]);

    // Tabs: 'flagged' is flagged and open whatever the status; the status tabs are the status.
    expect(ids((await list({ q: ana.email, status: 'flagged' })).data)).toEqual([flagged.paymentId]);
    expect(ids((await list({ q: ana.email, status: 'paid' })).data)).toEqual([paid.paymentId]);
    expect(ids((await list({ q: ana.email, status: 'pending' })).data).sort()).toEqual([flagged.paymentId, pending.paymentId].sort());
    expect((await list({ q: ana.email, status: 'refunded' })).data).toEqual([]);
    expect((await list({ q: ana.email, kind: 'coins' })).data).toEqual([]);
    expect((await list({ q: ana.email, kind: 'vip' })).data).toHaveLength(3);
    const paged = await list({ q: ana.email, limit: '2', page: '2' });
    expect(paged.data).toHaveLength(1);
    expect(paged.pagination).toMatchObject({ currentPage: 2, pageSize: 2, totalItems: 3, totalPages: 2 });

    // LIKE's wildcards are literal: '%' and '_' match nothing here, and a backslash breaks nothing.
    for (const q of ['%', '_', '\\', '%@buyers.example.ph']) expect((await list({ q })).data, q).toEqual([]);

    // A deleted account: the payment stays, the table says so, and the checkout e-mail still finds it.
    const gone = await buyer('gone');
    const goneCheckout = await checkout(gone);
    await d.delete(users).where(eq(users.id, gone.id));
    const [goneRow] = (await list({ q: goneCheckout.paymentId })).data;
    expect(goneRow).toMatchObject({ userId: null, userEmail: null, checkoutEmail: USER_INFO.email, status: 'pending' });
    expect(ids((await list({ q: USER_INFO.email })).data)).toContain(goneCheckout.paymentId);
  });

  it('refuses bad filters with 4xx JSON, never 500', async () => {
    for (const query of ['status=lost', 'kind=gold', 'page=0', 'limit=1000', `q=${'x'.repeat(201)}`, 'q=%00', 'page=abc']) {
      const res = await as(admin, a.list.GET, `/api/admin/payments?${query}`);
      expect(res.status, query).toBeGreaterThanOrEqual(400);
      expect(res.status, query).toBeLessThan(500);
      expect(res.json.status, query).toBe(false);
    }
    const jobsRes = await as(admin, a.jobs.GET, '/api/admin/jobs?limit=0');
    expect(jobsRes.status).toBe(422);
  });
});

describe('a payment and its history', () => {
  it('a paid payment: created, the webhook, paid, VIP granted, oldest first', async () => {
    const ben = await buyer('ben');
    const paid = await paidPayment(ben);
    const d = await detail(paid.paymentId);
    expect(d).toMatchObject({ id: paid.paymentId, status: 'paid', userEmail: ben.email, canRefund: false, canResolve: false, flagOpen: false });
    expect(kinds(d.history)).toEqual(['created', 'webhook', 'paid', 'fulfilled']);
    expect(d.history[0]).toMatchObject({ title: 'Checkout opened', detail: expect.stringContaining('₱299.00') });
    expect(d.history[1]).toMatchObject({ title: expect.stringMatching(/^Webhook payment\.paid \(evt_studio_/), detail: 'Processed.' });
    expect(d.history[3]).toMatchObject({ title: 'VIP granted', tone: 'good', detail: expect.stringMatching(/^From .+ until .+/) });
    // Oldest first (rows of one transaction may differ by a few milliseconds and keep the lifecycle's order).
    const times = d.history.map((e) => Date.parse(e.at));
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1] - 1000);
    expect(times.at(-1)! - times[0]).toBeGreaterThanOrEqual(0);
    // What the history says is what the records hold.
    const [sub] = await (await db()).select().from(subscriptions).where(eq(subscriptions.paymentId, paid.paymentId));
    expect(sub.userId).toBe(ben.id);
  });

  it('a flagged payment: created, the mismatching webhook, the flag; refund and resolve on offer', async () => {
    const cara = await buyer('cara');
    const flagged = await flaggedPayment(cara);
    const d = await detail(flagged.paymentId);
    expect(d).toMatchObject({ status: 'pending', flagOpen: true, canRefund: true, canResolve: true, flaggedAt: expect.any(String) });
    expect(kinds(d.history)).toEqual(['created', 'webhook', 'flagged']);
    expect(d.history[1]).toMatchObject({ tone: 'warn', detail: expect.stringContaining('does not match') });
    expect(d.history[2]).toMatchObject({ tone: 'bad', detail: expect.stringContaining('amount 100 ≠ 29900') });
  });

  it('unknown ids are 404, malformed ones 4xx', async () => {
    expect((await as(admin, a.one.GET, `/api/admin/payments/${UNKNOWN}`, { params: { id: UNKNOWN } })).status).toBe(404);
    expect((await refund(UNKNOWN, 'no such payment')).status).toBe(404);
    expect((await resolve(UNKNOWN, 'no such payment')).status).toBe(404);
    for (const bad of ['nope', '../etc', 'FFFFFFFFFFFFFFFFFFFFFFFF0']) {
      const res = await as(admin, a.one.GET, '/api/admin/payments/x', { params: { id: bad } });
      expect(res.status, bad).toBe(422);
    }
  });
});

describe('refund and resolve a flagged payment', () => {
  it('refund: asked for (audited), the job refunds at the sandbox, the payment is refunded and the flag closed, and the buyer’s receipt says Refunded', async () => {
    const d = await db();
    const dina = await buyer('dina');
    const flagged = await flaggedPayment(dina);

    // A refund needs a note, and only a flagged payment can be refunded here.
    expect((await refund(flagged.paymentId, '   ')).status).toBe(422);
    expect((await refund(flagged.paymentId, 'x'.repeat(501))).status).toBe(422);
    const other = await paidPayment(await buyer('dina-other'));
    const notFlagged = await refund(other.paymentId, 'not flagged');
    expect(notFlagged.status).toBe(409);
    expect(notFlagged.json.status).toBe(false);

    const res = await refund(flagged.paymentId, 'Charged ₱299 but the gateway reported ₱1; giving it back.');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({ refundStatus: 'pending', canRefund: false, canResolve: false });
    const [entry] = await auditOf('payment', flagged.paymentId);
    expect(entry).toMatchObject({ action: 'payment.refund', actorId: admin.id, after: expect.objectContaining({ refundStatus: 'pending' }) });
    // Asked twice: refused, and no second refund job.
    expect((await refund(flagged.paymentId, 'again')).status).toBe(409);

    // Before the job runs, nothing has moved at the gateway.
    const checkoutId = checkoutIdOf(flagged.paymentLink);
    const [before] = await d.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkoutId));
    expect(before.status).toBe('paid');
    const ran = await runRefunds();
    expect(ran.map((x) => x.outcome)).toEqual(['done']);

    const [p] = await d.select().from(payments).where(eq(payments.id, flagged.paymentId));
    expect(p).toMatchObject({ status: 'refunded', refundStatus: 'succeeded', refundRef: `refund_${checkoutId}` });
    expect(p.flagResolvedAt).not.toBeNull();
    const [after] = await d.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkoutId));
    expect(after.status).toBe('refunded');
    // Granted nothing, then or now.
    expect(await d.select().from(subscriptions).where(eq(subscriptions.paymentId, flagged.paymentId))).toEqual([]);

    const h = await detail(flagged.paymentId);
    expect(h).toMatchObject({ status: 'refunded', flagOpen: false, canRefund: false, canResolve: false, refundRequestedByEmail: expect.any(String) });
    expect(kinds(h.history)).toEqual(['created', 'webhook', 'flagged', 'refund_requested', 'audit', 'refunded', 'resolved']);
    expect(h.history.find((e) => e.kind === 'audit')!.title).toMatch(/^Audit: payment\.refund by /);
    expect((await list({ q: dina.email, status: 'refunded' })).data.map((x) => x.id)).toEqual([flagged.paymentId]);
    expect((await list({ q: dina.email, status: 'flagged' })).data).toEqual([]);

    // The buyer's receipts: the refunded payment is there, saying so.
    const receipts = await call(r.receipts.GET, '/api/client/payments/receipts?page=1&size=10', { token: dina.token });
    expect(receipts.status).toBe(200);
    const receipt = (receipts.json.data as Record<string, unknown>[]).find((x) => x._id === flagged.paymentId);
    expect(receipt).toMatchObject({ status: 'refunded', refundedAt: p.refundedAt!.toISOString(), refundStatus: 'succeeded', amountCentavos: 29900, paidAt: null, reference: flagged.requestId });
    expect(receipt).not.toHaveProperty('vipValidUntil');
    const one = await call(r.receipt.GET, `/api/client/payments/receipts/${flagged.paymentId}`, { token: dina.token, params: { paymentId: flagged.paymentId } });
    expect(one.status).toBe(200);
    expect(one.json.data).toMatchObject({ status: 'refunded' });
    // Still nobody else's.
    const stranger = await makeUser(d);
    expect((await call(r.receipt.GET, `/api/client/payments/receipts/${flagged.paymentId}`, { token: stranger.token, params: { paymentId: flagged.paymentId } })).status).toBe(404);
  });

  it('resolve: a note is required; the flag closes with it (audited); nothing moves; a second resolve or a refund after it is refused', async () => {
    const d = await db();
    const eli = await buyer('eli');
    const flagged = await flaggedPayment(eli);
    expect((await resolve(flagged.paymentId, '')).status).toBe(422);
    expect((await resolve(flagged.paymentId, 42)).status).toBe(422);
    expect((await as(admin, a.resolve.POST, '/x', { method: 'POST', params: { id: flagged.paymentId }, body: '{nope' })).status).toBe(400);
    expect(await auditOf('payment', flagged.paymentId)).toEqual([]);

    const res = await resolve(flagged.paymentId, 'Gateway confirmed the ₱1 event was a test; the buyer will pay again.');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({ flagOpen: false, canRefund: false, canResolve: false, flagNote: expect.stringContaining('Gateway confirmed'), flagResolvedByEmail: expect.any(String) });
    const [p] = await d.select().from(payments).where(eq(payments.id, flagged.paymentId));
    expect(p).toMatchObject({ status: 'pending', refundStatus: null, flagResolvedBy: admin.id });
    const audits = await auditOf('payment', flagged.paymentId);
    expect(audits.map((x) => x.action)).toEqual(['payment.resolve']);
    expect(audits[0].after).toMatchObject({ flagNote: expect.stringContaining('Gateway confirmed') });
    expect(kinds((await detail(flagged.paymentId)).history)).toEqual(['created', 'webhook', 'flagged', 'resolved', 'audit']);

    expect((await resolve(flagged.paymentId, 'again')).status).toBe(409);
    expect((await refund(flagged.paymentId, 'after all')).status).toBe(409);
    expect(await d.select().from(jobs).where(and(eq(jobs.type, REFUND_JOB), sql`${jobs.payload}->>'paymentId' = ${flagged.paymentId}`))).toEqual([]);
  });
});

describe('the job queue', () => {
  it('counts by state and type, lists dead jobs with their last error, retries one (audited) and it runs', async () => {
    const d = await db();
    const jobId = await enqueueJob(d, 'test.flaky', { paymentId: 'aaaaaaaaaaaaaaaaaaaaaaaa' }, { maxAttempts: 2 });
    await d.update(jobs).set({ state: 'dead', attempts: 2, lastError: 'gateway timed out', finishedAt: new Date() }).where(eq(jobs.id, jobId));

    const health = await as(admin, a.jobs.GET, '/api/admin/jobs');
    expect(health.status).toBe(200);
    const h = health.json.data;
    expect(h.counts.dead).toBeGreaterThanOrEqual(1);
    expect(h.byType.find((t: { type: string }) => t.type === 'test.flaky')).toEqual({ type: 'test.flaky', counts: { queued: 0, running: 0, done: 0, dead: 1 } });
    expect(h.dead[0]).toMatchObject({ id: jobId, type: 'test.flaky', attempts: 2, maxAttempts: 2, lastError: 'gateway timed out', paymentId: 'aaaaaaaaaaaaaaaaaaaaaaaa' });

    const retry = (id: string, who: User = admin) => as(who, a.retry.POST, `/api/admin/jobs/${id}/retry`, { method: 'POST', params: { id } });
    const res = await retry(jobId);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.dead.map((j: { id: string }) => j.id)).not.toContain(jobId);
    const [job] = await d.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null, finishedAt: null });
    expect(job.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    const [entry] = await auditOf('job', jobId);
    expect(entry).toMatchObject({ action: 'job.retry', actorId: admin.id, before: expect.objectContaining({ state: 'dead', lastError: 'gateway timed out' }), after: expect.objectContaining({ state: 'queued', attempts: 0 }) });

    // Not dead any more: refused; unknown: 404.
    expect((await retry(jobId)).status).toBe(409);
    expect((await retry(UNKNOWN)).status).toBe(404);
    expect((await retry('nope')).status).toBe(422);

    // A worker claims it at once and this time it works.
    let ran = false;
    const out = await runNextJob(d, 'test-worker', { 'test.flaky': async () => void (ran = true) }, undefined, { only: ['test.flaky'] });
    expect(out?.outcome).toBe('done');
    expect(ran).toBe(true);
  });
});

describe('access', () => {
  it('an editor gets 403 at every Payments call, and nothing changes', async () => {
    const flagged = await flaggedPayment(await buyer('fay'));
    const id = flagged.paymentId;
    const calls: [string, Promise<{ status: number; json: Record<string, unknown> }>][] = [
      ['list', as(editor, a.list.GET, '/api/admin/payments')],
      ['detail', as(editor, a.one.GET, `/api/admin/payments/${id}`, { params: { id } })],
      ['refund', refund(id, 'editor tries', editor)],
      ['resolve', resolve(id, 'editor tries', editor)],
      ['jobs', as(editor, a.jobs.GET, '/api/admin/jobs')],
      ['retry', as(editor, a.retry.POST, `/api/admin/jobs/${UNKNOWN}/retry`, { method: 'POST', params: { id: UNKNOWN } })],
    ];
    for (const [name, p] of calls) {
      const res = await p;
      expect(res.status, name).toBe(403);
      expect(res.json, name).toMatchObject({ status: false, code: 'E_FORBIDDEN' });
    }
    expect((await as(undefined, a.list.GET, '/api/admin/payments')).status).toBe(401);
    expect(await auditOf('payment', id)).toEqual([]);
    const [p] = await (await db()).select().from(payments).where(eq(payments.id, id));
    expect(p).toMatchObject({ refundStatus: null, flagResolvedAt: null });
  });
});
