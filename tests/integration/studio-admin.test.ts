import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@/lib/ids';
import { auditLog, coinPlans, movieSeries, payments, premiumVideoPrices, users, videos, vipPlans } from '@/lib/server/db/schema';
import { seedId } from '@/lib/server/db/seed';
import { openAppDb } from '../fixtures/app-db';
import { call } from '../fixtures/http';
import { USER_INFO } from '../fixtures/payments';
import { makeUser } from '../fixtures/users';

/**
 * The admin half of the studio (issue 13 item 2) through the real handlers and database: prices and plans, users, the
 * audit log. Admins only (an editor gets 403 at every call), one audit entry per change with its before and after,
 * prices in centavos within bounds, plans that payments name are never deleted, and a new price never changes a
 * pending payment's amount.
 */

const appDb = openAppDb({ seed: true });
afterAll(() => appDb.close());
const db = () => appDb.db();

const routes = {
  vip: () => import('@/app/api/admin/vip-plans/route'),
  vipOne: () => import('@/app/api/admin/vip-plans/[id]/route'),
  vipOrder: () => import('@/app/api/admin/vip-plans/order/route'),
  coin: () => import('@/app/api/admin/coin-plans/route'),
  coinOne: () => import('@/app/api/admin/coin-plans/[id]/route'),
  coinOrder: () => import('@/app/api/admin/coin-plans/order/route'),
  premium: () => import('@/app/api/admin/premium-prices/route'),
  premiumOne: () => import('@/app/api/admin/premium-prices/[id]/route'),
  candidates: () => import('@/app/api/admin/premium-prices/candidates/route'),
  users: () => import('@/app/api/admin/users/route'),
  userOne: () => import('@/app/api/admin/users/[id]/route'),
  audit: () => import('@/app/api/admin/audit/route'),
  me: () => import('@/app/api/admin/me/route'),
  // What viewers call.
  availablePlans: () => import('@/app/api/payment/[gateway]/subscription/available-plans/route'),
  coinPlansForViewers: () => import('@/app/api/client/coinplan/fetchCoinplanByUser/route'),
  vipLink: () => import('@/app/api/[gateway]/subscription/generate-payment-link/route'),
  coinPay: () => import('@/app/api/client/coinplan/[processPayment]/route'),
  premiumInfo: () => import('@/app/api/client/premiumVideo/[videoId]/info/route'),
  premiumLink: () => import('@/app/api/client/premiumVideo/generate-payment-link/route'),
  profile: () => import('@/app/api/client/user/fetchProfile/route'),
};
type R = { [K in keyof typeof routes]: Awaited<ReturnType<(typeof routes)[K]>> };
let r: R;

type User = { id: string; token: string };
let admin: User;
let editor: User;
let viewer: User;

beforeAll(async () => {
  r = Object.fromEntries(await Promise.all(Object.entries(routes).map(async ([k, f]) => [k, await f()]))) as R;
  const d = await db();
  [admin, editor, viewer] = await Promise.all([makeUser(d, { role: 'admin' }), makeUser(d, { role: 'editor' }), makeUser(d)]);
});

type Handler = Parameters<typeof call>[0];
const as = (who: User | undefined, handler: Handler, url: string, opts: { method?: string; body?: unknown; params?: Record<string, string> } = {}) =>
  call(handler, url, { ...opts, token: who?.token });

async function auditCount(): Promise<number> {
  const [{ n }] = await (await db()).select({ n: count() }).from(auditLog);
  return n;
}
/** The newest entries, newest first. */
async function lastAudit(n = 1) {
  return (await db()).select().from(auditLog).orderBy(sql`${auditLog.createdAt} desc, ${auditLog.id} desc`).limit(n);
}
/** Runs the change and expects exactly one new audit entry, which it answers with the call's result. */
async function oneEntry<T>(change: () => Promise<T>): Promise<{ result: T; entry: typeof auditLog.$inferSelect }> {
  const before = await auditCount();
  const result = await change();
  expect(await auditCount()).toBe(before + 1);
  const [entry] = await lastAudit();
  return { result, entry };
}

const viewerPlans = async () => (await call(r.availablePlans.GET, '/api/payment/sandbox/subscription/available-plans', { params: { gateway: 'sandbox' } })).json.data as { _id: string; price: number; priceCentavos: number; subscriptionType: string }[];
const viewerCoinPlans = async () => (await call(r.coinPlansForViewers.GET, '/api/client/coinplan/fetchCoinplanByUser')).json.data as { _id: string; price: number; priceCentavos: number }[];

const ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const UNKNOWN = 'ffffffffffffffffffffffff';

