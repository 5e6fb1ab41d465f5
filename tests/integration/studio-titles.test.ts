import { buffer } from 'node:stream/consumers';
import path from 'node:path';
import { and, asc, eq, gt } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as listTitles, POST as createTitle } from '@/app/api/admin/titles/route';
import { DELETE as deleteTitle, GET as getTitle, PUT as updateTitle } from '@/app/api/admin/titles/[id]/route';
import { POST as publishTitle } from '@/app/api/admin/titles/[id]/publish/route';
import { POST as createSeason } from '@/app/api/admin/titles/[id]/seasons/route';
import { POST as createEpisode } from '@/app/api/admin/titles/[id]/episodes/route';
import { PUT as reorderEpisodes } from '@/app/api/admin/titles/[id]/episodes/order/route';
import { POST as createTrailer } from '@/app/api/admin/titles/[id]/trailer/route';
import { DELETE as deleteSeason, PATCH as updateSeason } from '@/app/api/admin/seasons/[id]/route';
import { DELETE as deleteEpisode, PATCH as updateEpisode } from '@/app/api/admin/episodes/[id]/route';
import { POST as publishEpisode } from '@/app/api/admin/episodes/[id]/publish/route';
import { POST as uploadImage } from '@/app/api/admin/images/route';
import { GET as taxonomy } from '@/app/api/admin/taxonomy/route';
import { POST as createArtist } from '@/app/api/admin/taxonomy/artists/route';
import { newId } from '@/lib/ids';
import { imageSrcSet } from '@/lib/images';
import { auditLog, jobs, movieSeries, payments, seasons, videos } from '@/lib/server/db/schema';
import { openContentKey } from '@/lib/server/drm/keys';
import { mediaStorage } from '@/lib/server/storage';
import { openAppDb } from '../fixtures/app-db';
import { API_KEY, call } from '../fixtures/http';
import { makeUser } from '../fixtures/users';

/** The studio's catalogue editing through the real handlers: an editor's changes, their audit entries, their limits. */

const appDb = openAppDb({ seed: true });
/** Image folders written to media storage by these tests, removed at the end. */
const written: string[] = [];
afterAll(async () => {
  await Promise.all(written.map((folder) => mediaStorage().deletePrefix(`${folder}/`)));
  await appDb.close();
});

let editor: { id: string; token: string };
let viewer: { id: string; token: string };
let genres: { id: string; name: string }[];
let tagList: { id: string; name: string }[];
let artistList: { id: string; name: string }[];

beforeAll(async () => {
  const db = await appDb.db();
  [editor, viewer] = await Promise.all([makeUser(db, { role: 'editor' }), makeUser(db)]);
  const t = await call(taxonomy, '/api/admin/taxonomy', { token: editor.token });
  expect(t.status).toBe(200);
  ({ genres, tags: tagList, artists: artistList } = t.json.data);
});

const auditFor = async (entityId: string) => (await appDb.db()).select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(asc(auditLog.createdAt));

/** Runs a change and asserts it wrote exactly one audit entry about `entityId` (when known before the call). */
async function oneAudit<T>(entityId: string, action: string, change: () => Promise<T>): Promise<T> {
  const before = (await auditFor(entityId)).length;
  const result = await change();
  const after = await auditFor(entityId);
  expect(after.length - before, `audit entries for ${action}`).toBe(1);
  expect(after.at(-1)).toMatchObject({ action, actorId: editor.id });
  return result;
}

const titleBody = (over: Record<string, unknown> = {}) => ({
  name: 'Pag-ibig sa Ulan',
  type: 'series',
  description: 'Isang kuwento ng pag-ibig.',
  releaseYear: 2026,
  isPremium: false,
  genreIds: [genres[0].id, genres[1].id],
  tagIds: [tagList[0].id],
  artistIds: [artistList[0].id],
  ...over,
});

async function newTitle(over: Record<string, unknown> = {}): Promise<Record<string, any>> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const res = await call(createTitle, '/api/admin/titles', { method: 'POST', token: editor.token, body: titleBody(over) });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
}

