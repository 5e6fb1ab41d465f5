import 'server-only';
import { and, asc, count, eq, ilike, isNull, max, sql, type SQL } from 'drizzle-orm';
import type { PremiumCandidate, StudioCoinPlan, StudioPremiumPrice, StudioVipPlan } from '@/lib/contracts/studio-admin';
import type { Pagination } from '@/lib/contracts/receipts';
import { newId } from '@/lib/ids';
import { MOVIE_TYPE } from '@/lib/constants';
import { episodeHref, fullEpisodesHref, movieHref } from '@/lib/routes';
import { catalogChanged } from '@/lib/server/cache';
import type { Db, Tx } from '@/lib/server/db/client';
import { coinPlans, movieSeries, payments, premiumVideoPrices, subscriptions, videos, vipPlans } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import type {
  CoinPlanCreateBody,
  CoinPlanUpdateBody,
  PremiumPriceCreateBody,
  PremiumPriceUpdateBody,
  VipPlanCreateBody,
  VipPlanUpdateBody,
} from '@/lib/contracts/studio-admin';
import { writeAudit, type AuditActor } from './audit';
import { containsPattern } from '@/lib/server/db/like';
import { setPositions } from '@/lib/server/db/positions';

/**
 * Prices and plans (issue 13 item 2, admins only). Each change and its audit entry commit in one transaction; the
 * viewer side reads the same rows (availablePlans, availableCoinPlans, the premium join), so what is saved here is
 * what /subscription, the top-up dialog and 'Buy for ₱X' show.
 *
 * Payments keep their own amount, so a new price never touches a pending payment. What a plan *grants* (its coins,
 * VIP days, type) is read from the plan at fulfilment and on receipts, so once any payment names a plan those terms
 * are frozen (409: deactivate it and add a new plan) and the plan is never deleted (the FKs restrict it as well).
 */

type VipRow = typeof vipPlans.$inferSelect;
type CoinRow = typeof coinPlans.$inferSelect;

const iso = (d: Date) => d.toISOString();

/** The PostgreSQL error code of a failed statement (drizzle wraps the driver's error in `cause`). */
function pgCode(err: unknown): string | null {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return null;
}
const UNIQUE_VIOLATION = '23505';
const FK_VIOLATION = '23503';

const IN_USE_DELETE = 'Payments reference this plan, so it cannot be deleted. Deactivate it instead: viewers stop seeing it, and its receipts stay intact.';
const IN_USE_TERMS = 'Payments reference this plan, so what it grants cannot change (receipts and pending payments read it). Deactivate it and add a new plan instead.';

const vipPaymentCount = sql<number>`(select count(*)::int from ${payments} where ${payments.vipPlanId} = ${vipPlans.id})`;
const coinPaymentCount = sql<number>`(select count(*)::int from ${payments} where ${payments.coinPlanId} = ${coinPlans.id})`;

const toVip = (p: VipRow, paymentCount: number): StudioVipPlan => ({
  id: p.id,
  subscriptionType: p.subscriptionType,
  priceCentavos: p.priceCentavos,
  validityDays: p.validityDays,
  isActive: p.isActive,
  sortOrder: p.sortOrder,
  updatedAt: iso(p.updatedAt),
  paymentCount,
});

const toCoin = (p: CoinRow, paymentCount: number): StudioCoinPlan => ({
  id: p.id,
  coins: p.coins,
  bonusCoins: p.bonusCoins,
  priceCentavos: p.priceCentavos,
  isActive: p.isActive,
  sortOrder: p.sortOrder,
  updatedAt: iso(p.updatedAt),
  paymentCount,
});

/** What an audit entry keeps of a row: everything but the bookkeeping timestamps. */
function auditable<T extends { createdAt: Date; updatedAt: Date }>(row: T): Omit<T, 'createdAt' | 'updatedAt'> {
  const { createdAt: _c, updatedAt: _u, ...rest } = row;
  return rest;
}

// ---------------------------------------------------------------------------------------------------------------------
// VIP plans

export async function listVipPlans(db: Db): Promise<StudioVipPlan[]> {
  const rows = await db.select({ plan: vipPlans, n: vipPaymentCount }).from(vipPlans).orderBy(asc(vipPlans.sortOrder), asc(vipPlans.priceCentavos), asc(vipPlans.id));
  return rows.map((r) => toVip(r.plan, r.n));
}