describe('access: admins only', () => {
  it('an editor and a viewer get 403 at every prices, plans, users and audit call; a guest 401', async () => {
    const calls: [string, Handler, string, { method?: string; body?: unknown; params?: Record<string, string> }][] = [
      ['GET vip-plans', r.vip.GET, '/api/admin/vip-plans', {}],
      ['POST vip-plans', r.vip.POST, '/api/admin/vip-plans', { method: 'POST', body: { subscriptionType: 'daily', priceCentavos: 1000, validityDays: 1 } }],
      ['PATCH vip-plans/id', r.vipOne.PATCH, '/x', { method: 'PATCH', params: { id: ID }, body: { priceCentavos: 100 } }],
      ['DELETE vip-plans/id', r.vipOne.DELETE, '/x', { method: 'DELETE', params: { id: ID } }],
      ['PUT vip-plans/order', r.vipOrder.PUT, '/x', { method: 'PUT', body: { ids: [ID] } }],
      ['GET coin-plans', r.coin.GET, '/api/admin/coin-plans', {}],
      ['POST coin-plans', r.coin.POST, '/x', { method: 'POST', body: { coins: 10, priceCentavos: 1000 } }],
      ['PATCH coin-plans/id', r.coinOne.PATCH, '/x', { method: 'PATCH', params: { id: ID }, body: { priceCentavos: 100 } }],
      ['DELETE coin-plans/id', r.coinOne.DELETE, '/x', { method: 'DELETE', params: { id: ID } }],
      ['PUT coin-plans/order', r.coinOrder.PUT, '/x', { method: 'PUT', body: { ids: [ID] } }],
      ['GET premium-prices', r.premium.GET, '/api/admin/premium-prices', {}],
      ['POST premium-prices', r.premium.POST, '/x', { method: 'POST', body: { videoId: ID, priceCentavos: 1000 } }],
      ['PATCH premium-prices/id', r.premiumOne.PATCH, '/x', { method: 'PATCH', params: { id: ID }, body: { priceCentavos: 100 } }],
      ['DELETE premium-prices/id', r.premiumOne.DELETE, '/x', { method: 'DELETE', params: { id: ID } }],
      ['GET premium-prices/candidates', r.candidates.GET, '/api/admin/premium-prices/candidates', {}],
      ['GET users', r.users.GET, '/api/admin/users', {}],
      ['PATCH users/id (role)', r.userOne.PATCH, '/x', { method: 'PATCH', params: { id: viewer.id }, body: { role: 'editor' } }],
      ['PATCH users/id (block)', r.userOne.PATCH, '/x', { method: 'PATCH', params: { id: viewer.id }, body: { isBlocked: true } }],
      ['GET audit', r.audit.GET, '/api/admin/audit', {}],
    ];
    const before = await auditCount();
    for (const [name, handler, url, opts] of calls) {
      const asEditor = await as(editor, handler, url, opts);
      expect(asEditor.status, `${name} as an editor`).toBe(403);
      expect(asEditor.json).toMatchObject({ status: false, code: 'E_FORBIDDEN' });
      expect((await as(viewer, handler, url, opts)).status, `${name} as a viewer`).toBe(403);
      expect((await as(undefined, handler, url, opts)).status, `${name} as a guest`).toBe(401);
    }
    // Nothing refused changed anything.
    expect(await auditCount()).toBe(before);
    const [v] = await (await db()).select({ role: users.role, isBlocked: users.isBlocked }).from(users).where(eq(users.id, viewer.id));
    expect(v).toEqual({ role: 'viewer', isBlocked: false });
  });
});

