import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@/lib/ids';
import { movieSeries, payments, premiumPurchases, premiumVideoPrices, videos } from '@/lib/server/db/schema';
import { runNextJob } from '@/lib/server/jobs/worker';
import { openAppDb } from '../fixtures/app-db';
import { call, loadRoutes, postWebhook, redirectDeliveries, sandboxPage, signedEvent, startReceiver, USER_INFO, type Routes } from '../fixtures/payments';
import { makeUser } from '../fixtures/users';

/**
 * Premium videos (issue 11 item 4) end to end on PostgreSQL: a checkout at the database's price, the sandbox's hosted
 * page, its signed webhook, fulfilment in the transaction that marks the payment paid, and access through the one
 * entitlement rule; payment-success only confirms; ownership, malformed input and paging.
 */

const appDb = openAppDb({ seed: true });
afterAll(() => appDb.close());

type User = { id: string; token: string };

const routes = {
  link: () => import('@/app/api/client/premiumVideo/generate-payment-link/route'),
  qrLink: () => import('@/app/api/client/premiumVideo/generate-qr-payment-link/route'),
  info: () => import('@/app/api/client/premiumVideo/[videoId]/info/route'),
  access: () => import('@/app/api/client/premiumVideo/[videoId]/access/route'),
  mine: () => import('@/app/api/client/premiumVideo/my-purchases/route'),
  checkAccess: () => import('@/app/api/client/premiumPayment/check-access/route'),
  purchases: () => import('@/app/api/client/premiumPayment/purchases/[userId]/route'),
  success: () => import('@/app/api/client/premiumPayment/payment-success/route'),
  playback: () => import('@/app/api/client/shortVideo/playback/route'),
};
type P = { [K in keyof typeof routes]: Awaited<ReturnType<(typeof routes)[K]>> };

let r: Routes;
let p: P;
/** The seed's priced videos (episode 1 of three premium movies), cheapest first. */
let priced: { videoId: string; seriesId: string; name: string; priceCentavos: number; episodeNumber: number }[];
let unpricedPremium: string;

beforeAll(async () => {
  r = await loadRoutes();
  p = Object.fromEntries(await Promise.all(Object.entries(routes).map(async ([k, f]) => [k, await f()]))) as P;
  const db = await appDb.db();
  priced = await db
    .select({ videoId: videos.id, seriesId: movieSeries.id, name: movieSeries.name, priceCentavos: premiumVideoPrices.priceCentavos, episodeNumber: videos.episodeNumber })
    .from(premiumVideoPrices)
    .innerJoin(videos, eq(videos.id, premiumVideoPrices.videoId))
    .innerJoin(movieSeries, eq(movieSeries.id, videos.movieSeriesId))
    .orderBy(premiumVideoPrices.priceCentavos);
  const [other] = await db
    .select({ id: videos.id })
    .from(videos)
    .leftJoin(premiumVideoPrices, eq(premiumVideoPrices.videoId, videos.id))
    .where(and(eq(videos.isPremium, true), sql`${premiumVideoPrices.id} is null`, sql`${videos.episodeNumber} > 0`))
    .limit(1);
  unpricedPremium = other.id;
});

const link = (user: Partial<User>, body: Record<string, unknown> = {}, qr = false) =>
  call(qr ? p.qrLink.POST : p.link.POST, `/api/client/premiumVideo/${qr ? 'generate-qr-payment-link' : 'generate-payment-link'}`, {
    method: 'POST',
    token: user.token,
    body: { videoId: priced[0].videoId, userId: user.id, paymentMethod: 'gc', userInfo: USER_INFO, ...body },
  });
const info = (user: Partial<User>, videoId = priced[0].videoId) => call(p.info.GET, `/x`, { token: user.token, params: { videoId } });
const access = (user: User, videoId = priced[0].videoId) => call(p.access.GET, `/x`, { token: user.token, params: { videoId } });
const success = (user: User, body: Record<string, unknown>) =>
  call(p.success.POST, '/api/client/premiumPayment/payment-success', { method: 'POST', token: user.token, body: { userId: user.id, videoId: priced[0].videoId, ...body } });
