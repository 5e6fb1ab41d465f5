import 'server-only';
import { asc, eq, max } from 'drizzle-orm';
import type { StudioBanner } from '@/lib/contracts/studio-titles';
import { newId } from '@/lib/ids';
import { catalogChanged } from '@/lib/server/cache';
import { imageUrl } from '@/lib/server/catalog';
import type { Db, DbOrTx } from '@/lib/server/db/client';
import { banners, movieSeries } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { actorOf, writeAudit } from './audit';
import { setPositions } from '@/lib/server/db/positions';

/** The home page's banner carousel, in order: each banner is a title, with its own wide image or the title's. */

type Actor = { id: string; email: string | null };
type BannerRow = typeof banners.$inferSelect;

async function readBanners(db: DbOrTx): Promise<StudioBanner[]> {
  const rows = await db
    .select({ b: banners, titleName: movieSeries.name, titleBanner: movieSeries.banner })
    .from(banners)
    .innerJoin(movieSeries, eq(movieSeries.id, banners.movieSeriesId))
    .orderBy(asc(banners.sortOrder), asc(banners.createdAt));
  return rows.map(({ b, titleName, titleBanner }) => ({
    id: b.id,
    movieSeriesId: b.movieSeriesId,
    titleName,
    image: b.image,
    imageUrl: imageUrl(b.image || titleBanner),
    sortOrder: b.sortOrder,
    isActive: b.isActive,
  }));
}

/** GET api/admin/banners */
export const listStudioBanners = (db: Db) => readBanners(db);

async function lockBanner(tx: DbOrTx, id: string): Promise<BannerRow> {
  const [row] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
  if (!row) throw new AppError('E_NOT_FOUND', 'This banner does not exist.');
  return row;
}

/** POST api/admin/banners: added last, active. */
export async function createBanner(db: Db, user: Actor, body: { movieSeriesId: string; image: string }): Promise<StudioBanner[]> {
  await db.transaction(async (tx) => {
    const [title] = await tx.select({ id: movieSeries.id }).from(movieSeries).where(eq(movieSeries.id, body.movieSeriesId));
    if (!title) throw new AppError('E_VALIDATION', 'Invalid body: movieSeriesId: this title does not exist');
    const [{ top }] = await tx.select({ top: max(banners.sortOrder) }).from(banners);
    const [row] = await tx.insert(banners).values({ id: newId(), movieSeriesId: body.movieSeriesId, image: body.image, sortOrder: (top ?? 0) + 1, isActive: true }).returning();
    await writeAudit(tx, actorOf(user), { action: 'banner.create', entity: 'banner', entityId: row.id, before: null, after: row });
  });
  await catalogChanged();
  return readBanners(db);
}

/** PATCH api/admin/banners/{id}: active or not, its image. */
export async function updateBanner(db: Db, user: Actor, id: string, body: { isActive?: boolean; image?: string }): Promise<StudioBanner[]> {
  await db.transaction(async (tx) => {
    const before = await lockBanner(tx, id);
    const [after] = await tx.update(banners).set({ ...body, updatedAt: new Date() }).where(eq(banners.id, id)).returning();
    await writeAudit(tx, actorOf(user), { action: 'banner.update', entity: 'banner', entityId: id, before, after });
  });
  await catalogChanged();
  return readBanners(db);
}

/** DELETE api/admin/banners/{id} */
export async function deleteBanner(db: Db, user: Actor, id: string): Promise<StudioBanner[]> {
  await db.transaction(async (tx) => {
    const before = await lockBanner(tx, id);
    await tx.delete(banners).where(eq(banners.id, id));
    await writeAudit(tx, actorOf(user), { action: 'banner.delete', entity: 'banner', entityId: id, before, after: null });
  });
  await catalogChanged();
  return readBanners(db);
}

/** PUT api/admin/banners/order: every banner once, in the new order (sort_order 1..n). */
export async function reorderBanners(db: Db, user: Actor, ids: string[]): Promise<StudioBanner[]> {
  await db.transaction(async (tx) => {
    const current = await tx.select({ id: banners.id, sortOrder: banners.sortOrder }).from(banners).orderBy(asc(banners.sortOrder), asc(banners.createdAt)).for('update');
    const known = new Set(current.map((r) => r.id));
    if (ids.length !== current.length || !ids.every((id) => known.has(id))) throw new AppError('E_VALIDATION', 'Invalid body: ids: list every banner once');
    await setPositions(tx, banners, banners.sortOrder, ids);
    await writeAudit(tx, actorOf(user), {
      action: 'banner.reorder',
      entity: 'banner',
      entityId: null,
      before: { order: current.map((r) => r.id) },
      after: { order: ids },
    });
  });
  await catalogChanged();
  return readBanners(db);
}