describe('VIP plans', () => {
  it('lists every plan in order with payment counts', async () => {
    const res = await as(admin, r.vip.GET, '/api/admin/vip-plans');
    expect(res.status).toBe(200);
    expect(res.json.data.map((p: { subscriptionType: string }) => p.subscriptionType)).toEqual(['weekly', 'monthly', 'lifetime']);
    expect(res.json.data[1]).toMatchObject({ priceCentavos: 29900, validityDays: 30, isActive: true, paymentCount: 0 });
  });

  it('creates a plan (last in order) with one audit entry, and viewers see it at that price', async () => {
    const { result: res, entry } = await oneEntry(() =>
      as(admin, r.vip.POST, '/api/admin/vip-plans', { method: 'POST', body: { subscriptionType: ' Quarterly ', priceCentavos: 74900, validityDays: 90 } }),
    );
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ subscriptionType: 'quarterly', priceCentavos: 74900, validityDays: 90, isActive: true, sortOrder: 4 });
    expect(entry).toMatchObject({ action: 'vip_plan.create', entity: 'vip_plan', entityId: res.json.data.id, actorId: admin.id, actorEmail: `${admin.id}@example.ph`, before: null });
    expect(entry.after).toMatchObject({ subscriptionType: 'quarterly', priceCentavos: 74900, validityDays: 90 });
    const plans = await viewerPlans();
    expect(plans.at(-1)).toMatchObject({ _id: res.json.data.id, subscriptionType: 'quarterly', price: 749, priceCentavos: 74900 });
  });

  it('refuses a second plan of one type (409) and bad values by field (422)', async () => {
    const dup = await as(admin, r.vip.POST, '/x', { method: 'POST', body: { subscriptionType: 'monthly', priceCentavos: 100, validityDays: 30 } });
    expect(dup.status).toBe(409);
    expect(dup.json.code).toBe('E_CONFLICT');
    const before = await auditCount();
    for (const priceCentavos of [0, -100, 99, 5_000_001, 1e12, 149.5, '14900', null]) {
      const res = await as(admin, r.vip.POST, '/x', { method: 'POST', body: { subscriptionType: 'daily', priceCentavos, validityDays: 1 } });
      expect(res.status, `price ${priceCentavos}`).toBe(422);
      expect(res.json).toMatchObject({ status: false, code: 'E_VALIDATION' });
      expect(res.json.message).toContain('priceCentavos');
    }
    for (const validityDays of [0, -1, 1.5, 100_000]) {
      expect((await as(admin, r.vip.POST, '/x', { method: 'POST', body: { subscriptionType: 'daily', priceCentavos: 1000, validityDays } })).status).toBe(422);
    }
    expect((await as(admin, r.vip.POST, '/x', { method: 'POST', body: { subscriptionType: 'x y', priceCentavos: 1000, validityDays: 1 } })).status).toBe(422);
    expect((await as(admin, r.vipOne.PATCH, '/x', { method: 'PATCH', params: { id: seedId('vip_plan', 'weekly') }, body: {} })).status).toBe(422);
    expect(await auditCount()).toBe(before);
  });

  it('unknown plan ids are 404, malformed ones 422', async () => {
    expect((await as(admin, r.vipOne.PATCH, '/x', { method: 'PATCH', params: { id: UNKNOWN }, body: { priceCentavos: 1000 } })).status).toBe(404);
    expect((await as(admin, r.vipOne.DELETE, '/x', { method: 'DELETE', params: { id: UNKNOWN } })).status).toBe(404);
    expect((await as(admin, r.vipOne.PATCH, '/x', { method: 'PATCH', params: { id: 'nope' }, body: { priceCentavos: 1000 } })).status).toBe(422);
  });

  it('a new price leaves a pending payment at its amount; the next checkout pays the new price; viewers see it at once', async () => {
    const d = await db();
    const [monthly] = await d.select().from(vipPlans).where(eq(vipPlans.subscriptionType, 'monthly'));
    const buyer = await makeUser(d);
    const link = await call(r.vipLink.POST, '/api/sandbox/subscription/generate-payment-link', {
      method: 'POST',
      token: buyer.token,
      params: { gateway: 'sandbox' },
      body: { vipPlanId: monthly.id, paymentMethod: 'gc', userInfo: USER_INFO },
    });
    expect(link.status).toBe(200);
    const paymentId = link.json.pendingPaymentData.paymentId as string;

    const { result: res, entry } = await oneEntry(() => as(admin, r.vipOne.PATCH, '/x', { method: 'PATCH', params: { id: monthly.id }, body: { priceCentavos: 34900 } }));
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ priceCentavos: 34900, paymentCount: 1 });
    expect(entry).toMatchObject({ action: 'vip_plan.update', entityId: monthly.id });
    expect(entry.before).toMatchObject({ priceCentavos: 29900, validityDays: 30 });
    expect(entry.after).toMatchObject({ priceCentavos: 34900, validityDays: 30 });

    const [pending] = await d.select().from(payments).where(eq(payments.id, paymentId));
    expect(pending).toMatchObject({ status: 'pending', amountCentavos: 29900 });
    expect((await viewerPlans()).find((p) => p._id === monthly.id)).toMatchObject({ price: 349, priceCentavos: 34900 });
    const next = await call(r.vipLink.POST, '/api/sandbox/subscription/generate-payment-link', {
      method: 'POST',
      token: buyer.token,
      params: { gateway: 'sandbox' },
      body: { vipPlanId: monthly.id, paymentMethod: 'gc', userInfo: USER_INFO },
    });
    expect(next.json.pendingPaymentData.amountCentavos).toBe(34900);
  });

  it('a plan payments name keeps its terms (409) and is never deleted (409); deactivating hides it from viewers', async () => {
    const [{ id }] = await (await db()).select({ id: vipPlans.id }).from(vipPlans).where(eq(vipPlans.subscriptionType, 'monthly'));
    const before = await auditCount();
    const terms = await as(admin, r.vipOne.PATCH, '/x', { method: 'PATCH', params: { id }, body: { validityDays: 31 } });
    expect(terms.status).toBe(409);
    const del = await as(admin, r.vipOne.DELETE, '/x', { method: 'DELETE', params: { id } });
    expect(del.status).toBe(409);
    expect(del.json.message).toMatch(/Deactivate/);
    expect(await auditCount()).toBe(before);
    expect(await (await db()).select().from(vipPlans).where(eq(vipPlans.id, id))).toHaveLength(1);

    const { entry } = await oneEntry(() => as(admin, r.vipOne.PATCH, '/x', { method: 'PATCH', params: { id }, body: { isActive: false } }));
    expect(entry.before).toMatchObject({ isActive: true });
    expect(entry.after).toMatchObject({ isActive: false });
    expect((await viewerPlans()).map((p) => p._id)).not.toContain(id);
    await as(admin, r.vipOne.PATCH, '/x', { method: 'PATCH', params: { id }, body: { isActive: true } });
    expect((await viewerPlans()).map((p) => p._id)).toContain(id);
  });

  it('reorders with one audit entry (viewers get the new order); an order missing a plan is 422', async () => {
    const list = (await as(admin, r.vip.GET, '/x')).json.data as { id: string }[];
    const ids = list.map((p) => p.id).reverse();
    const { result: res, entry } = await oneEntry(() => as(admin, r.vipOrder.PUT, '/x', { method: 'PUT', body: { ids } }));
    expect(res.status).toBe(200);
    expect(res.json.data.map((p: { id: string }) => p.id)).toEqual(ids);
    expect(entry).toMatchObject({ action: 'vip_plan.reorder', entity: 'vip_plan', before: { order: list.map((p) => p.id) }, after: { order: ids } });
    expect((await viewerPlans()).map((p) => p._id)).toEqual(ids);
    expect((await as(admin, r.vipOrder.PUT, '/x', { method: 'PUT', body: { ids: ids.slice(1) } })).status).toBe(422);
    expect((await as(admin, r.vipOrder.PUT, '/x', { method: 'PUT', body: { ids: [...ids.slice(1), UNKNOWN] } })).status).toBe(422);
    expect((await as(admin, r.vipOrder.PUT, '/x', { method: 'PUT', body: { ids: [ids[0], ids[0]] } })).status).toBe(422);
  });

  it('deletes a plan no payment names, with one audit entry of its last state', async () => {
    const created = await as(admin, r.vip.POST, '/x', { method: 'POST', body: { subscriptionType: 'trial', priceCentavos: 1900, validityDays: 3, isActive: false } });
    const id = created.json.data.id as string;
    const { result: res, entry } = await oneEntry(() => as(admin, r.vipOne.DELETE, '/x', { method: 'DELETE', params: { id } }));
    expect(res.status).toBe(200);
    expect(entry).toMatchObject({ action: 'vip_plan.delete', entityId: id, after: null });
    expect(entry.before).toMatchObject({ subscriptionType: 'trial', priceCentavos: 1900 });
    expect(await (await db()).select().from(vipPlans).where(eq(vipPlans.id, id))).toHaveLength(0);
  });
});

