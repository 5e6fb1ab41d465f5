import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@/lib/ids';
import { jobs, payments, sandboxCheckouts, subscriptions, users, videos, webhookEvents } from '@/lib/server/db/schema';
import { runNextJob } from '@/lib/server/jobs/worker';
import { openAppDb } from '../fixtures/app-db';
import { call, checkoutIdOf, loadRoutes, planId, postWebhook, redirectDeliveries, sandboxPage, signedEvent, startReceiver, USER_INFO, type Routes } from '../fixtures/payments';
import { makeUser } from '../fixtures/users';

/**
 * The VIP purchase through the sandbox gateway, end to end on PostgreSQL: route handlers, the hosted checkout page,
 * signed webhooks delivered over HTTP by the job queue, fulfilment, receipts (issue 10 items 1–3, 5–8).
 */

const appDb = openAppDb({ seed: true });
afterAll(() => appDb.close());

let r: Routes;
let monthly: string;
beforeAll(async () => {
  r = await loadRoutes();
  monthly = await planId(await appDb.db(), 'monthly');
});

const G = { gateway: 'sandbox' };
const DAY = 86_400_000;

async function link(user: { id: string; token: string }, body: Record<string, unknown> = {}, qr = false) {
  return call(qr ? r.qrLink.POST : r.link.POST, `/api/sandbox/subscription/${qr ? 'generate-qr-payment-link' : 'generate-payment-link'}`, {
    method: 'POST',
    token: user.token,
    params: G,
    body: { vipPlanId: monthly, userId: user.id, paymentMethod: 'gc', userInfo: USER_INFO, ...body },
  });
}

async function check(user: { id: string; token: string }, requestId: string) {
  return call(r.check.GET, `/api/sandbox/subscription/check-payment?requestId=${requestId}&userId=${user.id}`, { token: user.token, params: G });
}

/** Delivers every due webhook job through a real HTTP receiver in front of the webhook route. */
async function deliverAll(answer?: (n: number) => number | null) {
  const db = await appDb.db();
  const receiver = await startReceiver(r, answer);
  try {
    await redirectDeliveries(db, receiver.url);
    const results = [];
    for (let res = await runNextJob(db, 'test-worker'); res; res = await runNextJob(db, 'test-worker')) results.push(res);
    return { results, requests: receiver.requests() };
  } finally {
    await receiver.close();
  }
}

/** isLocked of the seed's premium episodes of one title, as the episode list answers the user (the one entitlement rule). */
async function premiumLocks(user: { id: string; token: string }): Promise<boolean[]> {
  const db = await appDb.db();
  const [premium] = await db.select({ series: videos.movieSeriesId }).from(videos).where(and(eq(videos.isPremium, true), gt(videos.episodeNumber, 0))).limit(1);
  const { GET } = await import('@/app/api/client/shortVideo/loadMovieSeriesVideosForUser/route');
  const res = await call(GET, `/api/client/shortVideo/loadMovieSeriesVideosForUser?userId=${user.id}&start=1&limit=50&movieSeriesId=${premium.series}`, { token: user.token });
  expect(res.status).toBe(200);
  const locks = (res.json.data as { isPremium: boolean; episodeNumber: number; isLocked: boolean }[]).filter((v) => v.isPremium && v.episodeNumber > 0).map((v) => v.isLocked);
  expect(locks.length).toBeGreaterThan(0);
  return [...new Set(locks)];
}

async function paymentOf(requestId: string) {
  const [p] = await (await appDb.db()).select().from(payments).where(eq(payments.requestId, requestId));
  return p;
}

async function subscriptionsOf(userId: string) {
  return (await appDb.db()).select().from(subscriptions).where(eq(subscriptions.userId, userId));
}