async function addEpisode(titleId: string, episodeNumber: number, over: Record<string, unknown> = {}) {
  const res = await call(createEpisode, `/api/admin/titles/${titleId}/episodes`, {
    method: 'POST',
    token: editor.token,
    params: { id: titleId },
    body: { episodeNumber, title: `Kabanata ${episodeNumber}`, description: '', isPremium: false, coinPrice: 0, ...over },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data as { id: string; episodeNumber: number; mediaStatus: string; status: string };
}

describe('titles', () => {
  it('an editor creates a draft title with its slug, links and one audit entry; the same name gets its own slug', async () => {
    const db = await appDb.db();
    const before = (await db.select().from(auditLog).where(eq(auditLog.action, 'title.create'))).length;
    const title = await newTitle({ name: 'Ang Ñino sa Ulan!' });
    expect(title).toMatchObject({ name: 'Ang Ñino sa Ulan!', slug: 'ang-nino-sa-ulan', type: 'series', status: 'draft', isPublished: false });
    expect(title.genreIds).toEqual([genres[0].id, genres[1].id]);
    expect(title.tagIds).toEqual([tagList[0].id]);
    expect(title.artistIds).toEqual([artistList[0].id]);
    expect(title.episodes).toEqual([]);
    expect(title.trailer).toBeNull();
    const entries = await auditFor(title.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'title.create', entity: 'title', actorId: editor.id, before: null });
    expect((await db.select().from(auditLog).where(eq(auditLog.action, 'title.create'))).length).toBe(before + 1);

    const again = await newTitle({ name: 'Ang Nino sa Ulan' });
    expect(again.slug).toBe('ang-nino-sa-ulan-2');
  });

  it('refuses a bad form with 422 naming the field, and a viewer with 403', async () => {
    const empty = await call(createTitle, '/api/admin/titles', { method: 'POST', token: editor.token, body: titleBody({ name: '   ' }) });
    expect(empty.status).toBe(422);
    expect(empty.json).toMatchObject({ status: false, code: 'E_VALIDATION' });
    expect(empty.json.message).toContain('name');
    const type = await call(createTitle, '/api/admin/titles', { method: 'POST', token: editor.token, body: titleBody({ type: 'podcast' }) });
    expect(type.status).toBe(422);
    expect(type.json.message).toContain('type');
    const unknownGenre = await call(createTitle, '/api/admin/titles', { method: 'POST', token: editor.token, body: titleBody({ genreIds: [newId()] }) });
    expect(unknownGenre.status).toBe(422);
    expect(unknownGenre.json.message).toContain('genreIds');
    const image = await call(createTitle, '/api/admin/titles', { method: 'POST', token: editor.token, body: titleBody({ thumbnail: 'javascript:alert(1)' }) });
    expect(image.status).toBe(422);
    expect(image.json.message).toContain('thumbnail');
    const asViewer = await call(createTitle, '/api/admin/titles', { method: 'POST', token: viewer.token, body: titleBody() });
    expect(asViewer.status).toBe(403);
    const guest = await call(listTitles, '/api/admin/titles');
    expect(guest.status).toBe(401);
  });

  it('lists every title with search, filters, paging and the total', async () => {
    const marker = `Zqx${newId().slice(0, 6)}`;
    const a = await newTitle({ name: `${marker} Una`, type: 'movie', isPremium: true });
    await newTitle({ name: `${marker} Dalawa`, type: 'series' });
    await newTitle({ name: `${marker} Tatlo`, type: 'series' });
    const search = await call(listTitles, `/api/admin/titles?q=${marker.toLowerCase()}&limit=2`, { token: editor.token });
    expect(search.status).toBe(200);
    expect(search.json.data.total).toBe(3);
    expect(search.json.data.items).toHaveLength(2);
    const page2 = await call(listTitles, `/api/admin/titles?q=${marker}&limit=2&page=2`, { token: editor.token });
    expect(page2.json.data.items).toHaveLength(1);
    const movies = await call(listTitles, `/api/admin/titles?q=${marker}&type=movie&premium=true`, { token: editor.token });
    expect(movies.json.data.items.map((t: { id: string }) => t.id)).toEqual([a.id]);
    const drafts = await call(listTitles, `/api/admin/titles?q=${marker}&status=draft`, { token: editor.token });
    expect(drafts.json.data.total).toBe(3);
    const published = await call(listTitles, `/api/admin/titles?q=${marker}&status=published`, { token: editor.token });
    expect(published.json.data.total).toBe(0);
    // The seed's titles are published: the studio sees them too.
    const all = await call(listTitles, '/api/admin/titles?status=published', { token: editor.token });
    expect(all.json.data.total).toBeGreaterThan(5);
    // Each card counts its title's episodes (trailers apart): the seeded series has 11.
    const lihim = await call(listTitles, '/api/admin/titles?q=Lihim ng Bilyonaryo', { token: editor.token });
    expect(lihim.json.data.items[0]).toMatchObject({ name: 'Lihim ng Bilyonaryo', episodeCount: 11 });
    // A wildcard typed into the search is a literal character.
    const wildcard = await call(listTitles, '/api/admin/titles?q=%25', { token: editor.token });
    expect(wildcard.json.data.total).toBe(0);
    const bad = await call(listTitles, '/api/admin/titles?status=gone', { token: editor.token });
    expect(bad.status).toBe(422);
    expect(bad.json.message).toContain('status');
  });

  it('saves an edit (new name, new slug, links replaced) with one audit entry holding before and after', async () => {
    const title = await newTitle({ name: 'Lumang Pangalan' });
    const res = await oneAudit(title.id, 'title.update', () =>
      call(updateTitle, `/api/admin/titles/${title.id}`, {
        method: 'PUT',
        token: editor.token,
        params: { id: title.id },
        body: titleBody({ name: 'Bagong Pangalan', genreIds: [genres[2].id], tagIds: [], artistIds: [artistList[1].id, artistList[0].id], isPremium: true }),
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ name: 'Bagong Pangalan', slug: 'bagong-pangalan', isPremium: true, genreIds: [genres[2].id], tagIds: [], artistIds: [artistList[1].id, artistList[0].id] });
    const [entry] = (await auditFor(title.id)).filter((e) => e.action === 'title.update');
    expect(entry.before).toMatchObject({ name: 'Lumang Pangalan', genreIds: [genres[0].id, genres[1].id] });
    expect(entry.after).toMatchObject({ name: 'Bagong Pangalan', genreIds: [genres[2].id] });
    const missing = await call(updateTitle, `/api/admin/titles/${newId()}`, { method: 'PUT', token: editor.token, params: { id: newId() }, body: titleBody() });
    expect(missing.status).toBe(404);
  });
});

describe('publishing', () => {
  it('publish now, schedule (a catalog.changed job at that time) and unpublish, each with one audit entry', async () => {
    const db = await appDb.db();
    const title = await newTitle({ name: 'Para sa Iskedyul' });
    const url = `/api/admin/titles/${title.id}/publish`;
    const send = (body: Record<string, unknown>) => call(publishTitle, url, { method: 'POST', token: editor.token, params: { id: title.id }, body });

    const at = new Date(Date.now() + 3 * 3600_000);
    at.setMilliseconds(0);
    const scheduled = await oneAudit(title.id, 'title.schedule', () => send({ action: 'schedule', at: at.toISOString() }));
    expect(scheduled.status).toBe(200);
    expect(scheduled.json.data).toMatchObject({ status: 'scheduled', isPublished: true, publishedAt: at.toISOString() });
    const queued = await db.select().from(jobs).where(eq(jobs.type, 'catalog.changed'));
    const job = queued.find((j) => (j.payload as { titleIds: string[] }).titleIds.includes(title.id));
    expect(job).toBeDefined();
    expect(job!.runAt.toISOString()).toBe(at.toISOString());
    expect(job!.state).toBe('queued');
    expect((job!.payload as { paths: string[] }).paths).toContain(`/movie/Para-sa-Iskedyul-${title.id}`);
    const list = await call(listTitles, '/api/admin/titles?q=Para sa Iskedyul&status=scheduled', { token: editor.token });
    expect(list.json.data.total).toBe(1);

    const now = await oneAudit(title.id, 'title.publish', () => send({ action: 'publish' }));
    expect(now.json.data.status).toBe('published');
    expect(Date.parse(now.json.data.publishedAt)).toBeLessThanOrEqual(Date.now());

    const off = await oneAudit(title.id, 'title.unpublish', () => send({ action: 'unpublish' }));
    expect(off.json.data).toMatchObject({ status: 'draft', isPublished: false });

    const past = await send({ action: 'schedule', at: new Date(Date.now() - 60_000).toISOString() });
    expect(past.status).toBe(422);
    expect(past.json.message).toContain('at');
    const noTime = await send({ action: 'schedule' });
    expect(noTime.status).toBe(422);
    const word = await send({ action: 'launch' });
    expect(word.status).toBe(422);
  });

  it('an episode can be scheduled too, which queues its job', async () => {
    const db = await appDb.db();
    const title = await newTitle({ name: 'Episodyo sa Iskedyul' });
    const ep = await addEpisode(title.id, 1);
    expect(ep.status).toBe('published');
    const at = new Date(Date.now() + 86_400_000);
    const res = await oneAudit(ep.id, 'episode.schedule', () =>
      call(publishEpisode, `/api/admin/episodes/${ep.id}/publish`, { method: 'POST', token: editor.token, params: { id: ep.id }, body: { action: 'schedule', at: at.toISOString() } }),
    );
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ status: 'scheduled', isPublished: true, publishAt: at.toISOString() });
    const [row] = await db.select().from(videos).where(eq(videos.id, ep.id));
    expect(row.publishAt?.toISOString()).toBe(at.toISOString());
    const queued = await db.select().from(jobs).where(eq(jobs.type, 'catalog.changed'));
    expect(queued.some((j) => j.dedupeKey === `catalog.changed:episode:${ep.id}:${at.toISOString()}` && j.runAt.getTime() === at.getTime())).toBe(true);
    const off = await oneAudit(ep.id, 'episode.unpublish', () =>
      call(publishEpisode, `/api/admin/episodes/${ep.id}/publish`, { method: 'POST', token: editor.token, params: { id: ep.id }, body: { action: 'unpublish' } }),
    );
    expect(off.json.data.status).toBe('draft');
  });
});

