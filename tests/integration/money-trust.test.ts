import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@/lib/ids';
import { coinLedger, episodeUnlocks, jobs, payments, premiumPurchases, premiumVideoPrices, sandboxCheckouts, subscriptions, users, videos } from '@/lib/server/db/schema';
import { seedId } from '@/lib/server/db/seed';
import { runNextJob } from '@/lib/server/jobs/worker';
import { reconcilePayments } from '@/lib/server/payments/reconcile';
import { openAppDb } from '../fixtures/app-db';
import { balanceOf, fund, makeSeries } from '../fixtures/coins';
import { call, loadRoutes, planId, postWebhook, sandboxPage, signedEvent, USER_INFO, type Routes } from '../fixtures/payments';
import { makeUser } from '../fixtures/users';

/**
 * Money you can trust (issue 20 items 1–4 and 10): no payment stalls the others, nothing is charged twice, a pass
 * that adds nothing is refused, bundle discounts never compound; refunds leave receipts, ledger and access consistent.
 * On PostgreSQL, through the route handlers, the sandbox gateway's own records and the durable job queue.
 */

const appDb = openAppDb({ seed: true });
afterAll(() => appDb.close());

type User = { id: string; token: string };

const extra = async () => ({
  premiumLink: await import('@/app/api/client/premiumVideo/generate-payment-link/route'),
  coinPay: await import('@/app/api/client/coinplan/[processPayment]/route'),
  deleteAccount: await import('@/app/api/client/user/deleteAccount/route'),
  unlockAll: await import('@/app/api/client/shortVideo/unlockAllRemaining/route'),
});
let r: Routes;
let x: Awaited<ReturnType<typeof extra>>;
let video: { videoId: string; priceCentavos: number };
beforeAll(async () => {
  r = await loadRoutes();
  x = await extra();
  const [row] = await (await appDb.db())
    .select({ videoId: premiumVideoPrices.videoId, priceCentavos: premiumVideoPrices.priceCentavos })
    .from(premiumVideoPrices)
    .where(eq(premiumVideoPrices.isActive, true))
    .orderBy(premiumVideoPrices.priceCentavos)
    .limit(1);
  video = row;
});

const db = () => appDb.db();
const PLAN_300 = seedId('coin_plan', '300+30');

const paymentOf = async (requestId: string) => (await (await db()).select().from(payments).where(eq(payments.requestId, requestId)))[0];
const checkoutOf = async (requestId: string) => (await (await db()).select().from(sandboxCheckouts).where(eq(sandboxCheckouts.requestId, requestId)))[0];
const paidEvent = (requestId: string, amount: number) => signedEvent({ id: `evt_${newId()}`, type: 'payment.paid', data: { requestId, amount, currency: 'PHP' } });

/** The gateway took the money (its own record says paid) and its webhook arrives. */
async function gatewayPays(requestId: string, amount: number) {
  await (await db()).update(sandboxCheckouts).set({ status: 'paid', completedAt: new Date() }).where(eq(sandboxCheckouts.requestId, requestId));
  const e = paidEvent(requestId, amount);
  return postWebhook(r, e.body, e.signature);
}

/** Runs every due job (this file's database only). */
async function drain() {
  const d = await db();
  const out = [];
  for (let res = await runNextJob(d, 'money-trust'); res; res = await runNextJob(d, 'money-trust')) out.push(res);
  return out;
}

async function premiumCheckout(user: User): Promise<string> {
  const res = await call(x.premiumLink.POST, '/api/client/premiumVideo/generate-payment-link', {
    method: 'POST',
    token: user.token,
    body: { videoId: video.videoId, userId: user.id, paymentMethod: 'gc', userInfo: USER_INFO },
  });
  expect(res.status).toBe(200);
  return res.json.pendingPaymentData.requestId;
}

async function vipCheckout(user: User, plan: 'weekly' | 'monthly' | 'lifetime') {
  return call(r.link.POST, '/api/sandbox/subscription/generate-payment-link', {
    method: 'POST',
    token: user.token,
    params: { gateway: 'sandbox' },
    body: { vipPlanId: await planId(await db(), plan), userId: user.id, paymentMethod: 'gc', userInfo: USER_INFO },
  });
}

async function coinCheckout(user: User): Promise<string> {
  const res = await call(x.coinPay.POST, '/api/client/coinPlan/processSandboxPayment', {
    method: 'POST',
    token: user.token,
    params: { processPayment: 'processSandboxPayment' },
    body: { coinPlanId: PLAN_300, userId: user.id, paymentMethod: 'gc', userInfo: USER_INFO },
  });
  expect(res.status).toBe(200);
  return res.json.pendingPaymentData.requestId;
}

