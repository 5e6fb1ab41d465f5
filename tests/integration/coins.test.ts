import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COIN_PESO_RATE, UNLOCK_ALL_DISCOUNT_PERCENT } from '@/lib/constants';
import { newId } from '@/lib/ids';
import { coinLedger, coinPlans, episodeUnlocks, movieSeries, payments, premiumPurchases, users, videos } from '@/lib/server/db/schema';
import { seedId } from '@/lib/server/db/seed';
import { COIN_PLANS } from '@/lib/server/db/seed-data';
import { openAppDb } from '../fixtures/app-db';
import { balanceOf, fund, ledgerOf, makeSeries } from '../fixtures/coins';
import { call, postWebhook, signedEvent, USER_INFO, type Routes as PaymentRoutes } from '../fixtures/payments';
import { makeUser } from '../fixtures/users';

/**
 * Coins on PostgreSQL (issue 11 items 1, 2, 5): top-ups credited once by fulfilment, recordCoinPlanHistory that only
 * confirms, unlocks that never charge twice under parallel calls, unlock-all, the price rule, auto-unlock's cap.
 */

const appDb = openAppDb({ seed: true });
afterAll(() => appDb.close());

type User = { id: string; token: string };

const routes = async () => ({
  plans: await import('@/app/api/client/coinplan/fetchCoinplanByUser/route'),
  pay: await import('@/app/api/client/coinplan/[processPayment]/route'),
  record: await import('@/app/api/client/coinplan/recordCoinPlanHistory/route'),
  planHistory: await import('@/app/api/client/history/fetchCoinplanHistoryOfUser/route'),
  unlock: await import('@/app/api/client/shortVideo/deductCoinForVideoView/route'),
  unlockAll: await import('@/app/api/client/shortVideo/unlockAllRemaining/route'),
  pricing: await import('@/app/api/client/coins/series-pricing/route'),
  unlockHistory: await import('@/app/api/client/history/getEpisodeUnlockHistory/route'),
  ledger: await import('@/app/api/client/coins/ledger/route'),
  auto: await import('@/app/api/client/coins/auto-unlock/route'),
  webhook: await import('@/app/api/payments/webhook/[provider]/route'),
});
let r: Awaited<ReturnType<typeof routes>>;
beforeAll(async () => {
  r = await routes();
});

const db = () => appDb.db();
const PLAN_100 = seedId('coin_plan', '100+0');
const PLAN_300 = seedId('coin_plan', '300+30');

function unlock(user: User, videoId: string, body: Record<string, unknown> = {}) {
  return call(r.unlock.PATCH, `/api/client/shortVideo/deductCoinForVideoView?userId=${user.id}&shortVideoId=${videoId}`, { method: 'PATCH', token: user.token, body });
}
function unlockAll(user: User, seriesId: string) {
  return call(r.unlockAll.POST, `/api/client/shortVideo/unlockAllRemaining?userId=${user.id}&movieSeriesId=${seriesId}`, { method: 'POST', token: user.token });
}
function pricing(seriesId: string, user?: User) {
  return call(r.pricing.GET, `/api/client/coins/series-pricing?movieSeriesId=${seriesId}`, { token: user?.token });
}
function pay(user: User, body: Record<string, unknown> = {}, segment = 'processSandboxPayment') {
  return call(r.pay.POST, `/api/client/coinPlan/${segment}`, {
    method: 'POST',
    token: user.token,
    params: { processPayment: segment },
    body: { coinPlanId: PLAN_300, userId: user.id, paymentMethod: 'gc', userInfo: USER_INFO, ...body },
  });
}
function record(user: User, coinPlanId = PLAN_300, body: Record<string, unknown> = {}) {
  return call(r.record.POST, `/api/client/coinplan/recordCoinPlanHistory?userId=${user.id}&coinPlanId=${coinPlanId}&paymentGateway=sandbox`, { method: 'POST', token: user.token, body });
}
function setAuto(user: User, body: Record<string, unknown>) {
  return call(r.auto.PATCH, '/api/client/coins/auto-unlock', { method: 'PATCH', token: user.token, body });
}
const paidEvent = (requestId: string, amount: number) => signedEvent({ id: `evt_${newId()}`, type: 'payment.paid', data: { requestId, amount, currency: 'PHP' } });
const webhook = (body: string, signature: string) => postWebhook({ webhook: r.webhook } as unknown as PaymentRoutes, body, signature);

async function unlocksOf(userId: string) {
  return (await db()).select().from(episodeUnlocks).where(eq(episodeUnlocks.userId, userId));
}

async function ledgerAddsUp(userId: string) {
  const entries = await ledgerOf(await db(), userId);
  expect(entries.reduce((s, e) => s + e.delta, 0)).toBe(await balanceOf(await db(), userId));
  return entries;
}