describe('seasons and episodes', () => {
  it('seasons: add, rename, refuse a taken number, delete (episodes stay), one audit entry each', async () => {
    const db = await appDb.db();
    const title = await newTitle({ name: 'May mga Season' });
    const add = (seasonNumber: number, t: string | null = null) =>
      call(createSeason, `/api/admin/titles/${title.id}/seasons`, { method: 'POST', token: editor.token, params: { id: title.id }, body: { seasonNumber, title: t } });
    const s1 = await add(1, 'Simula');
    expect(s1.status).toBe(200);
    expect(await auditFor(s1.json.data.id)).toHaveLength(1);
    const s2 = (await add(2)).json.data;
    expect((await add(2)).status).toBe(409);
    expect((await add(0)).status).toBe(422);
    const renamed = await oneAudit(s2.id, 'season.update', () =>
      call(updateSeason, `/api/admin/seasons/${s2.id}`, { method: 'PATCH', token: editor.token, params: { id: s2.id }, body: { seasonNumber: 3, title: 'Wakas' } }),
    );
    expect(renamed.json.data).toMatchObject({ seasonNumber: 3, title: 'Wakas' });
    const ep = await addEpisode(title.id, 1, { seasonId: s2.id });
    await oneAudit(s2.id, 'season.delete', () => call(deleteSeason, `/api/admin/seasons/${s2.id}`, { method: 'DELETE', token: editor.token, params: { id: s2.id } }));
    const [row] = await db.select().from(videos).where(eq(videos.id, ep.id));
    expect(row.seasonId).toBeNull();
    expect(await db.select().from(seasons).where(eq(seasons.id, s2.id))).toHaveLength(0);
    // A season of another title is not this title's.
    const other = await newTitle({ name: 'Ibang Palabas' });
    const bad = await call(createEpisode, `/api/admin/titles/${other.id}/episodes`, {
      method: 'POST',
      token: editor.token,
      params: { id: other.id },
      body: { episodeNumber: 1, seasonId: s1.json.data.id, isPremium: false, coinPrice: 0 },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.message).toContain('seasonId');
  });

  it('a new episode is pending with its own media folder and sealed content key; numbers and prices are checked', async () => {
    const db = await appDb.db();
    const title = await newTitle({ name: 'Bagong mga Episode' });
    const ep = await addEpisode(title.id, 1, { isPremium: true, coinPrice: 25 });
    expect(ep).toMatchObject({ episodeNumber: 1, mediaStatus: 'pending', status: 'published' });
    expect(await auditFor(ep.id)).toHaveLength(1);
    const [row] = await db.select().from(videos).where(eq(videos.id, ep.id));
    expect(row.mediaPath).toMatch(/^[0-9a-f]{16}$/);
    expect(row.drmKeyId).toMatch(/^[0-9a-f]{32}$/);
    expect(openContentKey(row.sealedKey)).toHaveLength(16);
    expect(row.sourceClipId).toBeNull();
    const ep2 = await addEpisode(title.id, 2);
    const [row2] = await db.select().from(videos).where(eq(videos.id, ep2.id));
    expect(row2.mediaPath).not.toBe(row.mediaPath);
    expect(row2.drmKeyId).not.toBe(row.drmKeyId);
    // No audit entry carries the sealed key.
    expect(JSON.stringify(await auditFor(ep.id))).not.toContain(row.sealedKey);

    const post = (body: Record<string, unknown>) =>
      call(createEpisode, `/api/admin/titles/${title.id}/episodes`, { method: 'POST', token: editor.token, params: { id: title.id }, body });
    expect((await post({ episodeNumber: 1, isPremium: false, coinPrice: 0 })).status).toBe(409);
    const noPrice = await post({ episodeNumber: 3, isPremium: true, coinPrice: 0 });
    expect(noPrice.status).toBe(422);
    expect(noPrice.json.message).toContain('coinPrice');
    const tooDear = await post({ episodeNumber: 3, isPremium: true, coinPrice: 100_000 });
    expect(tooDear.status).toBe(422);
    expect((await post({ episodeNumber: 3, isPremium: true, coinPrice: -1 })).status).toBe(422);
    expect((await post({ episodeNumber: 0, isPremium: false, coinPrice: 0 })).status).toBe(422);

    const edited = await oneAudit(ep2.id, 'episode.update', () =>
      call(updateEpisode, `/api/admin/episodes/${ep2.id}`, { method: 'PATCH', token: editor.token, params: { id: ep2.id }, body: { title: 'Ang Pagbabalik', isPremium: true, coinPrice: 30 } }),
    );
    expect(edited.json.data).toMatchObject({ title: 'Ang Pagbabalik', isPremium: true, coinPrice: 30, episodeNumber: 2 });
    const clash = await call(updateEpisode, `/api/admin/episodes/${ep2.id}`, { method: 'PATCH', token: editor.token, params: { id: ep2.id }, body: { episodeNumber: 1 } });
    expect(clash.status).toBe(409);
    // Free again but still priced: the stored price is checked too.
    const free = await call(updateEpisode, `/api/admin/episodes/${ep2.id}`, { method: 'PATCH', token: editor.token, params: { id: ep2.id }, body: { isPremium: false } });
    expect(free.status).toBe(422);
    expect(free.json.message).toContain('coinPrice');

    const detail = await call(getTitle, `/api/admin/titles/${title.id}`, { token: editor.token, params: { id: title.id } });
    expect(detail.json.data.episodes.map((e: { id: string; mediaStatus: string }) => [e.id, e.mediaStatus])).toEqual([
      [ep.id, 'pending'],
      [ep2.id, 'pending'],
    ]);
  });

  it('reorder renumbers 1..n in one transaction under the unique constraint, with one audit entry', async () => {
    const db = await appDb.db();
    const title = await newTitle({ name: 'Pagkakasunod' });
    const eps = [];
    for (const n of [1, 2, 3, 5]) eps.push(await addEpisode(title.id, n));
    const trailer = await call(createTrailer, `/api/admin/titles/${title.id}/trailer`, { method: 'POST', token: editor.token, params: { id: title.id } });
    const order = [eps[3].id, eps[0].id, eps[2].id, eps[1].id];
    const res = await oneAudit(title.id, 'episode.reorder', () =>
      call(reorderEpisodes, `/api/admin/titles/${title.id}/episodes/order`, { method: 'PUT', token: editor.token, params: { id: title.id }, body: { ids: order } }),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.map((e: { id: string; episodeNumber: number }) => [e.id, e.episodeNumber])).toEqual(order.map((id, i) => [id, i + 1]));
    const rows = await db.select({ id: videos.id, n: videos.episodeNumber }).from(videos).where(and(eq(videos.movieSeriesId, title.id), gt(videos.episodeNumber, 0))).orderBy(asc(videos.episodeNumber));
    expect(rows).toEqual(order.map((id, i) => ({ id, n: i + 1 })));
    const [t] = await db.select({ trailer: videos.episodeNumber }).from(videos).where(eq(videos.id, trailer.json.data.id));
    expect(t.trailer).toBe(0);

    const missing = await call(reorderEpisodes, `/api/admin/titles/${title.id}/episodes/order`, { method: 'PUT', token: editor.token, params: { id: title.id }, body: { ids: order.slice(1) } });
    expect(missing.status).toBe(422);
    const twice = await call(reorderEpisodes, `/api/admin/titles/${title.id}/episodes/order`, { method: 'PUT', token: editor.token, params: { id: title.id }, body: { ids: [...order.slice(1), order[1]] } });
    expect(twice.status).toBe(422);
    const withTrailer = await call(reorderEpisodes, `/api/admin/titles/${title.id}/episodes/order`, {
      method: 'PUT',
      token: editor.token,
      params: { id: title.id },
      body: { ids: [...order.slice(1), trailer.json.data.id] },
    });
    expect(withTrailer.status).toBe(422);
    // Refused reorders changed nothing.
    const after = await db.select({ id: videos.id, n: videos.episodeNumber }).from(videos).where(and(eq(videos.movieSeriesId, title.id), gt(videos.episodeNumber, 0))).orderBy(asc(videos.episodeNumber));
    expect(after).toEqual(rows);
  });

  it('the trailer is episode 0, linked to the title, one per title, and deleted like an episode', async () => {
    const db = await appDb.db();
    const title = await newTitle({ name: 'May Trailer' });
    const res = await call(createTrailer, `/api/admin/titles/${title.id}/trailer`, { method: 'POST', token: editor.token, params: { id: title.id } });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ episodeNumber: 0, mediaStatus: 'pending', isPremium: false });
    const [t] = await db.select({ trailer: movieSeries.trailerVideoId }).from(movieSeries).where(eq(movieSeries.id, title.id));
    expect(t.trailer).toBe(res.json.data.id);
    expect((await call(createTrailer, `/api/admin/titles/${title.id}/trailer`, { method: 'POST', token: editor.token, params: { id: title.id } })).status).toBe(409);
    const detail = await call(getTitle, `/api/admin/titles/${title.id}`, { token: editor.token, params: { id: title.id } });
    expect(detail.json.data.trailer.id).toBe(res.json.data.id);
    expect(detail.json.data.episodes).toEqual([]);
    const premium = await call(updateEpisode, `/api/admin/episodes/${res.json.data.id}`, { method: 'PATCH', token: editor.token, params: { id: res.json.data.id }, body: { isPremium: true, coinPrice: 5 } });
    expect(premium.status).toBe(422);
    await oneAudit(res.json.data.id, 'trailer.delete', () =>
      call(deleteEpisode, `/api/admin/episodes/${res.json.data.id}`, { method: 'DELETE', token: editor.token, params: { id: res.json.data.id } }),
    );
    const [after] = await db.select({ trailer: movieSeries.trailerVideoId }).from(movieSeries).where(eq(movieSeries.id, title.id));
    expect(after.trailer).toBeNull();
  });
});