describe('generate-payment-link', () => {
  it('answers the link (paymentLink, payment_action_info, under data too) and pendingPaymentData; stores a pending payment at the plan price', async () => {
    const user = await makeUser(await appDb.db());
    const res = await link(user);
    expect(res.status).toBe(200);
    const { paymentLink, payment_action_info, pendingPaymentData, data } = res.json;
    expect(paymentLink).toMatch(/^http:\/\/localhost\/pay\/cs_[0-9a-f]{32}$/);
    expect(payment_action_info).toBe(paymentLink);
    expect(data).toMatchObject({ paymentLink, payment_action_info: paymentLink, pendingPaymentData });
    expect(pendingPaymentData).toMatchObject({ userId: user.id, vipPlanId: monthly, amount: 299, amountCentavos: 29900, currency: 'PHP', paymentMethod: 'gc', paymentType: 'wallet', billingMode: 'one_time', gateway: 'sandbox' });
    expect(pendingPaymentData.requestId).toMatch(/^PAYMENT_\d{13}_[0-9a-z]{16}$/);
    expect(typeof pendingPaymentData.timestamp).toBe('number');
    const p = await paymentOf(pendingPaymentData.requestId);
    expect(p).toMatchObject({ status: 'pending', kind: 'vip', amountCentavos: 29900, provider: 'sandbox', userId: user.id, providerRef: checkoutIdOf(paymentLink) });
    expect(await subscriptionsOf(user.id)).toHaveLength(0);
  });

  it('refuses an unknown plan (404), an unknown method (422), another billing mode (422), a missing name (422), an unknown or inactive gateway (404), a guest (401)', async () => {
    const user = await makeUser(await appDb.db());
    expect((await link(user, { vipPlanId: 'ffffffffffffffffffffffff' })).status).toBe(404);
    const badMethod = await link(user, { paymentMethod: 'visa' });
    expect(badMethod.status).toBe(422);
    expect(badMethod.json).toMatchObject({ status: false, message: expect.stringContaining('Unknown payment method') });
    expect((await link(user, { billingMode: 'recurring' })).status).toBe(422);
    expect((await link(user, { userInfo: { ...USER_INFO, fname: '  ' } })).status).toBe(422);
    for (const gateway of ['paymongo', 'nope', 'constructor']) {
      const res = await call(r.link.POST, `/api/${gateway}/subscription/generate-payment-link`, { method: 'POST', token: user.token, params: { gateway }, body: { vipPlanId: monthly, paymentMethod: 'gc', userInfo: USER_INFO } });
      expect(res.status, gateway).toBe(404);
    }
    const guest = await call(r.link.POST, '/api/sandbox/subscription/generate-payment-link', { method: 'POST', params: G, body: { vipPlanId: monthly, paymentMethod: 'gc', userInfo: USER_INFO } });
    expect(guest.status).toBe(401);
    expect(await (await appDb.db()).select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(0);
  });

  it('takes every one of the 23 method codes of spec §9', async () => {
    const { PAYMENT_METHODS } = await import('@/lib/constants');
    expect(PAYMENT_METHODS).toHaveLength(23);
    const db = await appDb.db();
    for (let i = 0; i < PAYMENT_METHODS.length; i += 8) {
      const user = await makeUser(db); // the checkout rate limit is per user
      for (const method of PAYMENT_METHODS.slice(i, i + 8)) expect((await link(user, { paymentMethod: method })).status, method).toBe(200);
    }
  });

  it('lists the plans for guests: _id, subscriptionType, price in pesos, validity in days or lifetime', async () => {
    const res = await call(r.plans.GET, '/api/payment/sandbox/subscription/available-plans', { params: G });
    expect(res.status).toBe(200);
    expect(res.json.data.map((p: { subscriptionType: string }) => p.subscriptionType)).toEqual(['weekly', 'monthly', 'lifetime']);
    expect(res.json.data[1]).toMatchObject({ _id: monthly, price: 299, priceCentavos: 29900, validity: 30, currency: 'PHP' });
    expect(res.json.data[2]).toMatchObject({ validity: 'lifetime', price: 1999 });
  });
});

describe('the sandbox checkout page and the whole purchase', () => {
  it('wallet: shows merchant, item, ₱ amount and GCash without the site layout; Authorize → 303 to the return page → webhook over HTTP → VIP, receipt, subscribe once', async () => {
    const db = await appDb.db();
    const user = await makeUser(db);
    const { paymentLink, pendingPaymentData } = (await link(user)).json;
    const requestId = pendingPaymentData.requestId as string;
    expect(await premiumLocks(user)).toEqual([true]);

    const page = await sandboxPage(r, paymentLink);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    expect(page.text).toContain('<meta name="robots" content="noindex,nofollow">');
    expect(page.text).toContain('Kilig');
    expect(page.text).toContain('VIP Monthly (30 days)');
    expect(page.text).toContain('₱299.00');
    expect(page.text).toContain('>GCash<');
    expect(page.text).toMatch(/<form method="post" action="\/pay\/cs_[0-9a-f]{32}">/);
    expect(page.text).toContain('name="outcome" value="paid"');
    expect(page.text).toContain('>Authorize<');
    expect(page.text).toContain('>Fail<');
    expect(page.text).not.toContain('<script');

    // Subscribing before the payment is paid is refused.
    expect((await call(r.subscribe.PATCH, '/api/client/user/subscribe', { method: 'PATCH', token: user.token, body: { userId: user.id } })).status).toBe(409);

    const done = await sandboxPage(r, paymentLink, { outcome: 'paid' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/payment/return?requestId=${encodeURIComponent(requestId)}`);
    // Paid at the gateway, but nothing is granted until its webhook arrives.
    expect((await check(user, requestId)).json.data).toMatchObject({ status: 'pending', isPaid: false, user: { isVip: false } });

    const { results, requests } = await deliverAll();
    expect(results.map((x) => x.outcome)).toEqual(['done']);
    expect(requests).toBe(1);

    const checked = await check(user, requestId);
    expect(checked.json.data).toMatchObject({ requestId, status: 'paid', isPaid: true, applied: false, amount: 299, user: { _id: user.id, isVip: true } });
    // Same token, no re-login: the profile says VIP at once, and premium episodes are no longer locked.
    const profile = await call(r.profile.GET, `/api/client/user/fetchProfile?userId=${user.id}`, { token: user.token });
    expect(profile.json.user.isVip).toBe(true);
    expect(await premiumLocks(user)).toEqual([false]);

    const sub = await call(r.subscribe.PATCH, '/api/client/user/subscribe', { method: 'PATCH', token: user.token, body: { userId: user.id } });
    expect(sub.status).toBe(200);
    expect(sub.json).toMatchObject({ status: true, message: 'Successfully subscribed! You now have access to all videos.', user: { isVip: true }, data: { payment: { requestId, applied: true } } });
    // Applied once: a second call has nothing left to apply.
    expect((await call(r.subscribe.PATCH, '/api/client/user/subscribe', { method: 'PATCH', token: user.token, body: { userId: user.id } })).status).toBe(409);

    const receipts = await call(r.receipts.GET, '/api/client/payments/receipts', { token: user.token });
    expect(receipts.json.pagination).toEqual({ currentPage: 1, pageSize: 20, totalItems: 1, totalPages: 1 });
    const [receipt] = receipts.json.data;
    const [subscription] = await subscriptionsOf(user.id);
    expect(receipt).toMatchObject({ reference: requestId, kind: 'vip', item: 'VIP Monthly (30 days)', paymentMethod: 'gc', paymentMethodName: 'GCash', amount: 299, amountCentavos: 29900, currency: 'PHP', vipValidUntil: subscription.expiresAt!.toISOString(), vipLifetime: false });
    const one = await call(r.receipt.GET, `/api/client/payments/receipts/${receipt._id}`, { token: user.token, params: { paymentId: receipt._id } });
    expect(one.json.data).toEqual(receipt);

    // The page now shows the outcome, and a second submit changes nothing.
    expect((await sandboxPage(r, paymentLink)).text).toContain('Payment received');
    expect((await sandboxPage(r, paymentLink, { outcome: 'failed' })).status).toBe(303);
    expect((await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.requestId, requestId)))[0].status).toBe('paid');
    expect(await db.select().from(jobs).where(eq(jobs.type, 'webhook.deliver'))).toHaveLength(1);
  });

  it('cards: 4111… is declined and 5100…0198 refused for insufficient funds on the page (checkout open, payment pending, nothing granted), Cancel fails it, an unknown number is refused on the page, 4343… pays', async () => {
    const db = await appDb.db();
    const user = await makeUser(db);
    for (const [card, reason] of [['4111 1111 1111 1111', /declined/i], ['5100000000000198', /insufficient funds/i]] as const) {
      const { paymentLink, pendingPaymentData } = (await link(user, { paymentMethod: 'bdo_cc_ph' })).json;
      const page = await sandboxPage(r, paymentLink);
      expect(page.text).toContain('>BDO credit card<');
      expect(page.text).toContain('name="cardNumber"');
      // A decline (issue 20 item 10) ends nothing: the reason and the form again, on the same open checkout.
      const declined = await sandboxPage(r, paymentLink, { outcome: 'paid', cardNumber: card });
      expect(declined.status, card).toBe(402);
      expect(declined.text).toMatch(reason);
      expect(declined.text).toContain('name="cardNumber"');
      await deliverAll();
      expect((await check(user, pendingPaymentData.requestId)).json.data.status, card).toBe('pending');
      expect((await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.requestId, pendingPaymentData.requestId)))[0].status).toBe('open');
      // 'Cancel payment' is what fails it.
      expect((await sandboxPage(r, paymentLink, { outcome: 'failed' })).status).toBe(303);
      await deliverAll();
      expect((await check(user, pendingPaymentData.requestId)).json.data.status, card).toBe('failed');
    }
    expect(await subscriptionsOf(user.id)).toHaveLength(0);
    expect((await db.select().from(users).where(eq(users.id, user.id)))[0].vipExpiresAt).toBeNull();

    const { paymentLink, pendingPaymentData } = (await link(user, { paymentMethod: 'metrobank_cc_ph' })).json;
    const unknown = await sandboxPage(r, paymentLink, { outcome: 'paid', cardNumber: '4000000000000002' });
    expect(unknown.status).toBe(422);
    expect(unknown.text).toContain('not a sandbox test card');
    expect((await sandboxPage(r, paymentLink, { outcome: 'paid', cardNumber: '4343434343434345' })).status).toBe(303);
    await deliverAll();
    expect((await check(user, pendingPaymentData.requestId)).json.data).toMatchObject({ status: 'paid', user: { isVip: true } });
    expect(await subscriptionsOf(user.id)).toHaveLength(1);
  });

  it('QR: a QR_ request id and a page with a real QR code (SVG) of the checkout URL', async () => {
    const user = await makeUser(await appDb.db());
    const res = await link(user, { paymentMethod: 'gc' }, true);
    expect(res.status).toBe(200);
    expect(res.json.pendingPaymentData.requestId).toMatch(/^QR_\d{13}_[0-9a-z]{16}$/);
    expect(res.json.qrData).toBe(res.json.paymentLink);
    const page = await sandboxPage(r, res.json.paymentLink);
    expect(page.text).toMatch(/<div class="qr" data-testid="qr"><svg[^>]*viewBox/);
    const QRCode = (await import('qrcode')).default;
    expect(page.text).toContain(await QRCode.toString(res.json.paymentLink, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }));
  });

  it('refuses a form without an outcome (422, page shown again), a body over 4 KiB (413), and never answers 5xx', async () => {
    const user = await makeUser(await appDb.db());
    const { paymentLink } = (await link(user)).json;
    const none = await sandboxPage(r, paymentLink, {});
    expect(none.status).toBe(422);
    expect(none.text).toContain('Choose to pay or to cancel.');
    expect(none.text).toContain('>Authorize<');
    expect((await sandboxPage(r, paymentLink, { outcome: 'x'.repeat(5000) })).status).toBe(413);
    expect((await sandboxPage(r, paymentLink, { outcome: 'refund' })).status).toBe(422);
    // Still open after all that.
    expect((await sandboxPage(r, paymentLink)).text).toContain('>Authorize<');
  });

  it('answers 404 for an unknown checkout', async () => {
    const res = await sandboxPage(r, 'http://localhost/pay/cs_00000000000000000000000000000000');
    expect(res.status).toBe(404);
    expect((await sandboxPage(r, 'http://localhost/pay/..%2F..%2Fetc')).status).toBe(404);
  });
});

describe('webhooks', () => {
  async function pendingPayment() {
    const user = await makeUser(await appDb.db());
    const { pendingPaymentData } = (await link(user)).json;
    return { user, requestId: pendingPaymentData.requestId as string };
  }
  const paid = (requestId: string, amount = 29900, currency = 'PHP', id = `evt_${newId()}`) => ({ id, type: 'payment.paid' as const, data: { requestId, amount, currency } });

  async function eventsOf(requestId: string) {
    const p = await paymentOf(requestId);
    return (await appDb.db()).select().from(webhookEvents).where(eq(webhookEvents.paymentId, p.id));
  }

  it('refuses a forged signature, a stale or future timestamp, a missing header (401): nothing stored, nothing granted', async () => {
    const { user, requestId } = await pendingPayment();
    const db = await appDb.db();
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(webhookEvents);
    const event = paid(requestId);
    const forged = signedEvent(event, { secret: 'an-attacker-guess-of-the-secret' });
    const stale = signedEvent(event, { t: Math.floor(Date.now() / 1000) - 301 });
    const future = signedEvent(event, { t: Math.floor(Date.now() / 1000) + 301 });
    for (const [name, body, signature] of [
      ['forged', forged.body, forged.signature],
      ['stale', stale.body, stale.signature],
      ['future', future.body, future.signature],
      ['missing', forged.body, null],
      ['body swapped under a good signature', JSON.stringify(paid(requestId, 100)), signedEvent(event).signature],
    ] as const) {
      const res = await postWebhook(r, body, signature);
      expect(res.status, name).toBe(401);
      expect(res.json).toMatchObject({ status: false, code: 'E_UNAUTHENTICATED' });
    }
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(webhookEvents)).toEqual(before);
    expect((await paymentOf(requestId)).status).toBe('pending');
    expect(await subscriptionsOf(user.id)).toHaveLength(0);
    // The same event correctly signed is accepted: the refusals above were the signature's doing.
    expect((await postWebhook(r, signedEvent(event).body, signedEvent(event).signature)).json.data.outcome).toBe('fulfilled');
  });

  it('flags a paid event whose amount or currency does not match: not fulfilled, not even by a correct event later', async () => {
    for (const [amount, currency] of [[100, 'PHP'], [29900, 'USD']] as const) {
      const { user, requestId } = await pendingPayment();
      const wrong = signedEvent(paid(requestId, amount, currency));
      const res = await postWebhook(r, wrong.body, wrong.signature);
      expect(res.status).toBe(200);
      expect(res.json.data.outcome).toBe('flagged');
      const p = await paymentOf(requestId);
      expect(p.status).toBe('pending');
      expect(p.flagReason).toContain(amount === 100 ? 'amount 100 ≠ 29900' : 'currency USD ≠ PHP');
      const [stored] = await eventsOf(requestId);
      expect(stored.error).toContain('does not match');
      const right = signedEvent(paid(requestId));
      expect((await postWebhook(r, right.body, right.signature)).json.data.outcome).toBe('flagged');
      expect(await subscriptionsOf(user.id)).toHaveLength(0);
    }
  });

  it('the same event delivered 50 times in parallel: one event row, one subscription, one receipt, 30 days once', async () => {
    const { user, requestId } = await pendingPayment();
    const event = signedEvent(paid(requestId));
    const answers = await Promise.all(Array.from({ length: 50 }, () => postWebhook(r, event.body, event.signature)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const outcomes = answers.map((a) => a.json.data.outcome);
    expect(outcomes.filter((o) => o === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(49);
    expect(await eventsOf(requestId)).toHaveLength(1);
    const subs = await subscriptionsOf(user.id);
    expect(subs).toHaveLength(1);
    const p = await paymentOf(requestId);
    expect(subs[0].expiresAt!.getTime() - p.paidAt!.getTime()).toBe(30 * DAY);
    const receipts = await call(r.receipts.GET, '/api/client/payments/receipts', { token: user.token });
    expect(receipts.json.data).toHaveLength(1);
    const [u] = await (await appDb.db()).select().from(users).where(eq(users.id, user.id));
    expect(u.vipExpiresAt!.getTime()).toBe(subs[0].expiresAt!.getTime());
  });

  it('different paid events for one payment in parallel: fulfilled once', async () => {
    const { user, requestId } = await pendingPayment();
    const events = Array.from({ length: 10 }, () => signedEvent(paid(requestId)));
    const answers = await Promise.all(events.map((e) => postWebhook(r, e.body, e.signature)));
    const outcomes = answers.map((a) => a.json.data.outcome).sort();
    expect(outcomes).toEqual(['fulfilled', ...Array(9).fill('already-settled')].sort());
    expect(await eventsOf(requestId)).toHaveLength(10);
    expect(await subscriptionsOf(user.id)).toHaveLength(1);
  });

  it('payment.failed after paid changes nothing; paid after failed is money taken: settled late and granted once', async () => {
    const { user, requestId } = await pendingPayment();
    const ok = signedEvent(paid(requestId));
    await postWebhook(r, ok.body, ok.signature);
    const failed = signedEvent({ id: `evt_${newId()}`, type: 'payment.failed', data: { requestId, amount: 29900, currency: 'PHP' } });
    expect((await postWebhook(r, failed.body, failed.signature)).json.data.outcome).toBe('already-settled');
    expect((await paymentOf(requestId)).status).toBe('paid');
    expect((await check(user, requestId)).json.data.user.isVip).toBe(true);

    const second = await pendingPayment();
    const fail2 = signedEvent({ id: `evt_${newId()}`, type: 'payment.failed', data: { requestId: second.requestId, amount: 29900, currency: 'PHP' } });
    expect((await postWebhook(r, fail2.body, fail2.signature)).json.data.outcome).toBe('failed');
    const late = signedEvent(paid(second.requestId));
    expect((await postWebhook(r, late.body, late.signature)).json.data.outcome).toBe('fulfilled');
    expect(await paymentOf(second.requestId)).toMatchObject({ status: 'paid', flagReason: null, refundStatus: null });
    expect(await subscriptionsOf(second.user.id)).toHaveLength(1);
    const again = signedEvent(paid(second.requestId));
    expect((await postWebhook(r, again.body, again.signature)).json.data.outcome).toBe('already-settled');
    expect(await subscriptionsOf(second.user.id)).toHaveLength(1);
  });

  it('answers 200 for an event about no payment, 400 for a well-signed malformed body, 404 for an unknown provider, 413 past 64 KiB', async () => {
    const unknown = signedEvent(paid('PAYMENT_1767225600000_aaaaaaaaaaaaaaaa'));
    expect((await postWebhook(r, unknown.body, unknown.signature)).json.data.outcome).toBe('unknown-payment');
    const t = Math.floor(Date.now() / 1000);
    const { signSandboxPayload } = await import('@/lib/server/payments/gateways/sandbox-signature');
    for (const body of ['{nope', '{"id":"evt_1","type":"payment.refunded","data":{}}', '[]']) {
      expect((await postWebhook(r, body, signSandboxPayload('kilig-dev-webhook-secret-change-me', body, t))).status, body).toBe(400);
    }
    expect((await postWebhook(r, unknown.body, unknown.signature, 'nope')).status).toBe(404);
    // A registered real gateway without its keys cannot verify anything: 503, so the gateway retries once it is set up.
    expect((await postWebhook(r, unknown.body, unknown.signature, 'paymongo')).status).toBe(503);
    const big = 'x'.repeat(65 * 1024);
    expect((await postWebhook(r, big, signSandboxPayload('kilig-dev-webhook-secret-change-me', big, t))).status).toBe(413);
  });
});

describe('ownership and the client’s word', () => {
  it('every call refuses another user’s id (403) and another user’s payment (404)', async () => {
    const db = await appDb.db();
    const alice = await makeUser(db);
    const bob = await makeUser(db);
    const { pendingPaymentData } = (await link(alice)).json;
    const requestId = pendingPaymentData.requestId as string;
    const asBob = { token: bob.token };
    const body = { vipPlanId: monthly, userId: alice.id, paymentMethod: 'gc', userInfo: USER_INFO };
    const answers = {
      link: await call(r.link.POST, '/x', { method: 'POST', ...asBob, params: G, body }),
      qr: await call(r.qrLink.POST, '/x', { method: 'POST', ...asBob, params: G, body }),
      process: await call(r.process.POST, '/x', { method: 'POST', ...asBob, params: G, body: { linkId: requestId, userId: alice.id, vipPlanId: monthly } }),
      status: await call(r.status.GET, `/x`, { ...asBob, params: { ...G, userId: alice.id } }),
      check: await call(r.check.GET, `/x?requestId=${requestId}&userId=${alice.id}`, { ...asBob, params: G }),
      subscribe: await call(r.subscribe.PATCH, '/x', { method: 'PATCH', ...asBob, body: { userId: alice.id } }),
      receipts: await call(r.receipts.GET, `/x?userId=${alice.id}`, asBob),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.status, name).toBe(403);
      expect(res.json, name).toMatchObject({ status: false, code: 'E_UNAUTHORIZED' });
    }
    // Bob naming himself but Alice's payment: not found, as if it did not exist.
    expect((await call(r.check.GET, `/x?requestId=${requestId}&userId=${bob.id}`, { ...asBob, params: G })).status).toBe(404);
    expect((await call(r.process.POST, '/x', { method: 'POST', ...asBob, params: G, body: { linkId: requestId, userId: bob.id } })).status).toBe(404);
    // Alice's own calls work.
    expect((await check(alice, requestId)).status).toBe(200);
    expect((await call(r.status.GET, '/x', { token: alice.token, params: { ...G, userId: alice.id } })).json.data).toMatchObject({ isVip: false, userSubscriptionStatus: 'none' });
  });

  it('subscribe never grants VIP on its own word: refused without a paid payment, with only a pending one, with another user’s paid one', async () => {
    const db = await appDb.db();
    const user = await makeUser(db);
    const patch = (u: { id: string; token: string }, extra: Record<string, unknown> = {}) => call(r.subscribe.PATCH, '/api/client/user/subscribe', { method: 'PATCH', token: u.token, body: { userId: u.id, ...extra } });
    expect((await patch(user)).status).toBe(409);
    const { pendingPaymentData } = (await link(user)).json;
    expect((await patch(user)).json).toMatchObject({ status: false, code: 'E_CONFLICT' });
    expect((await patch(user, { requestId: pendingPaymentData.requestId })).status).toBe(409);

    const other = await makeUser(db);
    const theirs = (await link(other)).json.pendingPaymentData.requestId;
    const e = signedEvent({ id: `evt_${newId()}`, type: 'payment.paid', data: { requestId: theirs, amount: 29900, currency: 'PHP' } });
    await postWebhook(r, e.body, e.signature);
    expect((await patch(user, { requestId: theirs })).status).toBe(409);
    const [u] = await db.select().from(users).where(eq(users.id, user.id));
    expect(u.vipExpiresAt).toBeNull();
    expect((await db.select().from(payments).where(and(eq(payments.userId, other.id))))[0].appliedAt).toBeNull();
  });

  it('process-payment settles from the gateway (fetchStatus) when the webhook has not come; its word alone does nothing', async () => {
    const db = await appDb.db();
    const user = await makeUser(db);
    const { paymentLink, pendingPaymentData } = (await link(user)).json;
    const body = { linkId: pendingPaymentData.requestId, userId: user.id, vipPlanId: monthly };
    // Still open at the gateway: nothing changes.
    const before = await call(r.process.POST, '/x', { method: 'POST', token: user.token, params: G, body });
    expect(before.json.data).toMatchObject({ status: 'pending', user: { isVip: false } });
    await sandboxPage(r, paymentLink, { outcome: 'paid' });
    // The gateway says paid (its webhook job not yet run): process-payment settles it through the same path.
    const after = await call(r.process.POST, '/x', { method: 'POST', token: user.token, params: G, body });
    expect(after.json.data).toMatchObject({ status: 'paid', user: { isVip: true } });
    expect(await subscriptionsOf(user.id)).toHaveLength(1);
    // The late webhook then changes nothing.
    await deliverAll();
    expect(await subscriptionsOf(user.id)).toHaveLength(1);
    expect((await call(r.process.POST, '/x', { method: 'POST', token: user.token, params: G, body: { ...body, vipPlanId: await planId(db, 'weekly') } })).status).toBe(422);
  });
});