/** Pretends the payment was opened long ago (reconciliation asks about pending payments older than 2 minutes). */
async function age(requestId: string, minutes: number) {
  const at = new Date(Date.now() - minutes * 60_000);
  await (await db()).update(payments).set({ createdAt: at }).where(eq(payments.requestId, requestId));
}

describe('item 1: a payment whose account is gone never stalls the others', () => {
  it('deleting an account cancels its open checkouts, at the gateway too; a payment that still comes is flagged, 200, nothing credited', async () => {
    const user = await makeUser(await db());
    const requestId = await coinCheckout(user);
    expect((await call(x.deleteAccount.DELETE, '/api/client/user/deleteAccount', { method: 'DELETE', token: user.token })).status).toBe(200);
    expect(await paymentOf(requestId)).toMatchObject({ status: 'cancelled', userId: null, failureReason: expect.stringContaining('account was deleted') });
    await drain();
    expect((await checkoutOf(requestId)).status).toBe('cancelled');
    // The checkout page says so, and takes no payment any more.
    const page = await sandboxPage(r, (await paymentOf(requestId)).paymentUrl!);
    expect(page.text).toContain('Checkout cancelled');
    expect((await sandboxPage(r, (await paymentOf(requestId)).paymentUrl!, { outcome: 'paid' })).text).not.toContain('Payment received');
    expect((await checkoutOf(requestId)).status).toBe('cancelled');

    const res = await gatewayPays(requestId, 14900);
    expect(res.status).toBe(200);
    expect(res.json.data.outcome).toBe('flagged');
    expect(await paymentOf(requestId)).toMatchObject({ status: 'paid', flagReason: expect.stringContaining('account was deleted'), refundStatus: null });
    // A retry of the same event is a duplicate, still 200.
    expect((await postWebhook(r, ...(() => { const e = paidEvent(requestId, 14900); return [e.body, e.signature] as const; })())).status).toBe(200);
  });

  it('a pending payment of a deleted account (no user) answers its webhook 200 and is flagged instead of failing every retry', async () => {
    const user = await makeUser(await db());
    const requestId = await coinCheckout(user);
    // As before account deletion closed checkouts: the row simply lost its user.
    await (await db()).update(payments).set({ userId: null }).where(eq(payments.requestId, requestId));
    const res = await gatewayPays(requestId, 14900);
    expect(res.status).toBe(200);
    expect(res.json.data.outcome).toBe('flagged');
    expect((await paymentOf(requestId)).flagReason).toContain('account was deleted');
  });

  it('reconciliation with a poison payment first in line still settles the next, and counts the one it could not grant', async () => {
    const d = await db();
    const gone = await makeUser(d);
    const poison = await coinCheckout(gone);
    const buyer = await makeUser(d);
    const good = await coinCheckout(buyer);
    await d.update(payments).set({ userId: null }).where(eq(payments.requestId, poison));
    await age(poison, 10);
    await age(good, 9);
    // Both paid at the gateway, both webhooks lost.
    await d.update(sandboxCheckouts).set({ status: 'paid', completedAt: new Date() }).where(sql`${sandboxCheckouts.requestId} in (${poison}, ${good})`);
    const summary = await reconcilePayments(d);
    expect(summary.paid).toBeGreaterThanOrEqual(2);
    expect(await paymentOf(good)).toMatchObject({ status: 'paid', flagReason: null });
    expect(await balanceOf(d, buyer.id)).toBe(330);
    expect(await paymentOf(poison)).toMatchObject({ status: 'paid', flagReason: expect.stringContaining('account was deleted') });
    // The next run finds nothing pending for either.
    const again = await reconcilePayments(d);
    expect(again.errors).toBe(0);
  });
});