describe('coin plans', () => {
  const PLAN_300 = seedId('coin_plan', '300+30');

  it('creates, lists and shows viewers the plan at its price; bad values 422', async () => {
    const { result: res, entry } = await oneEntry(() => as(admin, r.coin.POST, '/x', { method: 'POST', body: { coins: 5000, bonusCoins: 1500, priceCentavos: 199900 } }));
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ coins: 5000, bonusCoins: 1500, priceCentavos: 199900, sortOrder: 5, paymentCount: 0 });
    expect(entry).toMatchObject({ action: 'coin_plan.create', entity: 'coin_plan', entityId: res.json.data.id, before: null });
    expect((await viewerCoinPlans()).at(-1)).toMatchObject({ _id: res.json.data.id, price: 1999, totalCoins: 6500 });
    const list = await as(admin, r.coin.GET, '/x');
    expect(list.json.data).toHaveLength(5);
    for (const body of [{ coins: 0, priceCentavos: 1000 }, { coins: 10, priceCentavos: 0 }, { coins: 10, bonusCoins: -1, priceCentavos: 1000 }, { coins: 10, priceCentavos: 9_999_999_999 }, { coins: 2_000_000, priceCentavos: 1000 }]) {
      expect((await as(admin, r.coin.POST, '/x', { method: 'POST', body })).status, JSON.stringify(body)).toBe(422);
    }
  });

  it('a new price leaves a pending top-up at its amount; its coins cannot change (409) nor can it be deleted (409)', async () => {
    const d = await db();
    const buyer = await makeUser(d);
    const pay = await call(r.coinPay.POST, '/api/client/coinPlan/processSandboxPayment', {
      method: 'POST',
      token: buyer.token,
      params: { processPayment: 'processSandboxPayment' },
      body: { coinPlanId: PLAN_300, userId: buyer.id, paymentMethod: 'gc', userInfo: USER_INFO },
    });
    expect(pay.status).toBe(200);
    const [pending] = await d.select().from(payments).where(eq(payments.requestId, pay.json.requestId));
    expect(pending.amountCentavos).toBe(14900);

    const { result: res, entry } = await oneEntry(() => as(admin, r.coinOne.PATCH, '/x', { method: 'PATCH', params: { id: PLAN_300 }, body: { priceCentavos: 15900 } }));
    expect(res.status).toBe(200);
    expect(entry.before).toMatchObject({ priceCentavos: 14900, coins: 300 });
    expect(entry.after).toMatchObject({ priceCentavos: 15900, coins: 300 });
    const [after] = await d.select().from(payments).where(eq(payments.id, pending.id));
    expect(after).toMatchObject({ status: 'pending', amountCentavos: 14900 });
    expect((await viewerCoinPlans()).find((p) => p._id === PLAN_300)).toMatchObject({ price: 159, priceCentavos: 15900 });

    expect((await as(admin, r.coinOne.PATCH, '/x', { method: 'PATCH', params: { id: PLAN_300 }, body: { coins: 400 } })).status).toBe(409);
    expect((await as(admin, r.coinOne.PATCH, '/x', { method: 'PATCH', params: { id: PLAN_300 }, body: { coins: 300, priceCentavos: 14900 } })).status).toBe(200);
    const del = await as(admin, r.coinOne.DELETE, '/x', { method: 'DELETE', params: { id: PLAN_300 } });
    expect(del.status).toBe(409);
    expect(del.json.code).toBe('E_CONFLICT');
    expect(await d.select().from(coinPlans).where(eq(coinPlans.id, PLAN_300))).toHaveLength(1);
  });

  it('deactivates, reorders and deletes an unused plan; unknown ids 404', async () => {
    const PLAN_100 = seedId('coin_plan', '100+0');
    await as(admin, r.coinOne.PATCH, '/x', { method: 'PATCH', params: { id: PLAN_100 }, body: { isActive: false } });
    expect((await viewerCoinPlans()).map((p) => p._id)).not.toContain(PLAN_100);
    const ids = ((await as(admin, r.coin.GET, '/x')).json.data as { id: string }[]).map((p) => p.id).reverse();
    const { entry } = await oneEntry(() => as(admin, r.coinOrder.PUT, '/x', { method: 'PUT', body: { ids } }));
    expect(entry).toMatchObject({ action: 'coin_plan.reorder', after: { order: ids } });
    expect((await viewerCoinPlans()).map((p) => p._id)).toEqual(ids.filter((id) => id !== PLAN_100));
    const { result: del, entry: delEntry } = await oneEntry(() => as(admin, r.coinOne.DELETE, '/x', { method: 'DELETE', params: { id: PLAN_100 } }));
    expect(del.status).toBe(200);
    expect(delEntry).toMatchObject({ action: 'coin_plan.delete', entityId: PLAN_100, after: null });
    expect((await as(admin, r.coinOne.PATCH, '/x', { method: 'PATCH', params: { id: PLAN_100 }, body: { priceCentavos: 1000 } })).status).toBe(404);
    expect((await as(admin, r.coinOne.DELETE, '/x', { method: 'DELETE', params: { id: UNKNOWN } })).status).toBe(404);
  });
});