async function lockVip(tx: Tx, id: string): Promise<{ plan: VipRow; paymentCount: number }> {
  const [plan] = await tx.select().from(vipPlans).where(eq(vipPlans.id, id)).for('update');
  if (!plan) throw new AppError('E_NOT_FOUND', 'VIP plan not found.');
  const [{ n }] = await tx.select({ n: count() }).from(payments).where(eq(payments.vipPlanId, id));
  return { plan, paymentCount: n };
}

const duplicateType = (type: string) => new AppError('E_CONFLICT', `There is already a '${type}' plan: each plan type appears once.`);

async function typeTaken(tx: Tx, type: string, exceptId: string | null): Promise<boolean> {
  const [row] = await tx.select({ id: vipPlans.id }).from(vipPlans).where(eq(vipPlans.subscriptionType, type));
  return !!row && row.id !== exceptId;
}

export async function createVipPlan(db: Db, actor: AuditActor, body: VipPlanCreateBody): Promise<StudioVipPlan> {
  const created = await db
    .transaction(async (tx) => {
      if (await typeTaken(tx, body.subscriptionType, null)) throw duplicateType(body.subscriptionType);
      const [{ last }] = await tx.select({ last: max(vipPlans.sortOrder) }).from(vipPlans);
      const [plan] = await tx
        .insert(vipPlans)
        .values({ id: newId(), subscriptionType: body.subscriptionType, priceCentavos: body.priceCentavos, validityDays: body.validityDays, isActive: body.isActive, sortOrder: (last ?? -1) + 1 })
        .returning();
      await writeAudit(tx, actor, { action: 'vip_plan.create', entity: 'vip_plan', entityId: plan.id, before: null, after: auditable(plan) });
      return plan;
    })
    .catch((err: unknown) => {
      // Two admins adding the same type at once: the unique index decides.
      if (pgCode(err) === UNIQUE_VIOLATION) throw duplicateType(body.subscriptionType);
      throw err;
    });
  await catalogChanged();
  return toVip(created, 0);
}

export async function updateVipPlan(db: Db, actor: AuditActor, id: string, body: VipPlanUpdateBody): Promise<StudioVipPlan> {
  const updated = await db
    .transaction(async (tx) => {
      const { plan, paymentCount } = await lockVip(tx, id);
      const termsChange =
        (body.subscriptionType !== undefined && body.subscriptionType !== plan.subscriptionType) ||
        (body.validityDays !== undefined && body.validityDays !== plan.validityDays);
      if (termsChange && paymentCount > 0) throw new AppError('E_CONFLICT', IN_USE_TERMS);
      if (body.subscriptionType !== undefined && (await typeTaken(tx, body.subscriptionType, id))) throw duplicateType(body.subscriptionType);
      const [after] = await tx.update(vipPlans).set({ ...body, updatedAt: new Date() }).where(eq(vipPlans.id, id)).returning();
      await writeAudit(tx, actor, { action: 'vip_plan.update', entity: 'vip_plan', entityId: id, before: auditable(plan), after: auditable(after) });
      return { after, paymentCount };
    })
    .catch((err: unknown) => {
      if (pgCode(err) === UNIQUE_VIOLATION) throw duplicateType(body.subscriptionType ?? '');
      throw err;
    });
  await catalogChanged();
  return toVip(updated.after, updated.paymentCount);
}

export async function deleteVipPlan(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db
    .transaction(async (tx) => {
      const { plan, paymentCount } = await lockVip(tx, id);
      const [{ subs }] = await tx.select({ subs: count() }).from(subscriptions).where(eq(subscriptions.vipPlanId, id));
      if (paymentCount > 0 || subs > 0) throw new AppError('E_CONFLICT', IN_USE_DELETE);
      await tx.delete(vipPlans).where(eq(vipPlans.id, id));
      await writeAudit(tx, actor, { action: 'vip_plan.delete', entity: 'vip_plan', entityId: id, before: auditable(plan), after: null });
    })
    .catch(inUseOnFk);
  await catalogChanged();
}