describe('item 2: a premium video is never paid twice', () => {
  it('VIP bought while a premium checkout is open: the checkout closes at once, a late payment for it is refunded, not kept', async () => {
    const d = await db();
    const user = await makeUser(d);
    const premium = await premiumCheckout(user);
    const vip = (await vipCheckout(user, 'monthly')).json.pendingPaymentData.requestId as string;
    expect((await gatewayPays(vip, (await paymentOf(vip)).amountCentavos)).json.data.outcome).toBe('fulfilled');
    expect(await paymentOf(premium)).toMatchObject({ status: 'expired', failureReason: expect.stringContaining('VIP') });
    await drain();
    expect((await checkoutOf(premium)).status).toBe('cancelled');

    // The gateway took the money anyway.
    const res = await gatewayPays(premium, video.priceCentavos);
    expect(res.json.data.outcome).toBe('refunded');
    expect(await paymentOf(premium)).toMatchObject({ status: 'paid', refundStatus: 'pending' });
    expect(await (await db()).select().from(premiumPurchases).where(eq(premiumPurchases.userId, user.id))).toHaveLength(0);
    await drain();
    expect(await paymentOf(premium)).toMatchObject({ status: 'refunded', refundStatus: 'succeeded', refundRef: expect.stringMatching(/^refund_cs_/) });
    expect((await checkoutOf(premium)).status).toBe('refunded');
    // The buyer's return page says so.
    const check = await call(r.check.GET, `/api/sandbox/subscription/check-payment?requestId=${premium}&userId=${user.id}`, { token: user.token, params: { gateway: 'sandbox' } });
    expect(check.json.data).toMatchObject({ status: 'refunded', isPaid: false, refund: { status: 'succeeded' } });
  });

  it('access by a coin unlock, then the payment: refunded automatically, nothing kept, nothing granted twice', async () => {
    const d = await db();
    const user = await makeUser(d);
    const requestId = await premiumCheckout(user);
    // An unlock of the same video (made before videos sold for pesos stopped taking coins).
    await d.insert(episodeUnlocks).values({ id: newId(), userId: user.id, videoId: video.videoId, coinsSpent: 15, listPrice: 15 });
    const res = await gatewayPays(requestId, video.priceCentavos);
    expect(res.json.data.outcome).toBe('refunded');
    await drain();
    expect(await paymentOf(requestId)).toMatchObject({ status: 'refunded', refundStatus: 'succeeded' });
    expect(await d.select().from(premiumPurchases).where(eq(premiumPurchases.userId, user.id))).toHaveLength(0);
    // Receipts, ledger and access agree: no purchase, no ledger line for it, still watchable through the unlock.
    expect(await d.select().from(coinLedger).where(eq(coinLedger.reference, (await paymentOf(requestId)).id))).toHaveLength(0);
  });

  it('parallel late payments for one owned item: each refunded exactly once', async () => {
    const d = await db();
    const user = await makeUser(d);
    // Two checkouts left open past their expiry, each replaced by a new one; the third is paid and buys the video.
    const a = await premiumCheckout(user);
    await d.update(payments).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(payments.requestId, a));
    const b = await premiumCheckout(user);
    expect(b).not.toBe(a);
    expect((await paymentOf(a)).status).toBe('expired');
    await d.update(payments).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(payments.requestId, b));
    const c = await premiumCheckout(user);
    expect((await gatewayPays(c, video.priceCentavos)).json.data.outcome).toBe('fulfilled');

    await d.update(sandboxCheckouts).set({ status: 'paid' }).where(sql`${sandboxCheckouts.requestId} in (${a}, ${b})`);
    const events = [a, b, a, b, a, b].map((id) => paidEvent(id, video.priceCentavos));
    const answers = await Promise.all([...events, ...events].map((e) => postWebhook(r, e.body, e.signature)));
    expect(answers.every((res) => res.status === 200)).toBe(true);
    expect(answers.filter((res) => res.json.data.outcome === 'refunded')).toHaveLength(2);
    await drain();
    for (const id of [a, b]) expect(await paymentOf(id)).toMatchObject({ status: 'refunded', refundStatus: 'succeeded' });
    const refundJobs = await d.select().from(jobs).where(sql`${jobs.type} = 'payments.refund' and ${jobs.payload}->>'paymentId' in (${(await paymentOf(a)).id}, ${(await paymentOf(b)).id})`);
    expect(refundJobs).toHaveLength(2);
    expect(await d.select().from(premiumPurchases).where(eq(premiumPurchases.userId, user.id))).toHaveLength(1);
    expect((await paymentOf(c)).status).toBe('paid');
  });
});