const purchasesOf = async (userId: string) => (await appDb.db()).select().from(premiumPurchases).where(eq(premiumPurchases.userId, userId));
const paymentOf = async (requestId: string) => (await (await appDb.db()).select().from(payments).where(eq(payments.requestId, requestId)))[0];
const paid = (requestId: string, amount: number) => ({ id: `evt_${newId()}`, type: 'payment.paid' as const, data: { requestId, amount, currency: 'PHP' } });

/** isLocked of the priced episode, as the player's data answers this user. */
async function locked(user: User, v = priced[0]): Promise<boolean> {
  const res = await call(p.playback.GET, `/api/client/shortVideo/playback?movieSeriesId=${v.seriesId}&episodeNumber=${v.episodeNumber}`, { token: user.token });
  expect(res.status).toBe(200);
  return res.json.data.isLocked;
}

async function deliverAll() {
  const db = await appDb.db();
  const receiver = await startReceiver(r);
  try {
    await redirectDeliveries(db, receiver.url);
    while (await runNextJob(db, 'test-worker'));
  } finally {
    await receiver.close();
  }
}

describe('generate-payment-link', () => {
  it('answers paymentUrl, pendingPaymentData (videoId, mchOrderId, requestId, userId, transactionId…) and transactionId, under data too; a pending payment at the database price', async () => {
    const user = await makeUser(await appDb.db());
    const res = await link(user, { userInfo: USER_INFO });
    expect(res.status).toBe(200);
    const { paymentUrl, pendingPaymentData, transactionId, data } = res.json;
    expect(paymentUrl).toMatch(/^http:\/\/localhost\/pay\/cs_[0-9a-f]{32}$/);
    expect(data).toMatchObject({ paymentUrl, pendingPaymentData, transactionId });
    expect(pendingPaymentData).toMatchObject({
      kind: 'premium_video',
      videoId: priced[0].videoId,
      userId: user.id,
      transactionId,
      mchOrderId: transactionId,
      amount: priced[0].priceCentavos / 100,
      amountCentavos: priced[0].priceCentavos,
      currency: 'PHP',
      paymentMethod: 'gc',
      paymentType: 'wallet',
      billingMode: 'one_time',
      gateway: 'sandbox',
      paymentLink: paymentUrl,
      timestamp: expect.any(Number),
    });
    expect(pendingPaymentData.requestId).toMatch(/^PREMIUM_\d{13}_[0-9a-z]{16}$/);
    const payment = await paymentOf(pendingPaymentData.requestId);
    expect(payment).toMatchObject({ id: transactionId, kind: 'premium_video', status: 'pending', videoId: priced[0].videoId, amountCentavos: priced[0].priceCentavos, userId: user.id });
    expect(await purchasesOf(user.id)).toHaveLength(0);
    // The gateway's page names the movie and the peso price.
    const page = await sandboxPage(r, paymentUrl);
    expect(page.text).toContain(`data-testid="item">${priced[0].name}<`);
    expect(page.text).toContain(`₱${(priced[0].priceCentavos / 100).toFixed(2)}`);
  });

  it('QR: a QR_ request id and qrData', async () => {
    const user = await makeUser(await appDb.db());
    const res = await link(user, {}, true);
    expect(res.status).toBe(200);
    expect(res.json.pendingPaymentData.requestId).toMatch(/^QR_\d{13}_[0-9a-z]{16}$/);
    expect(res.json.qrData).toBe(res.json.paymentUrl);
    expect(res.json.data.qrData).toBe(res.json.paymentUrl);
  });

  it('refuses a guest (401), an unknown method (422), a video not for sale (404), a malformed id (422), a viewer who already has access (409)', async () => {
    const db = await appDb.db();
    const user = await makeUser(db);
    const guest = await link({});
    expect(guest.status).toBe(401);
    expect(guest.json).toMatchObject({ status: false, message: 'Please login first' });
    expect((await link(user, { paymentMethod: 'visa' })).status).toBe(422);
    expect((await link(user, { videoId: unpricedPremium })).status).toBe(404);
    expect((await link(user, { videoId: 'ffffffffffffffffffffffff' })).status).toBe(404);
    expect((await link(user, { videoId: 'nope' })).status).toBe(422);
    expect((await link(user, { userInfo: { ...USER_INFO, email: '' } })).status).toBe(422);
    expect((await link(user, { billingMode: 'recurring' })).status).toBe(422);
    // An inactive price is not for sale.
    await db.update(premiumVideoPrices).set({ isActive: false }).where(eq(premiumVideoPrices.videoId, priced[2].videoId));
    expect((await link(user, { videoId: priced[2].videoId })).status).toBe(404);
    expect((await info(user, priced[2].videoId)).status).toBe(404);
    await db.update(premiumVideoPrices).set({ isActive: true }).where(eq(premiumVideoPrices.videoId, priced[2].videoId));
    expect(await db.select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(0);

    const vip = await makeUser(db, { vipDays: 30 });
    const refused = await link(vip);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ status: false, code: 'E_CONFLICT', message: 'You already have access to this video.' });
  });
});