describe('coin plans and top-ups', () => {
  it('lists the seed plans for guests in order with the seed ids, totals and peso value per coin', async () => {
    const res = await call(r.plans.GET, '/api/client/coinplan/fetchCoinplanByUser');
    expect(res.status).toBe(200);
    expect(res.json.data.map((p: { _id: string }) => p._id)).toEqual(COIN_PLANS.map((p) => seedId('coin_plan', `${p.coins}+${p.bonusCoins}`)));
    expect(res.json.data[0]).toEqual({ _id: PLAN_100, coins: 100, bonusCoins: 0, totalCoins: 100, price: 49, priceCentavos: 4900, currency: 'PHP', centavosPerCoin: 49 });
    expect(res.json.data[1]).toMatchObject({ _id: PLAN_300, coins: 300, bonusCoins: 30, totalCoins: 330, price: 149, centavosPerCoin: 45.15 });
    expect(COIN_PESO_RATE).toEqual({ coins: COIN_PLANS[0].coins, centavos: COIN_PLANS[0].priceCentavos });
  });

  it('opens a checkout at the plan price (kind coins, PAYMENT_ or QR_ id); refuses an unknown provider (404), plan (404), method (422), a guest (401)', async () => {
    const user = await makeUser(await db());
    const res = await pay(user);
    expect(res.status).toBe(200);
    const { paymentLink, payment_action_info, pendingPaymentData, requestId, data } = res.json;
    expect(payment_action_info).toBe(paymentLink);
    expect(data).toMatchObject({ paymentLink, requestId });
    expect(requestId).toMatch(/^PAYMENT_\d{13}_[0-9a-z]{16}$/);
    expect(pendingPaymentData).toMatchObject({ kind: 'coins', coinPlanId: PLAN_300, totalCoins: 330, amount: 149, amountCentavos: 14900, userId: user.id, gateway: 'sandbox' });
    const [p] = await (await db()).select().from(payments).where(eq(payments.requestId, requestId));
    expect(p).toMatchObject({ kind: 'coins', status: 'pending', amountCentavos: 14900, coinPlanId: PLAN_300 });
    const qr = await pay(user, { qr: true });
    expect(qr.json.requestId).toMatch(/^QR_/);
    expect(qr.json.qrData).toBe(qr.json.paymentLink);

    for (const segment of ['processNopePayment', 'processPaymongoPayment', 'processsandboxPayment', 'sandbox', 'processSandboxPaymentX']) {
      expect((await pay(user, {}, segment)).status, segment).toBe(404);
    }
    expect((await pay(user, { coinPlanId: 'ffffffffffffffffffffffff' })).status).toBe(404);
    expect((await pay(user, { paymentMethod: 'visa' })).status).toBe(422);
    expect((await pay(user, { coinPlanId: 'nope' })).status).toBe(422);
    const guest = await call(r.pay.POST, '/api/client/coinPlan/processSandboxPayment', { method: 'POST', params: { processPayment: 'processSandboxPayment' }, body: { coinPlanId: PLAN_300, paymentMethod: 'gc', userInfo: USER_INFO } });
    expect(guest.status).toBe(401);
    expect(await balanceOf(await db(), user.id)).toBe(0);
  });

  it('a coins webhook delivered 50 times in parallel credits once (coins + bonus, one ledger entry); recordCoinPlanHistory then records it once', async () => {
    const user = await makeUser(await db());
    const { requestId } = (await pay(user)).json;
    // Before payment: nothing to record, nothing credited.
    expect((await record(user)).status).toBe(409);
    const event = paidEvent(requestId, 14900);
    const answers = await Promise.all(Array.from({ length: 50 }, () => webhook(event.body, event.signature)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(answers.filter((a) => a.json.data.outcome === 'fulfilled')).toHaveLength(1);
    // Other events for the same payment change nothing either.
    await Promise.all(Array.from({ length: 5 }, () => paidEvent(requestId, 14900)).map((e) => webhook(e.body, e.signature)));
    expect(await balanceOf(await db(), user.id)).toBe(330);
    const entries = await ledgerAddsUp(user.id);
    const [p] = await (await db()).select().from(payments).where(eq(payments.requestId, requestId));
    expect(entries).toEqual([expect.objectContaining({ delta: 330, reason: 'coin_plan_purchase', reference: p.id, balanceAfter: 330 })]);

    const recorded = await record(user, PLAN_300, { requestId });
    expect(recorded.status).toBe(200);
    expect(recorded.json.data).toMatchObject({ coins: 330, recorded: { _id: p.id, requestId, coinPlanId: PLAN_300, totalCoins: 330, price: 149, paymentGateway: 'sandbox' } });
    expect(recorded.json.data.recorded.recordedAt).toEqual(expect.any(String));
    const again = await record(user, PLAN_300, { requestId });
    expect(again.status).toBe(200);
    expect(again.json.data.alreadyRecorded).toBe(true);
    expect((await record(user)).status).toBe(409);
    expect(await balanceOf(await db(), user.id)).toBe(330);

    const history = await call(r.planHistory.GET, `/api/client/history/fetchCoinplanHistoryOfUser?userId=${user.id}`, { token: user.token });
    expect(history.json.pagination).toEqual({ currentPage: 1, pageSize: 20, totalItems: 1, totalPages: 1 });
    expect(history.json.data[0]).toMatchObject({ _id: p.id, coins: 300, bonusCoins: 30, paidAt: p.paidAt!.toISOString() });
  });

  it('recordCoinPlanHistory without a paid payment: 409 and nothing credited, whatever the client sends', async () => {
    const user = await makeUser(await db());
    const { requestId } = (await pay(user)).json; // pending
    for (const res of [await record(user), await record(user, PLAN_300, { requestId }), await record(user, PLAN_100), await record(user, PLAN_300, { requestId: 'PAYMENT_1767225600000_aaaaaaaaaaaaaaaa' })]) {
      expect(res.status).toBe(409);
      expect(res.json).toMatchObject({ status: false, code: 'E_CONFLICT', message: 'No paid coin purchase to record.' });
    }
    // Another user's paid payment is not this user's to record.
    const other = await makeUser(await db());
    const theirs = (await pay(other)).json.requestId;
    const e = paidEvent(theirs, 14900);
    await webhook(e.body, e.signature);
    expect((await record(user, PLAN_300, { requestId: theirs })).status).toBe(409);
    expect(await balanceOf(await db(), user.id)).toBe(0);
    expect(await ledgerOf(await db(), user.id)).toHaveLength(0);
    // 50 parallel records of the other user's one paid payment: recorded once.
    const many = await Promise.all(Array.from({ length: 20 }, () => record(other)));
    expect(many.filter((m) => m.status === 200)).toHaveLength(1);
    expect(many.filter((m) => m.status === 409)).toHaveLength(19);
    expect(await balanceOf(await db(), other.id)).toBe(330);
  });
});

describe('unlocking an episode', () => {
  it('100 parallel unlocks of one episode with coins for exactly one: one unlock, one ledger entry, balance 0', async () => {
    const s = await makeSeries(await db(), { paid: 3, price: 12 });
    const user = await makeUser(await db());
    await fund(await db(), user.id, 12);
    const answers = await Promise.all(Array.from({ length: 100 }, () => unlock(user, s.coinIds[0])));
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
    const outcomes = answers.map((a) => a.json.data.outcome);
    expect(outcomes.filter((o) => o === 'unlocked')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already')).toHaveLength(99);
    expect(answers.every((a) => a.json.data.isLocked === false && a.json.data.coins === 0)).toBe(true);
    expect(answers.find((a) => a.json.data.outcome === 'unlocked')!.json).toMatchObject({ message: 'Successfully unlocked!', data: { charged: 12, videoId: s.coinIds[0] } });
    expect(await unlocksOf(user.id)).toHaveLength(1);
    const entries = await ledgerAddsUp(user.id);
    expect(entries.filter((e) => e.reason === 'episode_unlock')).toEqual([expect.objectContaining({ delta: -12, reference: s.coinIds[0], balanceAfter: 0 })]);
    expect(await balanceOf(await db(), user.id)).toBe(0);
  });

  it('coins for 5 and 10 different episodes unlocked in parallel: exactly 5, balance 0, the ledger adds up', async () => {
    const s = await makeSeries(await db(), { paid: 10, price: 7 });
    const user = await makeUser(await db());
    await fund(await db(), user.id, 35);
    const answers = await Promise.all(s.coinIds.map((id) => unlock(user, id)));
    expect(answers.filter((a) => a.status === 200 && a.json.data.outcome === 'unlocked')).toHaveLength(5);
    const refused = answers.filter((a) => a.status === 402);
    expect(refused).toHaveLength(5);
    expect(refused[0].json).toMatchObject({ status: false, code: 'E_INSUFFICIENT_COINS', message: 'Not enough coins: this episode costs 7 coins and you have 0.', data: { balance: 0, price: 7, shortfall: 7 } });
    expect(await unlocksOf(user.id)).toHaveLength(5);
    expect(await balanceOf(await db(), user.id)).toBe(0);
    const entries = await ledgerAddsUp(user.id);
    expect(entries.filter((e) => e.reason === 'episode_unlock')).toHaveLength(5);
    // Balances after run down one charge at a time: 28, 21, 14, 7, 0.
    expect(entries.filter((e) => e.reason === 'episode_unlock').map((e) => e.balanceAfter).sort((a, b) => b - a)).toEqual([28, 21, 14, 7, 0]);
  });

  it('not enough coins: 402 with balance, price and shortfall, nothing unlocked or written', async () => {
    const s = await makeSeries(await db(), { paid: 2, price: 15 });
    const user = await makeUser(await db());
    await fund(await db(), user.id, 10);
    const res = await unlock(user, s.coinIds[0]);
    expect(res.status).toBe(402);
    expect(res.json).toEqual({ status: false, code: 'E_INSUFFICIENT_COINS', message: 'Not enough coins: this episode costs 15 coins and you have 10.', data: { balance: 10, price: 15, shortfall: 5 } });
    expect(await unlocksOf(user.id)).toHaveLength(0);
    expect(await ledgerOf(await db(), user.id)).toHaveLength(1);
    expect(await balanceOf(await db(), user.id)).toBe(10);
  });

  it('free, VIP, purchased and already unlocked answer success with nothing charged; unknown, unpublished, trailer 404; guests 401', async () => {
    const d = await db();
    const s = await makeSeries(d, { paid: 3, price: 9 });
    const user = await makeUser(d);
    await fund(d, user.id, 100);
    expect((await unlock(user, s.freeIds[0])).json.data).toMatchObject({ outcome: 'free', charged: 0, coins: 100, isLocked: false });
    const first = await unlock(user, s.coinIds[0]);
    expect(first.json.data).toMatchObject({ outcome: 'unlocked', charged: 9, coins: 91 });
    expect((await unlock(user, s.coinIds[0])).json.data).toMatchObject({ outcome: 'already', charged: 0, coins: 91 });
    await d.insert(premiumPurchases).values({ id: newId(), userId: user.id, videoId: s.coinIds[1], priceCentavos: 9900 });
    expect((await unlock(user, s.coinIds[1])).json.data).toMatchObject({ outcome: 'purchased', charged: 0, coins: 91 });
    const vip = await makeUser(d, { vipDays: 3 });
    expect((await unlock(vip, s.coinIds[2])).json.data).toMatchObject({ outcome: 'vip', charged: 0, coins: 0 });
    expect(await unlocksOf(vip.id)).toHaveLength(0);

    expect((await unlock(user, 'ffffffffffffffffffffffff')).status).toBe(404);
    expect((await unlock(user, s.trailerId)).status).toBe(404);
    const hidden = await makeSeries(d, { paid: 1, price: 5, published: false });
    expect((await unlock(user, hidden.coinIds[0])).status).toBe(404);
    const guest = await call(r.unlock.PATCH, `/api/client/shortVideo/deductCoinForVideoView?shortVideoId=${s.coinIds[2]}`, { method: 'PATCH', body: {} });
    expect(guest.status).toBe(401);
    const anon = await makeUser(d, { coins: 50 });
    await d.update(users).set({ isAnonymous: true }).where(eq(users.id, anon.id));
    expect((await unlock(anon, s.coinIds[2])).json).toMatchObject({ status: false, message: 'Please login first' });
    expect(await balanceOf(d, anon.id)).toBe(50);
    expect(await balanceOf(d, user.id)).toBe(91);
  });

  it('the price never rises mid-series: a later, dearer episode costs what the viewer already paid; a cheaper one costs less', async () => {
    const d = await db();
    const s = await makeSeries(d, { paid: 4, price: 10 });
    const user = await makeUser(d);
    await fund(d, user.id, 100);
    expect((await unlock(user, s.coinIds[0])).json.data.charged).toBe(10);
    await d.update(videos).set({ coinPrice: 15 }).where(eq(videos.movieSeriesId, s.id));
    expect((await pricing(s.id, user)).json.data).toMatchObject({ episodePrice: 10, lockedCount: 3, lockedCoins: 30 });
    expect((await unlock(user, s.coinIds[1])).json.data.charged).toBe(10);
    await d.update(videos).set({ coinPrice: 6 }).where(eq(videos.id, s.coinIds[2]));
    expect((await unlock(user, s.coinIds[2])).json.data.charged).toBe(6);
    // Having paid 6 once, the rest of the series is 6 too.
    expect((await unlock(user, s.coinIds[3])).json.data.charged).toBe(6);
    // A viewer who paid nothing yet pays today's price.
    const fresh = await makeUser(d);
    await fund(d, fresh.id, 100);
    expect((await unlock(fresh, s.coinIds[0])).json.data.charged).toBe(15);
    await ledgerAddsUp(user.id);
  });
});

describe('unlock all remaining and series pricing', () => {
  it('prices the rest of a series for guests and viewers: N locked episodes, the discount, pesos', async () => {
    const d = await db();
    const s = await makeSeries(d, { paid: 5, price: 10 });
    const guest = await pricing(s.id);
    expect(guest.status).toBe(200);
    const discounted = Math.floor((50 * (100 - UNLOCK_ALL_DISCOUNT_PERCENT)) / 100);
    expect(guest.json.data).toEqual({
      movieSeriesId: s.id,
      episodePrice: 10,
      episodePriceCentavos: 490,
      lockedCount: 5,
      lockedCoins: 50,
      lockedCentavos: 2450,
      unlockAllCoins: discounted,
      unlockAllCentavos: Math.round((discounted * 4900) / 100),
      bundleOffered: true,
      discountPercent: UNLOCK_ALL_DISCOUNT_PERCENT,
      balance: null,
    });
    const user = await makeUser(d);
    await fund(d, user.id, 10);
    await unlock(user, s.coinIds[0]);
    expect((await pricing(s.id, user)).json.data).toMatchObject({ lockedCount: 4, lockedCoins: 40, balance: 0 });
    expect((await pricing('ffffffffffffffffffffffff')).status).toBe(404);
    expect((await pricing('x')).status).toBe(422);
  });

  it('10 parallel unlock-alls charge once, at the discount, with one ledger entry; the next finds nothing locked', async () => {
    const d = await db();
    const s = await makeSeries(d, { paid: 6, price: 11 });
    const user = await makeUser(d);
    await fund(d, user.id, 200);
    await unlock(user, s.coinIds[0]); // 11
    const expected = Math.floor((5 * 11 * (100 - UNLOCK_ALL_DISCOUNT_PERCENT)) / 100);
    const answers = await Promise.all(Array.from({ length: 10 }, () => unlockAll(user, s.id)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const charged = answers.filter((a) => a.json.data.charged > 0);
    expect(charged).toHaveLength(1);
    expect(charged[0].json.data).toMatchObject({ movieSeriesId: s.id, charged: expected, coins: 200 - 11 - expected });
    expect(charged[0].json.data.unlockedVideoIds.sort()).toEqual(s.coinIds.slice(1).sort());
    const rows = await unlocksOf(user.id);
    expect(rows).toHaveLength(6);
    expect(rows.filter((u) => u.videoId !== s.coinIds[0]).reduce((sum, u) => sum + u.coinsSpent, 0)).toBe(expected);
    const entries = await ledgerAddsUp(user.id);
    expect(entries.filter((e) => e.reason === 'series_unlock')).toEqual([expect.objectContaining({ delta: -expected, balanceAfter: 200 - 11 - expected })]);
    expect(entries.find((e) => e.reason === 'series_unlock')!.reference).toMatch(new RegExp(`^series:${s.id}:`));
    expect((await pricing(s.id, user)).json.data).toMatchObject({ lockedCount: 0, lockedCoins: 0, unlockAllCoins: 0 });
  });

  it('not enough coins for the rest: 402 with balance and price, nothing unlocked', async () => {
    const d = await db();
    const s = await makeSeries(d, { paid: 4, price: 10 });
    const user = await makeUser(d);
    await fund(d, user.id, 20);
    const res = await unlockAll(user, s.id);
    expect(res.status).toBe(402);
    expect(res.json).toMatchObject({ code: 'E_INSUFFICIENT_COINS', data: { balance: 20, price: 36, shortfall: 16 } });
    expect(await unlocksOf(user.id)).toHaveLength(0);
    expect(await balanceOf(d, user.id)).toBe(20);
    // A VIP has nothing locked: charged 0.
    const vip = await makeUser(d, { vipDays: 1 });
    expect((await unlockAll(vip, s.id)).json.data).toEqual({ movieSeriesId: s.id, unlockedVideoIds: [], charged: 0, coins: 0 });
    expect((await unlockAll(user, 'ffffffffffffffffffffffff')).status).toBe(404);
  });
});

describe('auto-unlock', () => {
  it('is off by default (cap 5 episodes): an automatic unlock is refused with 409 and charges nothing', async () => {
    const d = await db();
    const s = await makeSeries(d, { paid: 2, price: 5 });
    const user = await makeUser(d);
    await fund(d, user.id, 50);
    const got = await call(r.auto.GET, '/api/client/coins/auto-unlock', { token: user.token });
    expect(got.json.data).toEqual({ enabled: false, capKind: 'episodes', capValue: 5, usedToday: { episodes: 0, coins: 0 } });
    const res = await unlock(user, s.coinIds[0], { auto: true });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('E_AUTO_UNLOCK_OFF');
    expect(await balanceOf(d, user.id)).toBe(50);
  });

  it('an episode cap holds under 10 parallel automatic unlocks; manual unlocks do not count', async () => {
    const d = await db();
    const s = await makeSeries(d, { paid: 12, price: 5 });
    const user = await makeUser(d);
    await fund(d, user.id, 500);
    expect((await setAuto(user, { enabled: true, capKind: 'episodes', capValue: 3 })).json.data).toEqual({ enabled: true, capKind: 'episodes', capValue: 3, usedToday: { episodes: 0, coins: 0 } });
    expect((await unlock(user, s.coinIds[11])).json.data.outcome).toBe('unlocked');
    const answers = await Promise.all(s.coinIds.slice(0, 10).map((id) => unlock(user, id, { auto: true })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const capped = answers.filter((a) => a.status === 429);
    expect(capped).toHaveLength(7);
    expect(capped[0].json).toMatchObject({ code: 'E_AUTO_UNLOCK_CAP', message: 'Auto-unlock stopped: daily cap reached.' });
    const rows = await unlocksOf(user.id);
    expect(rows.filter((u) => u.auto)).toHaveLength(3);
    expect((await call(r.auto.GET, '/api/client/coins/auto-unlock', { token: user.token })).json.data.usedToday).toEqual({ episodes: 3, coins: 15 });
    const entries = await ledgerAddsUp(user.id);
    expect(entries.filter((e) => e.reason === 'episode_auto_unlock')).toHaveLength(3);
  });

  it('a coins cap holds under parallel calls; yesterday (Asia/Manila) does not count', async () => {
    const d = await db();
    const s = await makeSeries(d, { paid: 8, price: 10 });
    const user = await makeUser(d);
    await fund(d, user.id, 500);
    await setAuto(user, { enabled: true, capKind: 'coins', capValue: 25 });
    const { unlockEpisode, manilaDayStart } = await import('@/lib/server/coins/unlock');
    const { requireUser } = await import('@/lib/server/users');
    // Two automatic unlocks just before today's Manila midnight: yesterday's.
    const yesterday = new Date(manilaDayStart(new Date()).getTime() - 1000);
    for (const id of s.coinIds.slice(0, 2)) await unlockEpisode(d, await requireUser(d, user.id), id, { auto: true, now: yesterday });
    const answers = await Promise.all(s.coinIds.slice(2).map((id) => unlock(user, id, { auto: true })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(4);
    expect((await call(r.auto.GET, '/api/client/coins/auto-unlock', { token: user.token })).json.data.usedToday).toEqual({ episodes: 2, coins: 20 });
  });

  it('Manila days start at 16:00 UTC', async () => {
    const { manilaDayStart } = await import('@/lib/server/coins/unlock');
    expect(manilaDayStart(new Date('2026-03-01T15:59:59Z')).toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(manilaDayStart(new Date('2026-03-01T16:00:00Z')).toISOString()).toBe('2026-03-01T16:00:00.000Z');
    expect(manilaDayStart(new Date('2026-03-01T00:30:00Z')).toISOString()).toBe('2026-02-28T16:00:00.000Z');
  });

  it('refuses bad settings (422): an unknown kind, a cap of 0, past the maximum, a fraction, a string', async () => {
    const user = await makeUser(await db());
    for (const body of [
      { enabled: true, capKind: 'minutes', capValue: 3 },
      { enabled: true, capKind: 'episodes', capValue: 0 },
      { enabled: true, capKind: 'episodes', capValue: 101 },
      { enabled: true, capKind: 'coins', capValue: 10_001 },
      { enabled: true, capKind: 'coins', capValue: 2.5 },
      { enabled: 'yes', capKind: 'coins', capValue: 5 },
      { enabled: true },
    ]) {
      expect((await setAuto(user, body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await setAuto(user, { enabled: true, capKind: 'coins', capValue: 10_000 })).status).toBe(200);
  });
});

describe('histories and the ledger', () => {
  it('unlock history and the ledger: labels, peso values, links, balance, pagination', async () => {
    const d = await db();
    const s = await makeSeries(d, { paid: 3, price: 10 });
    const user = await makeUser(d);
    const { requestId } = (await pay(user, { coinPlanId: PLAN_100 })).json;
    const e = paidEvent(requestId, 4900);
    await webhook(e.body, e.signature);
    await unlock(user, s.coinIds[0]);
    await unlockAll(user, s.id);
    const hist = await call(r.unlockHistory.GET, `/api/client/history/getEpisodeUnlockHistory?userId=${user.id}&limit=2`, { token: user.token });
    expect(hist.json.pagination).toEqual({ currentPage: 1, pageSize: 2, totalItems: 3, totalPages: 2 });
    const all = (await call(r.unlockHistory.GET, `/api/client/history/getEpisodeUnlockHistory?userId=${user.id}`, { token: user.token })).json.data;
    expect(all.find((h: { videoId: string }) => h.videoId === s.coinIds[0])).toMatchObject({ episodeNumber: 3, title: 'Episode 3', coinsSpent: 10, auto: false, movieSeries: { _id: s.id, name: s.name } });

    const ledger = await call(r.ledger.GET, '/api/client/coins/ledger', { token: user.token });
    expect(ledger.status).toBe(200);
    expect(ledger.json.balance).toBe(100 - 10 - 18);
    const [series, episode, topUp] = ledger.json.data;
    const [p] = await d.select().from(payments).where(eq(payments.requestId, requestId));
    expect(topUp).toMatchObject({ delta: 100, reason: 'coin_plan_purchase', label: 'Top-up', reference: p.id, balanceAfter: 100, centavos: 4900, href: `/wallet#receipt-${p.id}` });
    // The top-up's receipt names what was bought.
    const { listReceipts } = await import('@/lib/server/payments/receipts');
    expect((await listReceipts(d, user.id, 1, 10)).data).toMatchObject([{ _id: p.id, kind: 'coins', item: '100 coins', amountCentavos: 4900 }]);

    // A top-up with bonus coins is worth what was paid for it, not the coins at the reference rate.
    const bonus = (await pay(user, { coinPlanId: PLAN_300 })).json;
    const e300 = paidEvent(bonus.requestId, 14900);
    await webhook(e300.body, e300.signature);
    const [newest] = (await call(r.ledger.GET, '/api/client/coins/ledger', { token: user.token })).json.data;
    expect(newest).toMatchObject({ delta: 330, reason: 'coin_plan_purchase', centavos: 14900 });
    expect(episode).toMatchObject({ delta: -10, label: 'Episode unlock', centavos: 490, balanceAfter: 90 });
    expect(episode.href).toBe(`/episodes/episode-3-${s.name.replaceAll(' ', '-')}-${s.id}`);
    expect(series).toMatchObject({ delta: -18, label: 'Series unlock', balanceAfter: 72 });
    expect(series.href).toBe(`/movie/${s.name.replaceAll(' ', '-')}-${s.id}`);
  });
});

describe('ownership and hostile input', () => {
  it('every call with another user id is 403 and changes nothing', async () => {
    const d = await db();
    const s = await makeSeries(d, { paid: 2, price: 5 });
    const user = await makeUser(d);
    const victim = await makeUser(d);
    await fund(d, victim.id, 100);
    const as = { token: user.token };
    const v = victim.id;
    const answers = await Promise.all([
      call(r.plans.GET, `/api/client/coinplan/fetchCoinplanByUser?userId=${v}`, as),
      call(r.pay.POST, '/api/client/coinPlan/processSandboxPayment', { ...as, method: 'POST', params: { processPayment: 'processSandboxPayment' }, body: { coinPlanId: PLAN_100, userId: v, paymentMethod: 'gc', userInfo: USER_INFO } }),
      call(r.record.POST, `/api/client/coinplan/recordCoinPlanHistory?userId=${v}&coinPlanId=${PLAN_100}&paymentGateway=sandbox`, { ...as, method: 'POST' }),
      call(r.planHistory.GET, `/api/client/history/fetchCoinplanHistoryOfUser?userId=${v}`, as),
      call(r.unlock.PATCH, `/api/client/shortVideo/deductCoinForVideoView?userId=${v}&shortVideoId=${s.coinIds[0]}`, { ...as, method: 'PATCH' }),
      call(r.unlockAll.POST, `/api/client/shortVideo/unlockAllRemaining?userId=${v}&movieSeriesId=${s.id}`, { ...as, method: 'POST' }),
      call(r.pricing.GET, `/api/client/coins/series-pricing?userId=${v}&movieSeriesId=${s.id}`, as),
      call(r.unlockHistory.GET, `/api/client/history/getEpisodeUnlockHistory?userId=${v}`, as),
      call(r.ledger.GET, `/api/client/coins/ledger?userId=${v}`, as),
      call(r.auto.GET, `/api/client/coins/auto-unlock?userId=${v}`, as),
      call(r.auto.PATCH, '/api/client/coins/auto-unlock', { ...as, method: 'PATCH', body: { userId: v, enabled: true, capKind: 'episodes', capValue: 3 } }),
      call(r.unlock.PATCH, `/api/client/shortVideo/deductCoinForVideoView?userId=${user.id}&shortVideoId=${s.coinIds[0]}`, { ...as, method: 'PATCH', body: { userId: v } }),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(answers.length).fill(403));
    expect(await balanceOf(d, v)).toBe(100);
    expect(await unlocksOf(v)).toHaveLength(0);
    expect(await unlocksOf(user.id)).toHaveLength(0);
    const [row] = await d.select().from(users).where(eq(users.id, v));
    expect(row.autoUnlockEnabled).toBe(false);
  });

  it('malformed input is 4xx, never 5xx', async () => {
    const d = await db();
    const s = await makeSeries(d, { paid: 1, price: 5 });
    const user = await makeUser(d);
    const cases: Promise<{ status: number }>[] = [
      call(r.unlock.PATCH, '/api/client/shortVideo/deductCoinForVideoView', { method: 'PATCH', token: user.token }),
      call(r.unlock.PATCH, '/api/client/shortVideo/deductCoinForVideoView?shortVideoId=../../etc', { method: 'PATCH', token: user.token }),
      call(r.unlock.PATCH, `/api/client/shortVideo/deductCoinForVideoView?shortVideoId=${'a'.repeat(5000)}`, { method: 'PATCH', token: user.token }),
      call(r.unlock.PATCH, `/api/client/shortVideo/deductCoinForVideoView?shortVideoId=${s.coinIds[0]}`, { method: 'PATCH', token: user.token, body: '{"auto":' }),
      call(r.unlock.PATCH, `/api/client/shortVideo/deductCoinForVideoView?shortVideoId=${s.coinIds[0]}`, { method: 'PATCH', token: user.token, body: { auto: 'yes' } }),
      call(r.unlock.PATCH, `/api/client/shortVideo/deductCoinForVideoView?shortVideoId=${s.coinIds[0]}`, { method: 'PATCH', token: user.token, body: [1, 2] }),
      call(r.unlockAll.POST, '/api/client/shortVideo/unlockAllRemaining?movieSeriesId=%00', { method: 'POST', token: user.token }),
      call(r.planHistory.GET, '/api/client/history/fetchCoinplanHistoryOfUser?page=0', { token: user.token }),
      call(r.planHistory.GET, '/api/client/history/fetchCoinplanHistoryOfUser?limit=1000000', { token: user.token }),
      call(r.unlockHistory.GET, '/api/client/history/getEpisodeUnlockHistory?page=abc', { token: user.token }),
      call(r.ledger.GET, '/api/client/coins/ledger?page=1e400', { token: user.token }),
      call(r.record.POST, '/api/client/coinplan/recordCoinPlanHistory', { method: 'POST', token: user.token }),
      call(r.record.POST, `/api/client/coinplan/recordCoinPlanHistory?coinPlanId=${PLAN_100}`, { method: 'POST', token: user.token, body: { requestId: 42 } }),
      call(r.pay.POST, '/api/client/coinPlan/processSandboxPayment', { method: 'POST', token: user.token, params: { processPayment: 'processSandboxPayment' }, body: { coinPlanId: PLAN_100, paymentMethod: 'gc' } }),
      call(r.pay.POST, '/api/client/coinPlan/processSandboxPayment', { method: 'POST', token: user.token, params: { processPayment: 'processSandboxPayment' }, body: 'x'.repeat(20_000) }),
      call(r.auto.PATCH, '/api/client/coins/auto-unlock', { method: 'PATCH', token: user.token, body: 'null' }),
    ];
    const statuses = (await Promise.all(cases)).map((c) => c.status);
    for (const [i, status] of statuses.entries()) {
      expect(status, `case ${i}`).toBeGreaterThanOrEqual(400);
      expect(status, `case ${i}`).toBeLessThan(500);
    }
    expect(await balanceOf(d, user.id)).toBe(0);
  });
});

describe('the schema holds the line too', () => {
  it('a balance never goes negative and a payment is never credited twice, even bypassing the code', async () => {
    const d = await db();
    const user = await makeUser(d);
    await expect(d.update(users).set({ coins: sql`${users.coins} - 1` }).where(eq(users.id, user.id))).rejects.toThrow();
    const ref = newId();
    await d.insert(coinLedger).values({ id: newId(), userId: user.id, delta: 5, reason: 'coin_plan_purchase', reference: ref, balanceAfter: 5 });
    await expect(d.insert(coinLedger).values({ id: newId(), userId: user.id, delta: 5, reason: 'coin_plan_purchase', reference: ref, balanceAfter: 10 })).rejects.toThrow();
    await expect(d.update(users).set({ autoUnlockCap: 0 }).where(eq(users.id, user.id))).rejects.toThrow();
    await expect(d.update(users).set({ autoUnlockCapKind: 'minutes' as 'coins' }).where(eq(users.id, user.id))).rejects.toThrow();
    expect(await d.select().from(coinPlans).where(and(eq(coinPlans.isActive, true)))).toHaveLength(COIN_PLANS.length);
    expect((await d.select({ n: sql<number>`count(*)::int` }).from(movieSeries))[0].n).toBeGreaterThan(0);
  });
});