describe('item 3: a pass that adds nothing', () => {
  it('a lifetime VIP cannot open a weekly pass (409); one opened before is closed, refunded if paid, and status names lifetime', async () => {
    const d = await db();
    const user = await makeUser(d);
    const weekly = (await vipCheckout(user, 'weekly')).json.pendingPaymentData.requestId as string;
    const lifetime = (await vipCheckout(user, 'lifetime')).json.pendingPaymentData.requestId as string;
    expect((await gatewayPays(lifetime, (await paymentOf(lifetime)).amountCentavos)).json.data.outcome).toBe('fulfilled');
    expect((await paymentOf(weekly)).status).toBe('expired');

    const refused = await vipCheckout(user, 'weekly');
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/lifetime/i);

    expect((await gatewayPays(weekly, (await paymentOf(weekly)).amountCentavos)).json.data.outcome).toBe('refunded');
    await drain();
    expect(await paymentOf(weekly)).toMatchObject({ status: 'refunded' });
    const status = await call(r.status.GET, `/api/sandbox/subscription/user-status/${user.id}`, { token: user.token, params: { gateway: 'sandbox', userId: user.id } });
    expect(status.json.data).toMatchObject({ isVip: true, vipLifetime: true, subscription: { plan: { subscriptionType: 'lifetime' } } });
  });

  it('user-status names the plan that grants access, not the latest bought', async () => {
    const d = await db();
    const user = await makeUser(d);
    const [life, week] = [await planId(d, 'lifetime'), await planId(d, 'weekly')];
    await d.update(users).set({ vipLifetime: true }).where(eq(users.id, user.id));
    const now = Date.now();
    await d.insert(subscriptions).values({ id: newId(), userId: user.id, vipPlanId: life, startsAt: new Date(now - 86_400_000), expiresAt: null, createdAt: new Date(now - 86_400_000) });
    await d.insert(subscriptions).values({ id: newId(), userId: user.id, vipPlanId: week, startsAt: new Date(now), expiresAt: new Date(now + 7 * 86_400_000), createdAt: new Date(now) });
    const status = await call(r.status.GET, `/api/sandbox/subscription/user-status/${user.id}`, { token: user.token, params: { gateway: 'sandbox', userId: user.id } });
    expect(status.json.data.subscription.plan.subscriptionType).toBe('lifetime');
  });
});

describe('item 4: unlock-all discounts never compound', () => {
  const unlockAll = (user: User, seriesId: string) =>
    call(x.unlockAll.POST, `/api/client/shortVideo/unlockAllRemaining?userId=${user.id}&movieSeriesId=${seriesId}`, { method: 'POST', token: user.token });

  it('episodes released two at a time: each unlock-all charges the list price less the discount once', async () => {
    const d = await db();
    const s = await makeSeries(d, { free: 0, paid: 8, price: 20 });
    const user = await makeUser(d);
    await fund(d, user.id, 500);
    await d.update(videos).set({ isPublished: false }).where(sql`${videos.id} in (${sql.join(s.coinIds.slice(2).map((id) => sql`${id}`), sql`, `)})`);
    const charged: number[] = [];
    for (let i = 0; i < 8; i += 2) {
      if (i > 0) await d.update(videos).set({ isPublished: true }).where(sql`${videos.id} in (${s.coinIds[i]}, ${s.coinIds[i + 1]})`);
      const res = await unlockAll(user, s.id);
      expect(res.status).toBe(200);
      charged.push(res.json.data.charged);
    }
    // Two episodes at 20 coins, 10 % off: 36 each time (it compounded: 36, 32, 28, 24).
    expect(charged).toEqual([36, 36, 36, 36]);
    const rows = await d.select().from(episodeUnlocks).where(eq(episodeUnlocks.userId, user.id));
    expect(rows.map((row) => row.listPrice)).toEqual(Array(8).fill(20));
    expect(rows.every((row) => row.coinsSpent === 18)).toBe(true);
    expect(await balanceOf(d, user.id)).toBe(500 - 144);
  });

  it('at a price of 1 coin there is no bundle (it would not be cheaper), and no paid episode is ever unlocked for 0', async () => {
    const d = await db();
    const s = await makeSeries(d, { free: 0, paid: 3, price: 1 });
    const user = await makeUser(d);
    await fund(d, user.id, 10);
    const res = await unlockAll(user, s.id);
    expect(res.status).toBe(409);
    expect(await balanceOf(d, user.id)).toBe(10);
    const rows = await d.select({ coinsSpent: episodeUnlocks.coinsSpent }).from(episodeUnlocks).where(eq(episodeUnlocks.userId, user.id));
    expect(rows).toHaveLength(0);
  });
});

describe('item 10: small things', () => {
  it('reloading the return page after paying VIP: a repeat confirmation of an applied payment answers success', async () => {
    const d = await db();
    const user = await makeUser(d);
    const requestId = (await vipCheckout(user, 'monthly')).json.pendingPaymentData.requestId as string;
    await gatewayPays(requestId, (await paymentOf(requestId)).amountCentavos);
    const subscribe = () => call(r.subscribe.PATCH, '/api/client/user/subscribe', { method: 'PATCH', token: user.token, body: { userId: user.id, requestId } });
    expect((await subscribe()).status).toBe(200);
    const again = await subscribe();
    expect(again.status).toBe(200);
    expect(again.json.data?.user?.isVip ?? again.json.user?.isVip).toBe(true);
    // Still refused for a payment that was never paid.
    const open = (await vipCheckout(user, 'weekly')).json.pendingPaymentData.requestId as string;
    expect((await call(r.subscribe.PATCH, '/api/client/user/subscribe', { method: 'PATCH', token: user.token, body: { userId: user.id, requestId: open } })).status).toBe(409);
  });
});