describe('premium-video prices', () => {
  let unpriced: string;
  let freeVideo: string;

  beforeAll(async () => {
    const d = await db();
    const [u] = await d
      .select({ id: videos.id })
      .from(videos)
      .leftJoin(premiumVideoPrices, eq(premiumVideoPrices.videoId, videos.id))
      .where(and(eq(videos.isPremium, true), isNull(premiumVideoPrices.id), sql`${videos.episodeNumber} > 0`))
      .limit(1);
    unpriced = u.id;
    const [f] = await d.select({ id: videos.id }).from(videos).where(and(eq(videos.isPremium, false), sql`${videos.episodeNumber} > 0`)).limit(1);
    freeVideo = f.id;
  });

  it('lists prices with their video, searches and pages', async () => {
    const all = await as(admin, r.premium.GET, '/api/admin/premium-prices');
    expect(all.status).toBe(200);
    expect(all.json.data.length).toBeGreaterThan(0);
    expect(all.json.pagination).toMatchObject({ currentPage: 1, totalItems: all.json.data.length });
    const first = all.json.data[0];
    expect(first.label).toContain(first.seriesName);
    const one = await as(admin, r.premium.GET, '/api/admin/premium-prices?limit=1&page=2');
    expect(one.json.data).toHaveLength(all.json.data.length > 1 ? 1 : 0);
    const searched = await as(admin, r.premium.GET, `/api/admin/premium-prices?q=${encodeURIComponent(first.seriesName.slice(0, 4).toLowerCase())}`);
    expect(searched.json.data.map((p: { id: string }) => p.id)).toContain(first.id);
    expect((await as(admin, r.premium.GET, '/api/admin/premium-prices?q=%25%25zz-no-such')).json.data).toEqual([]);
  });

  it('puts an unpriced premium video on sale (one audit entry), and the viewer sees its price; a second price is 409', async () => {
    const cands = await as(admin, r.candidates.GET, '/api/admin/premium-prices/candidates');
    expect(cands.json.data.length).toBeGreaterThan(0);
    expect(cands.json.data.length).toBeLessThanOrEqual(20);
    const byName = await as(admin, r.candidates.GET, `/api/admin/premium-prices/candidates?q=${encodeURIComponent(cands.json.data[0].seriesName)}`);
    expect(byName.json.data.every((c: { seriesName: string }) => c.seriesName === cands.json.data[0].seriesName)).toBe(true);
    unpriced = cands.json.data[0].videoId;
    const { result: res, entry } = await oneEntry(() => as(admin, r.premium.POST, '/x', { method: 'POST', body: { videoId: unpriced, priceCentavos: 6900 } }));
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ videoId: unpriced, priceCentavos: 6900, isActive: true });
    expect(entry).toMatchObject({ action: 'premium_price.create', entity: 'premium_price', entityId: res.json.data.id, before: null });
    const info = await call(r.premiumInfo.GET, '/x', { params: { videoId: unpriced } });
    // 404 when the title is not published; otherwise the viewer reads the new price.
    if (info.status === 200) expect(info.json.data.premiumVideo).toMatchObject({ price: 69, priceCentavos: 6900 });
    expect((await as(admin, r.premium.POST, '/x', { method: 'POST', body: { videoId: unpriced, priceCentavos: 7900 } })).status).toBe(409);
    const cands2 = await as(admin, r.candidates.GET, '/x');
    expect(cands2.json.data.map((c: { videoId: string }) => c.videoId)).not.toContain(unpriced);
  });

  it('refuses a free video (422), an unknown video (404), bad prices (422)', async () => {
    expect((await as(admin, r.premium.POST, '/x', { method: 'POST', body: { videoId: freeVideo, priceCentavos: 4900 } })).status).toBe(422);
    expect((await as(admin, r.premium.POST, '/x', { method: 'POST', body: { videoId: UNKNOWN, priceCentavos: 4900 } })).status).toBe(404);
    for (const priceCentavos of [0, -1, 1_000_001, 12.5]) {
      expect((await as(admin, r.premium.POST, '/x', { method: 'POST', body: { videoId: unpriced, priceCentavos } })).status).toBe(422);
    }
    expect((await as(admin, r.premiumOne.PATCH, '/x', { method: 'PATCH', params: { id: UNKNOWN }, body: { priceCentavos: 4900 } })).status).toBe(404);
    expect((await as(admin, r.premiumOne.DELETE, '/x', { method: 'DELETE', params: { id: UNKNOWN } })).status).toBe(404);
  });

  it('a new price leaves a pending purchase at its amount, and "Buy for" shows the new one; a paid-for video\'s price is never deleted', async () => {
    const d = await db();
    const [priced] = await d
      .select({ id: premiumVideoPrices.id, videoId: premiumVideoPrices.videoId, priceCentavos: premiumVideoPrices.priceCentavos })
      .from(premiumVideoPrices)
      .innerJoin(videos, eq(videos.id, premiumVideoPrices.videoId))
      .innerJoin(movieSeries, eq(movieSeries.id, videos.movieSeriesId))
      .where(and(eq(movieSeries.isPublished, true), eq(premiumVideoPrices.isActive, true), ne(premiumVideoPrices.videoId, unpriced)))
      .limit(1);
    const buyer = await makeUser(d);
    const link = await call(r.premiumLink.POST, '/api/client/premiumVideo/generate-payment-link', {
      method: 'POST',
      token: buyer.token,
      body: { videoId: priced.videoId, userId: buyer.id, paymentMethod: 'gc', userInfo: USER_INFO },
    });
    expect(link.status).toBe(200);
    const [pending] = await d.select().from(payments).where(and(eq(payments.userId, buyer.id), eq(payments.videoId, priced.videoId)));
    expect(pending.amountCentavos).toBe(priced.priceCentavos);

    const newPrice = priced.priceCentavos + 1000;
    const { entry } = await oneEntry(() => as(admin, r.premiumOne.PATCH, '/x', { method: 'PATCH', params: { id: priced.id }, body: { priceCentavos: newPrice } }));
    expect(entry.before).toMatchObject({ priceCentavos: priced.priceCentavos });
    expect(entry.after).toMatchObject({ priceCentavos: newPrice });
    const [after] = await d.select().from(payments).where(eq(payments.id, pending.id));
    expect(after).toMatchObject({ status: 'pending', amountCentavos: priced.priceCentavos });
    const info = await call(r.premiumInfo.GET, '/x', { params: { videoId: priced.videoId } });
    expect(info.json.data.premiumVideo.priceCentavos).toBe(newPrice);

    expect((await as(admin, r.premiumOne.DELETE, '/x', { method: 'DELETE', params: { id: priced.id } })).status).toBe(409);
    // Deactivated: no longer for sale.
    await as(admin, r.premiumOne.PATCH, '/x', { method: 'PATCH', params: { id: priced.id }, body: { isActive: false } });
    expect((await call(r.premiumInfo.GET, '/x', { params: { videoId: priced.videoId } })).status).toBe(404);
  });

  it('deletes a price no payment names', async () => {
    const [row] = await (await db()).select({ id: premiumVideoPrices.id }).from(premiumVideoPrices).where(eq(premiumVideoPrices.videoId, unpriced));
    const { result: res, entry } = await oneEntry(() => as(admin, r.premiumOne.DELETE, '/x', { method: 'DELETE', params: { id: row.id } }));
    expect(res.status).toBe(200);
    expect(entry).toMatchObject({ action: 'premium_price.delete', entityId: row.id, after: null });
  });
});