/** A payment that names the plan committed between our count and the delete: the FK refuses, and so do we. */
function inUseOnFk(err: unknown): never {
  if (pgCode(err) === FK_VIOLATION) throw new AppError('E_CONFLICT', IN_USE_DELETE);
  throw err;
}

// ---------------------------------------------------------------------------------------------------------------------
// Coin plans

export async function listCoinPlans(db: Db): Promise<StudioCoinPlan[]> {
  const rows = await db.select({ plan: coinPlans, n: coinPaymentCount }).from(coinPlans).orderBy(asc(coinPlans.sortOrder), asc(coinPlans.priceCentavos), asc(coinPlans.id));
  return rows.map((r) => toCoin(r.plan, r.n));
}

async function lockCoin(tx: Tx, id: string): Promise<{ plan: CoinRow; paymentCount: number }> {
  const [plan] = await tx.select().from(coinPlans).where(eq(coinPlans.id, id)).for('update');
  if (!plan) throw new AppError('E_NOT_FOUND', 'Coin plan not found.');
  const [{ n }] = await tx.select({ n: count() }).from(payments).where(eq(payments.coinPlanId, id));
  return { plan, paymentCount: n };
}

export async function createCoinPlan(db: Db, actor: AuditActor, body: CoinPlanCreateBody): Promise<StudioCoinPlan> {
  const plan = await db.transaction(async (tx) => {
    const [{ last }] = await tx.select({ last: max(coinPlans.sortOrder) }).from(coinPlans);
    const [row] = await tx
      .insert(coinPlans)
      .values({ id: newId(), coins: body.coins, bonusCoins: body.bonusCoins, priceCentavos: body.priceCentavos, isActive: body.isActive, sortOrder: (last ?? -1) + 1 })
      .returning();
    await writeAudit(tx, actor, { action: 'coin_plan.create', entity: 'coin_plan', entityId: row.id, before: null, after: auditable(row) });
    return row;
  });
  await catalogChanged();
  return toCoin(plan, 0);
}

export async function updateCoinPlan(db: Db, actor: AuditActor, id: string, body: CoinPlanUpdateBody): Promise<StudioCoinPlan> {
  const updated = await db.transaction(async (tx) => {
    const { plan, paymentCount } = await lockCoin(tx, id);
    const termsChange = (body.coins !== undefined && body.coins !== plan.coins) || (body.bonusCoins !== undefined && body.bonusCoins !== plan.bonusCoins);
    if (termsChange && paymentCount > 0) throw new AppError('E_CONFLICT', IN_USE_TERMS);
    const [after] = await tx.update(coinPlans).set({ ...body, updatedAt: new Date() }).where(eq(coinPlans.id, id)).returning();
    await writeAudit(tx, actor, { action: 'coin_plan.update', entity: 'coin_plan', entityId: id, before: auditable(plan), after: auditable(after) });
    return { after, paymentCount };
  });
  await catalogChanged();
  return toCoin(updated.after, updated.paymentCount);
}

export async function deleteCoinPlan(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db
    .transaction(async (tx) => {
      const { plan, paymentCount } = await lockCoin(tx, id);
      if (paymentCount > 0) throw new AppError('E_CONFLICT', IN_USE_DELETE);
      await tx.delete(coinPlans).where(eq(coinPlans.id, id));
      await writeAudit(tx, actor, { action: 'coin_plan.delete', entity: 'coin_plan', entityId: id, before: auditable(plan), after: null });
    })
    .catch(inUseOnFk);
  await catalogChanged();
}

// ---------------------------------------------------------------------------------------------------------------------
// Display order (VIP and coin plans): one call, one audit entry with the order before and after.

type OrderedTable = typeof vipPlans | typeof coinPlans;

async function reorder(db: Db, actor: AuditActor, table: OrderedTable, entity: 'vip_plan' | 'coin_plan', ids: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: table.id, sortOrder: table.sortOrder })
      .from(table)
      .orderBy(asc(table.sortOrder), asc(table.priceCentavos), asc(table.id))
      .for('update');
    const known = new Set(rows.map((r) => r.id));
    if (ids.length !== rows.length || ids.some((id) => !known.has(id))) {
      throw new AppError('E_VALIDATION', 'The new order must list every plan exactly once (reload the page: plans may have changed).');
    }
    await setPositions(tx, table, table.sortOrder, ids, 0);
    await writeAudit(tx, actor, { action: `${entity}.reorder`, entity, entityId: null, before: { order: rows.map((r) => r.id) }, after: { order: ids } });
  });
  await catalogChanged();
}