describe('refunds by a person', () => {
  it('ten parallel refunds of one flagged payment: one refund, one job, the others refused; the flag closes when it is done', async () => {
    const { refundFlaggedPayment } = await import('@/lib/server/payments/refunds');
    const d = await db();
    const admin = await makeUser(d, { role: 'admin' });
    const buyer = await makeUser(d);
    const requestId = await coinCheckout(buyer);
    // The gateway reports another amount: flagged, nothing credited.
    await d.update(sandboxCheckouts).set({ status: 'paid' }).where(eq(sandboxCheckouts.requestId, requestId));
    const e = paidEvent(requestId, 100);
    expect((await postWebhook(r, e.body, e.signature)).json.data.outcome).toBe('flagged');
    const payment = await paymentOf(requestId);
    const actor = { id: admin.id, email: `${admin.id}@example.ph` };
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => refundFlaggedPayment(d, payment.id, { actor, note: 'Amount did not match.' })));
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((x) => x.status === 'rejected').every((x) => (x as PromiseRejectedResult).reason.status === 409)).toBe(true);
    expect(await d.select().from(jobs).where(sql`${jobs.type} = 'payments.refund' and ${jobs.payload}->>'paymentId' = ${payment.id}`)).toHaveLength(1);
    await drain();
    expect(await paymentOf(requestId)).toMatchObject({ status: 'refunded', refundStatus: 'succeeded', refundRequestedBy: admin.id, flagResolvedBy: admin.id });
    expect((await paymentOf(requestId)).flagResolvedAt).not.toBeNull();
    expect(await balanceOf(d, buyer.id)).toBe(0);
  });
});

describe('the price a button shows is the price charged', () => {
  it("the player's answer gives a viewer the price the unlock charges (never above what they already had in the series)", async () => {
    const d = await db();
    const playback = await import('@/app/api/client/shortVideo/playback/route');
    const unlockRoute = await import('@/app/api/client/shortVideo/deductCoinForVideoView/route');
    const s = await makeSeries(d, { free: 0, paid: 3, price: 10 });
    const user = await makeUser(d);
    await fund(d, user.id, 100);
    const unlock = (videoId: string) =>
      call(unlockRoute.PATCH, `/api/client/shortVideo/deductCoinForVideoView?userId=${user.id}&shortVideoId=${videoId}`, { method: 'PATCH', token: user.token, body: {} });
    const shown = async (episodeNumber: number, token?: string) =>
      (await call(playback.GET, `/api/client/shortVideo/playback?movieSeriesId=${s.id}&episodeNumber=${episodeNumber}`, { token })).json.data.episode.coinPrice;
    expect((await unlock(s.coinIds[0])).json.data.charged).toBe(10);
    await d.update(videos).set({ coinPrice: 15 }).where(eq(videos.movieSeriesId, s.id));
    expect(await shown(2, user.token)).toBe(10);
    expect(await shown(2)).toBe(15);
    expect((await unlock(s.coinIds[1])).json.data.charged).toBe(10);
  });

  it("auto-unlock's daily cap answers 429 with Retry-After until the next Asia/Manila midnight", async () => {
    const { unlockEpisode } = await import('@/lib/server/coins/unlock');
    const d = await db();
    const s = await makeSeries(d, { free: 0, paid: 2, price: 5 });
    const user = await makeUser(d);
    await fund(d, user.id, 50);
    await d.update(users).set({ autoUnlockEnabled: true, autoUnlockCapKind: 'episodes', autoUnlockCap: 1 }).where(eq(users.id, user.id));
    const row = async () => (await d.select().from(users).where(eq(users.id, user.id)))[0];
    // 2026-11-26 20:00 in Manila (12:00 UTC): four hours to midnight.
    const now = new Date('2026-11-26T12:00:00.000Z');
    expect((await unlockEpisode(d, await row(), s.coinIds[0], { auto: true, now })).outcome).toBe('unlocked');
    const err = await unlockEpisode(d, await row(), s.coinIds[1], { auto: true, now }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'E_AUTO_UNLOCK_CAP', status: 429, retryAfterSeconds: 4 * 3600 });
  });
});