describe('users', () => {
  it('searches by e-mail, name or id, filters and pages', async () => {
    const d = await db();
    const maria = await makeUser(d);
    await d.update(users).set({ name: 'Maria Santos', email: 'maria.santos@example.ph' }).where(eq(users.id, maria.id));
    const byEmail = await as(admin, r.users.GET, '/api/admin/users?q=MARIA.SANTOS');
    expect(byEmail.status).toBe(200);
    expect(byEmail.json.data).toHaveLength(1);
    expect(byEmail.json.data[0]).toMatchObject({ id: maria.id, name: 'Maria Santos', role: 'viewer', isBlocked: false, isVip: false, coins: 0 });
    expect(byEmail.json.data[0].createdAt).toEqual(expect.any(String));
    expect((await as(admin, r.users.GET, '/api/admin/users?q=santos')).json.data.map((u: { id: string }) => u.id)).toEqual([maria.id]);
    expect((await as(admin, r.users.GET, `/api/admin/users?q=${maria.id.toUpperCase()}`)).json.data.map((u: { id: string }) => u.id)).toEqual([maria.id]);
    expect((await as(admin, r.users.GET, '/api/admin/users?q=%25')).json.data).toEqual([]);
    const editors = await as(admin, r.users.GET, '/api/admin/users?role=editor');
    expect(editors.json.data.map((u: { id: string }) => u.id)).toContain(editor.id);
    expect(editors.json.data.every((u: { role: string }) => u.role === 'editor')).toBe(true);
    const page = await as(admin, r.users.GET, '/api/admin/users?limit=2&page=1');
    expect(page.json.data).toHaveLength(2);
    expect(page.json.pagination).toMatchObject({ currentPage: 1, pageSize: 2 });
    expect(page.json.pagination.totalItems).toBeGreaterThan(3);
    expect((await as(admin, r.users.GET, '/api/admin/users?role=owner')).status).toBe(422);
  });

  it('blocking ends the user\'s sessions at once (their next call is refused), with one audit entry; unblocking lifts it', async () => {
    const d = await db();
    const target = await makeUser(d);
    expect((await call(r.profile.GET, `/api/client/user/fetchProfile?userId=${target.id}`, { token: target.token })).status).toBe(200);
    const { result: res, entry } = await oneEntry(() => as(admin, r.userOne.PATCH, '/x', { method: 'PATCH', params: { id: target.id }, body: { isBlocked: true } }));
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ id: target.id, isBlocked: true });
    expect(entry).toMatchObject({ action: 'user.block', entity: 'user', entityId: target.id, before: { isBlocked: false, tokenVersion: 0 }, after: { isBlocked: true, tokenVersion: 1 } });
    const refused = await call(r.profile.GET, `/api/client/user/fetchProfile?userId=${target.id}`, { token: target.token });
    expect([401, 403]).toContain(refused.status);

    const { entry: unblock } = await oneEntry(() => as(admin, r.userOne.PATCH, '/x', { method: 'PATCH', params: { id: target.id }, body: { isBlocked: false } }));
    expect(unblock).toMatchObject({ action: 'user.unblock', before: { isBlocked: true }, after: { isBlocked: false } });
    // The old token stays ended: unblocking does not bring back sessions a block ended.
    expect([401, 403]).toContain((await call(r.profile.GET, `/api/client/user/fetchProfile?userId=${target.id}`, { token: target.token })).status);
  });

  it('moves a user between viewer and editor (the studio follows at once), with one audit entry each', async () => {
    const d = await db();
    const target = await makeUser(d);
    expect((await call(r.me.GET, '/api/admin/me', { token: target.token })).status).toBe(403);
    const { entry } = await oneEntry(() => as(admin, r.userOne.PATCH, '/x', { method: 'PATCH', params: { id: target.id }, body: { role: 'editor' } }));
    expect(entry).toMatchObject({ action: 'user.role', entityId: target.id, actorId: admin.id, before: { role: 'viewer' }, after: { role: 'editor' } });
    expect((await call(r.me.GET, '/api/admin/me', { token: target.token })).json.data).toMatchObject({ role: 'editor' });
    await oneEntry(() => as(admin, r.userOne.PATCH, '/x', { method: 'PATCH', params: { id: target.id }, body: { role: 'viewer' } }));
    expect((await call(r.me.GET, '/api/admin/me', { token: target.token })).status).toBe(403);
  });

  it('never grants admin (422), never changes an admin or oneself (409); unknown ids 404; one change per call', async () => {
    const d = await db();
    const target = await makeUser(d);
    const otherAdmin = await makeUser(d, { role: 'admin' });
    const before = await auditCount();
    const grant = await as(admin, r.userOne.PATCH, '/x', { method: 'PATCH', params: { id: target.id }, body: { role: 'admin' } });
    expect(grant.status).toBe(422);
    expect(grant.json.message).toContain('npm run user:role');
    expect((await as(admin, r.userOne.PATCH, '/x', { method: 'PATCH', params: { id: admin.id }, body: { isBlocked: true } })).status).toBe(409);
    expect((await as(admin, r.userOne.PATCH, '/x', { method: 'PATCH', params: { id: admin.id }, body: { role: 'viewer' } })).status).toBe(409);
    expect((await as(admin, r.userOne.PATCH, '/x', { method: 'PATCH', params: { id: otherAdmin.id }, body: { role: 'editor' } })).status).toBe(409);
    expect((await as(admin, r.userOne.PATCH, '/x', { method: 'PATCH', params: { id: otherAdmin.id }, body: { isBlocked: true } })).status).toBe(409);
    expect((await as(admin, r.userOne.PATCH, '/x', { method: 'PATCH', params: { id: UNKNOWN }, body: { isBlocked: true } })).status).toBe(404);
    expect((await as(admin, r.userOne.PATCH, '/x', { method: 'PATCH', params: { id: target.id }, body: { isBlocked: true, role: 'editor' } })).status).toBe(422);
    expect((await as(admin, r.userOne.PATCH, '/x', { method: 'PATCH', params: { id: target.id }, body: {} })).status).toBe(422);
    expect(await auditCount()).toBe(before);
    const rows = await d.select({ id: users.id, role: users.role, isBlocked: users.isBlocked }).from(users).where(sql`${users.id} in (${admin.id}, ${otherAdmin.id}, ${target.id})`);
    expect(rows.find((u) => u.id === admin.id)).toMatchObject({ role: 'admin', isBlocked: false });
    expect(rows.find((u) => u.id === otherAdmin.id)).toMatchObject({ role: 'admin', isBlocked: false });
    expect(rows.find((u) => u.id === target.id)).toMatchObject({ role: 'viewer', isBlocked: false });
  });
});