export async function orderVipPlans(db: Db, actor: AuditActor, ids: string[]): Promise<StudioVipPlan[]> {
  await reorder(db, actor, vipPlans, 'vip_plan', ids);
  return listVipPlans(db);
}

export async function orderCoinPlans(db: Db, actor: AuditActor, ids: string[]): Promise<StudioCoinPlan[]> {
  await reorder(db, actor, coinPlans, 'coin_plan', ids);
  return listCoinPlans(db);
}

// ---------------------------------------------------------------------------------------------------------------------
// Premium-video prices (one per video; payments name the video, not the price row)

type VideoInfo = { seriesId: string; seriesName: string; seriesType: number; episodeNumber: number };

const labelOf = (v: VideoInfo) => (v.seriesType === MOVIE_TYPE.MOVIE ? v.seriesName : `${v.seriesName} · Episode ${v.episodeNumber}`);

const priceColumns = {
  price: premiumVideoPrices,
  seriesId: movieSeries.id,
  seriesName: movieSeries.name,
  seriesType: movieSeries.type,
  episodeNumber: videos.episodeNumber,
  n: sql<number>`(select count(*)::int from ${payments} where ${payments.videoId} = ${premiumVideoPrices.videoId})`,
};
type PriceRow = { price: typeof premiumVideoPrices.$inferSelect; n: number } & VideoInfo;

const toPremium = (r: PriceRow): StudioPremiumPrice => ({
  id: r.price.id,
  videoId: r.price.videoId,
  priceCentavos: r.price.priceCentavos,
  isActive: r.price.isActive,
  label: labelOf(r),
  seriesId: r.seriesId,
  seriesName: r.seriesName,
  episodeNumber: r.episodeNumber,
  updatedAt: iso(r.price.updatedAt),
  paymentCount: r.n,
});

