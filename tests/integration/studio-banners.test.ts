import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as listBanners, POST as createBanner } from '@/app/api/admin/banners/route';
import { DELETE as deleteBanner, PATCH as updateBanner } from '@/app/api/admin/banners/[id]/route';
import { PUT as reorderBanners } from '@/app/api/admin/banners/order/route';
import { newId } from '@/lib/ids';
import { listBanners as publicBanners } from '@/lib/server/cache';
import { auditLog, banners, movieSeries } from '@/lib/server/db/schema';
import { openAppDb } from '../fixtures/app-db';
import { call } from '../fixtures/http';
import { makeUser } from '../fixtures/users';

/** The home carousel's banners, edited in the studio: each change one audit entry, and the public list follows at once. */

const appDb = openAppDb({ seed: true });
afterAll(() => appDb.close());

let editor: { id: string; token: string };
let viewer: { id: string; token: string };

beforeAll(async () => {
  const db = await appDb.db();
  [editor, viewer] = await Promise.all([makeUser(db, { role: 'editor' }), makeUser(db)]);
});

const auditCount = async (action: string) => (await (await appDb.db()).select().from(auditLog).where(eq(auditLog.action, action))).length;
type Banner = { id: string; movieSeriesId: string; titleName: string; imageUrl: string; sortOrder: number; isActive: boolean };
const list = async (): Promise<Banner[]> => (await call(listBanners, '/api/admin/banners', { token: editor.token })).json.data;

describe('banners', () => {
  it('lists, adds (last, active), toggles, reorders and deletes, one audit entry each', async () => {
    const db = await appDb.db();
    const seeded = await list();
    expect(seeded.length).toBeGreaterThan(1);
    expect(seeded.map((b) => b.sortOrder)).toEqual([...seeded.map((b) => b.sortOrder)].sort((a, b) => a - b));
    expect(seeded[0].imageUrl).not.toBe('');
    // The public list is read (and memoized) before the change: the change must purge it.
    const publicBefore = await publicBanners();

    const [title] = await db.select({ id: movieSeries.id, name: movieSeries.name }).from(movieSeries).orderBy(asc(movieSeries.name)).limit(1);
    const creates = await auditCount('banner.create');
    const added = await call(createBanner, '/api/admin/banners', { method: 'POST', token: editor.token, body: { movieSeriesId: title.id } });
    expect(added.status).toBe(200);
    expect(await auditCount('banner.create')).toBe(creates + 1);
    const mine = (added.json.data as Banner[]).at(-1)!;
    expect(mine).toMatchObject({ movieSeriesId: title.id, titleName: title.name, isActive: true });
    expect((await publicBanners()).length).toBe(publicBefore.length + 1);

    const updates = await auditCount('banner.update');
    const off = await call(updateBanner, `/api/admin/banners/${mine.id}`, { method: 'PATCH', token: editor.token, params: { id: mine.id }, body: { isActive: false } });
    expect(off.status).toBe(200);
    expect((off.json.data as Banner[]).find((b) => b.id === mine.id)!.isActive).toBe(false);
    expect(await auditCount('banner.update')).toBe(updates + 1);
    expect((await publicBanners()).length).toBe(publicBefore.length);

    const ids = (off.json.data as Banner[]).map((b) => b.id).reverse();
    const reorders = await auditCount('banner.reorder');
    const reordered = await call(reorderBanners, '/api/admin/banners/order', { method: 'PUT', token: editor.token, body: { ids } });
    expect(reordered.status).toBe(200);
    expect((reordered.json.data as Banner[]).map((b) => [b.id, b.sortOrder])).toEqual(ids.map((id, i) => [id, i + 1]));
    expect(await auditCount('banner.reorder')).toBe(reorders + 1);
    const partial = await call(reorderBanners, '/api/admin/banners/order', { method: 'PUT', token: editor.token, body: { ids: ids.slice(1) } });
    expect(partial.status).toBe(422);

    const deletes = await auditCount('banner.delete');
    const gone = await call(deleteBanner, `/api/admin/banners/${mine.id}`, { method: 'DELETE', token: editor.token, params: { id: mine.id } });
    expect(gone.status).toBe(200);
    expect(await db.select().from(banners).where(eq(banners.id, mine.id))).toHaveLength(0);
    expect(await auditCount('banner.delete')).toBe(deletes + 1);
  });

  it('refuses bad input with 4xx by field, an unknown banner with 404, and a viewer with 403', async () => {
    const unknownTitle = await call(createBanner, '/api/admin/banners', { method: 'POST', token: editor.token, body: { movieSeriesId: newId() } });
    expect(unknownTitle.status).toBe(422);
    expect(unknownTitle.json.message).toContain('movieSeriesId');
    const badId = await call(createBanner, '/api/admin/banners', { method: 'POST', token: editor.token, body: { movieSeriesId: 'x' } });
    expect(badId.status).toBe(422);
    const nothing = await call(updateBanner, `/api/admin/banners/${newId()}`, { method: 'PATCH', token: editor.token, params: { id: newId() }, body: {} });
    expect(nothing.status).toBe(422);
    const missing = await call(updateBanner, `/api/admin/banners/${newId()}`, { method: 'PATCH', token: editor.token, params: { id: newId() }, body: { isActive: true } });
    expect(missing.status).toBe(404);
    const asViewer = await call(listBanners, '/api/admin/banners', { token: viewer.token });
    expect(asViewer.status).toBe(403);
  });
});