describe('audit log', () => {
  it('lists newest first with filters by entity, entity id and actor, a page at a time', async () => {
    const all = await as(admin, r.audit.GET, '/api/admin/audit?limit=100');
    expect(all.status).toBe(200);
    const entries = all.json.data as { createdAt: string; entity: string; entityId: string | null; actorId: string | null; action: string }[];
    expect(entries.length).toBeGreaterThan(10);
    const times = entries.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.json.entities).toEqual(expect.arrayContaining(['coin_plan', 'premium_price', 'user', 'vip_plan']));

    const plans = await as(admin, r.audit.GET, '/api/admin/audit?entity=vip_plan&limit=100');
    expect(plans.json.data.length).toBeGreaterThan(0);
    expect(plans.json.data.every((e: { entity: string }) => e.entity === 'vip_plan')).toBe(true);

    const monthly = (await (await db()).select({ id: vipPlans.id }).from(vipPlans).where(eq(vipPlans.subscriptionType, 'monthly')))[0].id;
    const one = await as(admin, r.audit.GET, `/api/admin/audit?entity=vip_plan&entityId=${monthly}`);
    expect(one.json.data.length).toBeGreaterThanOrEqual(3);
    expect(one.json.data.every((e: { entityId: string }) => e.entityId === monthly)).toBe(true);
    expect(one.json.data[0]).toMatchObject({ action: 'vip_plan.update', before: expect.any(Object), after: expect.any(Object) });

    const byId = await as(admin, r.audit.GET, `/api/admin/audit?actor=${admin.id}&limit=100`);
    const byEmail = await as(admin, r.audit.GET, `/api/admin/audit?actor=${encodeURIComponent(`${admin.id}@EXAMPLE`)}&limit=100`);
    expect(byId.json.data.length).toBe(entries.filter((e) => e.actorId === admin.id).length);
    expect(byEmail.json.data.map((e: { id: string }) => e.id)).toEqual(byId.json.data.map((e: { id: string }) => e.id));
    expect((await as(admin, r.audit.GET, `/api/admin/audit?actor=${editor.id}`)).json.data).toEqual([]);

    const page2 = await as(admin, r.audit.GET, '/api/admin/audit?limit=5&page=2');
    expect(page2.json.data.map((e: { id: string }) => e.id)).toEqual((entries as unknown as { id: string }[]).slice(5, 10).map((e) => e.id));
    expect(page2.json.pagination).toMatchObject({ currentPage: 2, pageSize: 5, totalItems: entries.length });
    expect((await as(admin, r.audit.GET, '/api/admin/audit?entity=Vip%20Plan')).status).toBe(422);
  });
});

// The ids the sweep of hostile-input.test.ts and admin-access.test.ts put in paths are well formed but unknown.
it('a placeholder id is a clean 404 at every change', async () => {
  const id = newId();
  expect((await as(admin, r.vipOne.DELETE, '/x', { method: 'DELETE', params: { id } })).status).toBe(404);
  expect((await as(admin, r.coinOne.DELETE, '/x', { method: 'DELETE', params: { id } })).status).toBe(404);
  expect((await as(admin, r.premiumOne.DELETE, '/x', { method: 'DELETE', params: { id } })).status).toBe(404);
  expect((await as(admin, r.userOne.PATCH, '/x', { method: 'PATCH', params: { id }, body: { role: 'editor' } })).status).toBe(404);
});