describe('the whole purchase', () => {
  it('link → sandbox Authorize → webhook: access at once (same token), one purchase at the paid price; payment-success confirms (and repeats safely); listed in both purchase lists', async () => {
    const db = await appDb.db();
    const user = await makeUser(db);
    const v = priced[1];
    const before = await info(user, v.videoId);
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({
      status: true,
      premiumVideo: { videoId: v.videoId, price: v.priceCentavos / 100, priceCentavos: v.priceCentavos, currency: 'PHP', episodeNumber: 1, movieSeries: { _id: v.seriesId, name: v.name } },
      hasAccess: false,
      userAccess: null,
    });
    expect(before.json.data).toEqual({ premiumVideo: before.json.premiumVideo, hasAccess: false, userAccess: null, accessDetails: null });
    expect(await locked(user, v)).toBe(true);

    const { paymentUrl, pendingPaymentData, transactionId } = (await link(user, { videoId: v.videoId })).json;
    const requestId = pendingPaymentData.requestId as string;
    // Not paid yet: payment-success refuses, nothing is granted.
    const early = await success(user, { requestId, videoId: v.videoId });
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ status: false, message: 'Payment verification failed' });

    const done = await sandboxPage(r, paymentUrl, { outcome: 'paid' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/payment/return?requestId=${encodeURIComponent(requestId)}`);
    await deliverAll();

    expect(await locked(user, v)).toBe(false);
    const bought = await purchasesOf(user.id);
    expect(bought).toHaveLength(1);
    expect(bought[0]).toMatchObject({ videoId: v.videoId, paymentId: transactionId, priceCentavos: v.priceCentavos });
    const acc = await access(user, v.videoId);
    expect(acc.json).toMatchObject({ hasAccess: true, accessDetails: { via: 'purchase', paymentId: transactionId, purchasedAt: expect.any(String) } });
    expect((await info(user, v.videoId)).json).toMatchObject({ hasAccess: true, userAccess: { via: 'purchase' } });
    const checked = await call(p.checkAccess.GET, `/x?userId=${user.id}&videoId=${v.videoId}`, { token: user.token });
    expect(checked.json).toMatchObject({ status: true, hasAccess: true, data: { hasAccess: true, videoId: v.videoId } });

    const ok = await success(user, { requestId, videoId: v.videoId });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ status: true, hasAccess: true, alreadyConfirmed: false, data: { hasAccess: true, videoId: v.videoId, transactionId } });
    expect((await paymentOf(requestId)).appliedAt).not.toBeNull();
    // By transaction id too, and again: still one purchase.
    const again = await success(user, { transactionId, videoId: v.videoId });
    expect(again.json).toMatchObject({ hasAccess: true, alreadyConfirmed: true });
    expect(await purchasesOf(user.id)).toHaveLength(1);

    // Buying it again is refused.
    expect((await link(user, { videoId: v.videoId })).status).toBe(409);

    const mine = await call(p.mine.GET, '/api/client/premiumVideo/my-purchases', { token: user.token });
    expect(mine.json.pagination).toEqual({ currentPage: 1, pageSize: 10, totalItems: 1, totalPages: 1 });
    expect(mine.json.data[0]).toMatchObject({ videoId: v.videoId, title: expect.any(String), price: v.priceCentavos / 100, priceCentavos: v.priceCentavos, requestId, paymentMethod: 'gc', movieSeries: { _id: v.seriesId, name: v.name } });
    const theirs = await call(p.purchases.GET, '/x', { token: user.token, params: { userId: user.id } });
    expect(theirs.json.pagination).toEqual({ currentPage: 1, pageSize: 20, totalItems: 1, totalPages: 1 });
    expect(theirs.json.data).toEqual(mine.json.data);
  });

  it('the same webhook 50 times in parallel: one purchase', async () => {
    const user = await makeUser(await appDb.db());
    const { pendingPaymentData } = (await link(user)).json;
    const event = signedEvent(paid(pendingPaymentData.requestId, priced[0].priceCentavos));
    const answers = await Promise.all(Array.from({ length: 50 }, () => postWebhook(r, event.body, event.signature)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(answers.filter((a) => a.json.data.outcome === 'fulfilled')).toHaveLength(1);
    expect(await purchasesOf(user.id)).toHaveLength(1);
    // Different events for the same payment: still one.
    await Promise.all(Array.from({ length: 10 }, () => signedEvent(paid(pendingPaymentData.requestId, priced[0].priceCentavos))).map((e) => postWebhook(r, e.body, e.signature)));
    expect(await purchasesOf(user.id)).toHaveLength(1);
    expect((await access(user)).json.hasAccess).toBe(true);
  });

  it('a second checkout while one is open answers the open one (parallel requests too): one charge possible', async () => {
    const user = await makeUser(await appDb.db());
    const answers = await Promise.all([link(user), link(user), link(user, {}, true), link(user)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const ids = new Set(answers.map((a) => a.json.pendingPaymentData.requestId));
    expect(ids.size).toBe(1);
    expect(new Set(answers.map((a) => a.json.paymentUrl)).size).toBe(1);
    const open = await (await appDb.db()).select().from(payments).where(and(eq(payments.userId, user.id), eq(payments.status, 'pending')));
    expect(open).toHaveLength(1);
  });

  it('payment-success asks the gateway about a payment still pending (its webhook late) and settles it the one way', async () => {
    const user = await makeUser(await appDb.db());
    const { paymentUrl, pendingPaymentData } = (await link(user)).json;
    await sandboxPage(r, paymentUrl, { outcome: 'paid' });
    const res = await success(user, { requestId: pendingPaymentData.requestId });
    expect(res.status).toBe(200);
    expect(res.json.hasAccess).toBe(true);
    expect(await purchasesOf(user.id)).toHaveLength(1);
    await deliverAll();
    expect(await purchasesOf(user.id)).toHaveLength(1);
  });
});

describe('payment-success never grants on its own word', () => {
  it('refuses without a payment, with a pending one, a failed one, another user’s paid one, or the wrong video', async () => {
    const db = await appDb.db();
    const user = await makeUser(db);
    const fail = async (body: Record<string, unknown>, name: string) => {
      const res = await success(user, body);
      expect(res.status, name).toBe(409);
      expect(res.json, name).toMatchObject({ status: false, message: 'Payment verification failed' });
    };
    await fail({ requestId: 'PREMIUM_1767225600000_aaaaaaaaaaaaaaaa' }, 'no payment');
    await fail({ transactionId: 'ffffffffffffffffffffffff' }, 'no payment by transaction id');
    const pending = (await link(user)).json.pendingPaymentData;
    await fail({ requestId: pending.requestId }, 'pending');
    await fail({ transactionId: pending.transactionId }, 'pending by transaction id');
    const failed = (await link(user)).json;
    await sandboxPage(r, failed.paymentUrl, { outcome: 'failed' });
    await deliverAll();
    await fail({ requestId: failed.pendingPaymentData.requestId }, 'failed');

    const other = await makeUser(db);
    const theirs = (await link(other)).json.pendingPaymentData.requestId;
    const e = signedEvent(paid(theirs, priced[0].priceCentavos));
    await postWebhook(r, e.body, e.signature);
    await fail({ requestId: theirs }, 'another user’s paid payment');
    expect((await paymentOf(theirs)).appliedAt).toBeNull();

    // Paid, but for another video than the one named.
    const mine = (await link(user)).json.pendingPaymentData.requestId;
    const e2 = signedEvent(paid(mine, priced[0].priceCentavos));
    await postWebhook(r, e2.body, e2.signature);
    await fail({ requestId: mine, videoId: priced[1].videoId }, 'wrong video');
    expect((await access(user, priced[1].videoId)).json.hasAccess).toBe(false);
    expect((await purchasesOf(user.id)).map((x) => x.videoId)).toEqual([priced[0].videoId]);
  });
});

describe('access', () => {
  it('guests see the price with hasAccess false; VIP is access via vip; a coin unlock via coins; a free episode via free', async () => {
    const db = await appDb.db();
    const guest = await info({});
    expect(guest.status).toBe(200);
    expect(guest.json).toMatchObject({ hasAccess: false, userAccess: null, premiumVideo: { videoId: priced[0].videoId } });
    const vip = await makeUser(db, { vipDays: 3 });
    expect((await info(vip)).json).toMatchObject({ hasAccess: true, userAccess: { via: 'vip', purchasedAt: null, paymentId: null } });
    const { episodeUnlocks } = await import('@/lib/server/db/schema');
    const coiner = await makeUser(db);
    await db.insert(episodeUnlocks).values({ id: newId(), userId: coiner.id, videoId: priced[0].videoId, coinsSpent: 10 });
    expect((await access(coiner)).json).toMatchObject({ hasAccess: true, accessDetails: { via: 'coins', purchasedAt: expect.any(String) } });
    const [free] = await db.select({ id: videos.id }).from(videos).where(eq(videos.isPremium, false)).limit(1);
    const viewer = await makeUser(db);
    expect((await access(viewer, free.id)).json).toMatchObject({ hasAccess: true, accessDetails: { via: 'free' } });
    expect((await access(viewer, 'ffffffffffffffffffffffff')).status).toBe(404);
    // A free video is not for sale: info is 404.
    expect((await info(viewer, free.id)).status).toBe(404);
  });
});

describe('ownership and malformed input', () => {
  it('every call refuses another user’s id (403); a guest is 401 where a user is required', async () => {
    const db = await appDb.db();
    const alice = await makeUser(db);
    const bob = await makeUser(db);
    const asBob = { token: bob.token };
    const v = priced[0].videoId;
    const answers = {
      link: await call(p.link.POST, '/x', { method: 'POST', ...asBob, body: { videoId: v, userId: alice.id, paymentMethod: 'gc', userInfo: USER_INFO } }),
      qr: await call(p.qrLink.POST, '/x', { method: 'POST', ...asBob, body: { videoId: v, userId: alice.id, paymentMethod: 'gc', userInfo: USER_INFO } }),
      info: await call(p.info.GET, `/x?userId=${alice.id}`, { ...asBob, params: { videoId: v } }),
      access: await call(p.access.GET, `/x?userId=${alice.id}`, { ...asBob, params: { videoId: v } }),
      mine: await call(p.mine.GET, `/x?userId=${alice.id}`, asBob),
      checkAccess: await call(p.checkAccess.GET, `/x?userId=${alice.id}&videoId=${v}`, asBob),
      purchases: await call(p.purchases.GET, '/x', { ...asBob, params: { userId: alice.id } }),
      success: await call(p.success.POST, '/x', { method: 'POST', ...asBob, body: { userId: alice.id, videoId: v, requestId: 'PREMIUM_1767225600000_aaaaaaaaaaaaaaaa' } }),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.status, name).toBe(403);
      expect(res.json, name).toMatchObject({ status: false, code: 'E_UNAUTHORIZED' });
    }
    for (const [name, res] of Object.entries({
      access: await call(p.access.GET, '/x', { params: { videoId: v } }),
      mine: await call(p.mine.GET, '/x'),
      checkAccess: await call(p.checkAccess.GET, `/x?videoId=${v}`),
      purchases: await call(p.purchases.GET, '/x', { params: { userId: alice.id } }),
      success: await call(p.success.POST, '/x', { method: 'POST', body: { videoId: v, requestId: 'PREMIUM_1767225600000_aaaaaaaaaaaaaaaa' } }),
    })) {
      expect(res.status, name).toBe(401);
    }
  });

  it('malformed input is a 4xx, never a 5xx', async () => {
    const user = await makeUser(await appDb.db());
    const t = { token: user.token };
    const cases = {
      'info: bad id': await call(p.info.GET, '/x', { ...t, params: { videoId: 'abc' } }),
      'access: bad id': await call(p.access.GET, '/x', { ...t, params: { videoId: "' OR 1=1 --" } }),
      'mine: page 0': await call(p.mine.GET, '/x?page=0', t),
      'mine: size 101': await call(p.mine.GET, '/x?size=101', t),
      'mine: size word': await call(p.mine.GET, '/x?size=abc', t),
      'purchases: limit -1': await call(p.purchases.GET, '/x?limit=-1', { ...t, params: { userId: user.id } }),
      'check-access: no video': await call(p.checkAccess.GET, '/x', t),
      'success: neither id': await call(p.success.POST, '/x', { method: 'POST', ...t, body: { videoId: priced[0].videoId } }),
      'success: no video': await call(p.success.POST, '/x', { method: 'POST', ...t, body: { requestId: 'PREMIUM_1767225600000_aaaaaaaaaaaaaaaa' } }),
      'success: bad JSON': await call(p.success.POST, '/x', { method: 'POST', ...t, body: '{nope' }),
      'success: object id': await call(p.success.POST, '/x', { method: 'POST', ...t, body: { videoId: priced[0].videoId, requestId: { $gt: '' } } }),
      'link: no body': await call(p.link.POST, '/x', { method: 'POST', ...t, body: '' }),
      'link: userInfo string': await call(p.link.POST, '/x', { method: 'POST', ...t, body: { videoId: priced[0].videoId, paymentMethod: 'gc', userInfo: 'x' } }),
    };
    for (const [name, res] of Object.entries(cases)) {
      expect(res.status, name).toBeGreaterThanOrEqual(400);
      expect(res.status, name).toBeLessThan(500);
      expect(res.json.status, name).toBe(false);
    }
  });
});

describe('paging', () => {
  it('my-purchases defaults to page 1 size 10, purchases/{userId} to limit 20; pages cut newest first', async () => {
    const db = await appDb.db();
    const user = await makeUser(db);
    // 12 purchases: price a dozen premium episodes and record purchases directly (fulfilment is tested above).
    const eps = await db.select({ id: videos.id }).from(videos).where(and(eq(videos.isPremium, true), sql`${videos.episodeNumber} > 0`)).limit(12);
    expect(eps).toHaveLength(12);
    for (const [i, e] of eps.entries()) {
      await db.insert(premiumPurchases).values({ id: newId(), userId: user.id, videoId: e.id, priceCentavos: 1000 + i, createdAt: new Date(Date.now() - (12 - i) * 60_000) });
    }
    const mine = await call(p.mine.GET, '/x', { token: user.token });
    expect(mine.json.pagination).toEqual({ currentPage: 1, pageSize: 10, totalItems: 12, totalPages: 2 });
    expect(mine.json.data).toHaveLength(10);
    expect(mine.json.data[0].priceCentavos).toBe(1011);
    const second = await call(p.mine.GET, '/x?page=2', { token: user.token });
    expect(second.json.data.map((x: { priceCentavos: number }) => x.priceCentavos)).toEqual([1001, 1000]);
    const all = await call(p.purchases.GET, '/x', { token: user.token, params: { userId: user.id } });
    expect(all.json.pagination).toEqual({ currentPage: 1, pageSize: 20, totalItems: 12, totalPages: 1 });
    const small = await call(p.purchases.GET, '/x?page=3&limit=5', { token: user.token, params: { userId: user.id } });
    expect(small.json.pagination).toEqual({ currentPage: 3, pageSize: 5, totalItems: 12, totalPages: 3 });
    expect(small.json.data).toHaveLength(2);
    const past = await call(p.mine.GET, '/x?page=9', { token: user.token });
    expect(past.json).toMatchObject({ status: true, data: [], pagination: { currentPage: 9, totalItems: 12 } });
  });
});