export async function listPremiumPrices(db: Db, q: { q?: string; page: number; limit: number }): Promise<{ data: StudioPremiumPrice[]; pagination: Pagination }> {
  const where: SQL | undefined = q.q ? ilike(movieSeries.name, containsPattern(q.q)) : undefined;
  const base = () => db.select(priceColumns).from(premiumVideoPrices).innerJoin(videos, eq(videos.id, premiumVideoPrices.videoId)).innerJoin(movieSeries, eq(movieSeries.id, videos.movieSeriesId));
  const [{ total }] = await db
    .select({ total: count() })
    .from(premiumVideoPrices)
    .innerJoin(videos, eq(videos.id, premiumVideoPrices.videoId))
    .innerJoin(movieSeries, eq(movieSeries.id, videos.movieSeriesId))
    .where(where);
  const rows = await base()
    .where(where)
    .orderBy(asc(movieSeries.name), asc(videos.episodeNumber), asc(premiumVideoPrices.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { data: rows.map(toPremium), pagination: { currentPage: q.page, pageSize: q.limit, totalItems: total, totalPages: Math.ceil(total / q.limit) } };
}

/** Premium videos (not trailers) without a price, to add one: at most 20, by title and episode. */
export async function premiumCandidates(db: Db, q?: string): Promise<PremiumCandidate[]> {
  const rows = await db
    .select({ videoId: videos.id, seriesId: movieSeries.id, seriesName: movieSeries.name, seriesType: movieSeries.type, episodeNumber: videos.episodeNumber })
    .from(videos)
    .innerJoin(movieSeries, eq(movieSeries.id, videos.movieSeriesId))
    .leftJoin(premiumVideoPrices, eq(premiumVideoPrices.videoId, videos.id))
    .where(and(isNull(premiumVideoPrices.id), eq(videos.isPremium, true), sql`${videos.episodeNumber} > 0`, q ? ilike(movieSeries.name, containsPattern(q)) : undefined))
    .orderBy(asc(movieSeries.name), asc(videos.episodeNumber))
    .limit(20);
  return rows.map((r) => ({ videoId: r.videoId, label: labelOf(r), seriesName: r.seriesName, episodeNumber: r.episodeNumber }));
}

async function priceById(db: Db | Tx, id: string): Promise<PriceRow | null> {
  const [row] = await db
    .select(priceColumns)
    .from(premiumVideoPrices)
    .innerJoin(videos, eq(videos.id, premiumVideoPrices.videoId))
    .innerJoin(movieSeries, eq(movieSeries.id, videos.movieSeriesId))
    .where(eq(premiumVideoPrices.id, id));
  return row ?? null;
}

/** The pages that show a video's 'Buy for ₱X': its title's page, full episodes and the episode's own page. */
async function premiumChanged(v: VideoInfo): Promise<void> {
  const title = { _id: v.seriesId, name: v.seriesName };
  await catalogChanged({ titleIds: [v.seriesId], paths: [movieHref(title), fullEpisodesHref(title), episodeHref(title, v.episodeNumber)] });
}

export async function createPremiumPrice(db: Db, actor: AuditActor, body: PremiumPriceCreateBody): Promise<StudioPremiumPrice> {
  const exists = () => new AppError('E_CONFLICT', 'This video already has a price: edit that one.');
  const row = await db
    .transaction(async (tx) => {
      const [video] = await tx.select({ id: videos.id, isPremium: videos.isPremium, episodeNumber: videos.episodeNumber }).from(videos).where(eq(videos.id, body.videoId)).for('update');
      if (!video) throw new AppError('E_NOT_FOUND', 'Video not found.');
      if (!video.isPremium || video.episodeNumber === 0) throw new AppError('E_VALIDATION', 'Only premium episodes and movies are sold: this video is free to watch.');
      const [taken] = await tx.select({ id: premiumVideoPrices.id }).from(premiumVideoPrices).where(eq(premiumVideoPrices.videoId, body.videoId));
      if (taken) throw exists();
      const [price] = await tx.insert(premiumVideoPrices).values({ id: newId(), videoId: body.videoId, priceCentavos: body.priceCentavos, isActive: body.isActive }).returning();
      await writeAudit(tx, actor, { action: 'premium_price.create', entity: 'premium_price', entityId: price.id, before: null, after: auditable(price) });
      return (await priceById(tx, price.id))!;
    })
    .catch((err: unknown) => {
      if (pgCode(err) === UNIQUE_VIOLATION) throw exists();
      throw err;
    });
  await premiumChanged(row);
  return toPremium(row);
}

export async function updatePremiumPrice(db: Db, actor: AuditActor, id: string, body: PremiumPriceUpdateBody): Promise<StudioPremiumPrice> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(premiumVideoPrices).where(eq(premiumVideoPrices.id, id)).for('update');
    if (!before) throw new AppError('E_NOT_FOUND', 'Premium video price not found.');
    const [after] = await tx.update(premiumVideoPrices).set({ ...body, updatedAt: new Date() }).where(eq(premiumVideoPrices.id, id)).returning();
    await writeAudit(tx, actor, { action: 'premium_price.update', entity: 'premium_price', entityId: id, before: auditable(before), after: auditable(after) });
    return (await priceById(tx, id))!;
  });
  await premiumChanged(row);
  return toPremium(row);
}

/** Deleting stops the sale; once anyone has paid (or is paying) for the video, deactivate instead, so its history reads whole. */
export async function deletePremiumPrice(db: Db, actor: AuditActor, id: string): Promise<void> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(premiumVideoPrices).where(eq(premiumVideoPrices.id, id)).for('update');
    if (!before) throw new AppError('E_NOT_FOUND', 'Premium video price not found.');
    const info = (await priceById(tx, id))!;
    if (info.n > 0) throw new AppError('E_CONFLICT', 'Payments reference this video, so its price cannot be deleted. Deactivate it instead.');
    await tx.delete(premiumVideoPrices).where(eq(premiumVideoPrices.id, id));
    await writeAudit(tx, actor, { action: 'premium_price.delete', entity: 'premium_price', entityId: id, before: auditable(before), after: null });
    return info;
  });
  await premiumChanged(row);
}