describe('deleting', () => {
  it('refuses (409) a title or episode that money records point at, and deletes one without', async () => {
    const db = await appDb.db();
    const paid = await newTitle({ name: 'Binayaran' });
    const ep = await addEpisode(paid.id, 1, { isPremium: true, coinPrice: 10 });
    await db.insert(payments).values({ id: newId(), kind: 'premium_video', status: 'paid', amountCentavos: 4900, provider: 'sandbox', userId: viewer.id, videoId: ep.id, paidAt: new Date() });
    const title = await call(deleteTitle, `/api/admin/titles/${paid.id}`, { method: 'DELETE', token: editor.token, params: { id: paid.id } });
    expect(title.status).toBe(409);
    expect(title.json).toMatchObject({ status: false, code: 'E_CONFLICT' });
    expect(title.json.message).toMatch(/cannot be deleted.*1 payment/);
    const episode = await call(deleteEpisode, `/api/admin/episodes/${ep.id}`, { method: 'DELETE', token: editor.token, params: { id: ep.id } });
    expect(episode.status).toBe(409);
    expect(await db.select().from(movieSeries).where(eq(movieSeries.id, paid.id))).toHaveLength(1);
    expect((await auditFor(paid.id)).filter((e) => e.action === 'title.delete')).toHaveLength(0);

    const free = await newTitle({ name: 'Buburahin' });
    const freeEp = await addEpisode(free.id, 1);
    const gone = await oneAudit(free.id, 'title.delete', () => call(deleteTitle, `/api/admin/titles/${free.id}`, { method: 'DELETE', token: editor.token, params: { id: free.id } }));
    expect(gone.status).toBe(200);
    expect(await db.select().from(movieSeries).where(eq(movieSeries.id, free.id))).toHaveLength(0);
    expect(await db.select().from(videos).where(eq(videos.id, freeEp.id))).toHaveLength(0);
    expect((await call(getTitle, `/api/admin/titles/${free.id}`, { token: editor.token, params: { id: free.id } })).status).toBe(404);
  });
});

describe('taxonomy', () => {
  it('lists genres, the fixed tags and artists; an artist can be added by name once', async () => {
    expect(genres.length).toBeGreaterThan(3);
    expect(tagList.length).toBeGreaterThan(3);
    expect(artistList.length).toBeGreaterThan(1);
    const name = `Artista ${newId().slice(0, 5)}`;
    const res = await call(createArtist, '/api/admin/taxonomy/artists', { method: 'POST', token: editor.token, body: { name } });
    expect(res.status).toBe(200);
    expect(res.json.data.name).toBe(name);
    expect(await auditFor(res.json.data.id)).toHaveLength(1);
    const again = await call(createArtist, '/api/admin/taxonomy/artists', { method: 'POST', token: editor.token, body: { name: name.toUpperCase() } });
    expect(again.status).toBe(409);
    expect((await call(createArtist, '/api/admin/taxonomy/artists', { method: 'POST', token: editor.token, body: { name: '' } })).status).toBe(422);
  });
});

describe('images', () => {
  const upload = (kind: string, body: BodyInit, contentType: string) => {
    const req = new NextRequest(new URL(`/api/admin/images?kind=${kind}`, 'http://localhost'), {
      method: 'POST',
      headers: { key: API_KEY, authorization: `Bearer ${editor.token}`, 'content-type': contentType },
      body,
    });
    return uploadImage(req, { params: Promise.resolve({}) }).then(async (res) => ({ status: res.status, json: await res.json() }));
  };
  /** The bytes of a stored file, read back through media storage (a folder or a bucket alike). */
  const stored = async (key: string) => {
    written.push(path.posix.dirname(key));
    const object = await mediaStorage().get(key);
    expect(object, key).not.toBeNull();
    return buffer(object!.body);
  };

  it('resizes a poster into the pages’ sizes under the media folder and answers the path to store', async () => {
    const png = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#aa3366' } }).png().toBuffer();
    const res = await upload('poster', new Uint8Array(png), 'image/png');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const { path: posterPath, url, variants } = res.json.data;
    expect(posterPath).toMatch(/^images\/[0-9a-f]{16}\/poster\.webp$/);
    expect(url).toBe(`/media/${posterPath}`);
    for (const v of variants) {
      const meta = await sharp(await stored(v.path)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', v.width, v.height]);
    }
    expect(variants.map((v: { width: number; height: number }) => `${v.width}x${v.height}`)).toEqual(['720x1280', '360x640']);
    // Pages offer exactly the stored files in their srcset, found from the title's one URL.
    expect(imageSrcSet(url)).toBe(variants.map((v: { url: string; width: number }) => `${v.url} ${v.width}w`).reverse().join(', '));
    // The stored path is what a title accepts.
    const title = await newTitle({ name: 'May Poster', thumbnail: posterPath });
    expect(title.thumbnailUrl).toBe(url);
  });

  it('takes a multipart banner too, and refuses what is not an image (magic bytes), an unknown kind, and a viewer', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#224488' } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'banner.jpg');
    const req = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await upload('banner', await req.arrayBuffer(), req.headers.get('content-type')!);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const meta = await sharp(await stored(res.json.data.path)).metadata();
    expect([meta.width, meta.height]).toEqual([1920, 1080]);
    expect(await mediaStorage().head(res.json.data.path.replace(/banner\.webp$/, 'banner-960.webp'))).not.toBeNull();

    const fake = await upload('poster', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png');
    expect(fake.status).toBe(422);
    expect(fake.json.status).toBe(false);
    const broken = await upload('poster', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), 'image/png');
    expect(broken.status).toBe(422);
    const kind = await upload('avatar', new Uint8Array(jpeg), 'image/jpeg');
    expect(kind.status).toBe(422);
    const big = await upload('poster', new Uint8Array(10 * 1024 * 1024 + 100 * 1024), 'image/png');
    expect(big.status).toBe(413);
    const asViewer = await uploadImage(
      new NextRequest('http://localhost/api/admin/images?kind=poster', { method: 'POST', headers: { key: API_KEY, authorization: `Bearer ${viewer.token}` }, body: new Uint8Array(jpeg) }),
      { params: Promise.resolve({}) },
    );
    expect(asViewer.status).toBe(403);
  });
});
