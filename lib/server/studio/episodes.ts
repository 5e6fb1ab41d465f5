import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, max, ne, sql } from 'drizzle-orm';
import type { StudioEpisode } from '@/lib/contracts/studio-titles';
import { newId } from '@/lib/ids';
import { catalogChanged } from '@/lib/server/cache';
import type { Db, DbOrTx } from '@/lib/server/db/client';
import { movieSeries, seasons, videos } from '@/lib/server/db/schema';
import { newContentKey, sealContentKey } from '@/lib/server/drm/keys';
import { AppError } from '@/lib/server/http/app-error';
import type { EpisodeBody, EpisodeUpdateBody, PublishBody } from '@/lib/contracts/studio-titles';
import { actorOf, writeAudit } from './audit';
import { assertNoMoneyReferences, enqueueScheduledPurge, publishValues, titlePaths, titlePathsOf } from './publishing';
import { toStudioEpisode } from './titles';
import { setPositions } from '@/lib/server/db/positions';

/**
 * Seasons, episodes and the trailer of a title, for the studio. An episode made here starts with media 'pending' and
 * its own media folder and content key already chosen: the ingest job later packages the upload into that folder with
 * that key and marks it 'ready'. Viewers see an episode only once it is published, its time has come and its media
 * is ready, so a new episode is created published: it appears when its video is ready, unless the editor unpublishes
 * or schedules it.
 */

type Actor = { id: string; email: string | null };
type VideoRow = typeof videos.$inferSelect;
type SeasonRow = typeof seasons.$inferSelect;

/** The columns a jsonb audit entry keeps of a video: never the sealed key. */
function auditVideo(v: VideoRow): Record<string, unknown> {
  const { sealedKey: _sealedKey, ...rest } = v;
  return rest;
}

async function lockTitle(tx: DbOrTx, id: string): Promise<typeof movieSeries.$inferSelect> {
  const [row] = await tx.select().from(movieSeries).where(eq(movieSeries.id, id)).for('update');
  if (!row) throw new AppError('E_NOT_FOUND', 'This title does not exist.');
  return row;
}

async function lockVideo(tx: DbOrTx, id: string): Promise<VideoRow> {
  const [row] = await tx.select().from(videos).where(eq(videos.id, id)).for('update');
  if (!row) throw new AppError('E_NOT_FOUND', 'This episode does not exist.');
  return row;
}

async function lockSeason(tx: DbOrTx, id: string): Promise<SeasonRow> {
  const [row] = await tx.select().from(seasons).where(eq(seasons.id, id)).for('update');
  if (!row) throw new AppError('E_NOT_FOUND', 'This season does not exist.');
  return row;
}

async function purgeTitle(db: Db, titleId: string, extraPaths: string[] = []): Promise<void> {
  await catalogChanged({ titleIds: [titleId], paths: [...extraPaths, ...(await titlePathsOf(db, titleId))] });
}

// ---------------------------------------------------------------------------------------------------------------------
// Seasons

async function assertSeasonNumberFree(tx: DbOrTx, titleId: string, seasonNumber: number, exceptId?: string): Promise<void> {
  const [taken] = await tx
    .select({ id: seasons.id })
    .from(seasons)
    .where(and(eq(seasons.movieSeriesId, titleId), eq(seasons.seasonNumber, seasonNumber), exceptId ? ne(seasons.id, exceptId) : undefined));
  if (taken) throw new AppError('E_CONFLICT', `Season ${seasonNumber} already exists.`);
}

/** POST api/admin/titles/{id}/seasons */
export async function createSeason(db: Db, user: Actor, titleId: string, body: { seasonNumber: number; title: string | null }): Promise<SeasonRow> {
  const row = await db.transaction(async (tx) => {
    await lockTitle(tx, titleId);
    await assertSeasonNumberFree(tx, titleId, body.seasonNumber);
    const [row] = await tx.insert(seasons).values({ id: newId(), movieSeriesId: titleId, seasonNumber: body.seasonNumber, title: body.title || null }).returning();
    await writeAudit(tx, actorOf(user), { action: 'season.create', entity: 'season', entityId: row.id, before: null, after: row });
    return row;
  });
  await purgeTitle(db, titleId);
  return row;
}

/** PATCH api/admin/seasons/{id} */
export async function updateSeason(db: Db, user: Actor, id: string, body: { seasonNumber: number; title: string | null }): Promise<SeasonRow> {
  const row = await db.transaction(async (tx) => {
    const before = await lockSeason(tx, id);
    await lockTitle(tx, before.movieSeriesId);
    await assertSeasonNumberFree(tx, before.movieSeriesId, body.seasonNumber, id);
    const [after] = await tx.update(seasons).set({ seasonNumber: body.seasonNumber, title: body.title || null, updatedAt: new Date() }).where(eq(seasons.id, id)).returning();
    await writeAudit(tx, actorOf(user), { action: 'season.update', entity: 'season', entityId: id, before, after });
    return after;
  });
  await purgeTitle(db, row.movieSeriesId);
  return row;
}

/** DELETE api/admin/seasons/{id}: its episodes stay, without a season. */
export async function deleteSeason(db: Db, user: Actor, id: string): Promise<void> {
  const titleId = await db.transaction(async (tx) => {
    const before = await lockSeason(tx, id);
    await tx.delete(seasons).where(eq(seasons.id, id));
    await writeAudit(tx, actorOf(user), { action: 'season.delete', entity: 'season', entityId: id, before, after: null });
    return before.movieSeriesId;
  });
  await purgeTitle(db, titleId);
}

// ---------------------------------------------------------------------------------------------------------------------
// Episodes

async function assertSeasonOfTitle(tx: DbOrTx, titleId: string, seasonId: string | null | undefined): Promise<void> {
  if (!seasonId) return;
  const [row] = await tx.select({ id: seasons.id }).from(seasons).where(and(eq(seasons.id, seasonId), eq(seasons.movieSeriesId, titleId)));
  if (!row) throw new AppError('E_VALIDATION', 'Invalid body: seasonId: this title has no such season');
}

async function assertEpisodeNumberFree(tx: DbOrTx, titleId: string, episodeNumber: number, exceptId?: string): Promise<void> {
  const [taken] = await tx
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.movieSeriesId, titleId), eq(videos.episodeNumber, episodeNumber), exceptId ? ne(videos.id, exceptId) : undefined));
  if (taken) throw new AppError('E_CONFLICT', `Episode ${episodeNumber} already exists in this title.`);
}

/** A new video's package: a random media folder and a fresh content key (stored sealed), waiting for its upload. */
function newPackage(): Pick<VideoRow, 'mediaPath' | 'drmKeyId' | 'sealedKey' | 'mediaStatus'> {
  const { keyId, key } = newContentKey();
  return { mediaPath: randomBytes(8).toString('hex'), drmKeyId: keyId, sealedKey: sealContentKey(key), mediaStatus: 'pending' };
}

/** POST api/admin/titles/{id}/episodes */
export async function createEpisode(db: Db, user: Actor, titleId: string, body: EpisodeBody): Promise<StudioEpisode> {
  const row = await db.transaction(async (tx) => {
    await lockTitle(tx, titleId);
    await assertSeasonOfTitle(tx, titleId, body.seasonId);
    await assertEpisodeNumberFree(tx, titleId, body.episodeNumber);
    const [row] = await tx
      .insert(videos)
      .values({ id: newId(), movieSeriesId: titleId, ...body, title: body.title || null, ...newPackage(), isPublished: true })
      .returning();
    await writeAudit(tx, actorOf(user), { action: 'episode.create', entity: 'episode', entityId: row.id, before: null, after: auditVideo(row) });
    return row;
  });
  await purgeTitle(db, titleId);
  return toStudioEpisode(row);
}

/** POST api/admin/titles/{id}/trailer: the trailer is episode 0, free, linked by movie_series.trailer_video_id. */
export async function createTrailer(db: Db, user: Actor, titleId: string): Promise<StudioEpisode> {
  const row = await db.transaction(async (tx) => {
    const title = await lockTitle(tx, titleId);
    if (title.trailerVideoId) throw new AppError('E_CONFLICT', 'This title has a trailer already.');
    await assertEpisodeNumberFree(tx, titleId, 0);
    const [row] = await tx
      .insert(videos)
      .values({ id: newId(), movieSeriesId: titleId, episodeNumber: 0, title: 'Trailer', isPremium: false, coinPrice: 0, ...newPackage(), isPublished: true })
      .returning();
    await tx.update(movieSeries).set({ trailerVideoId: row.id, updatedAt: new Date() }).where(eq(movieSeries.id, titleId));
    await writeAudit(tx, actorOf(user), { action: 'trailer.create', entity: 'episode', entityId: row.id, before: null, after: auditVideo(row) });
    return row;
  });
  await purgeTitle(db, titleId);
  return toStudioEpisode(row);
}

/** PATCH api/admin/episodes/{id}: the fields sent. The trailer keeps number 0 and stays free. */
export async function updateEpisode(db: Db, user: Actor, id: string, body: EpisodeUpdateBody): Promise<StudioEpisode> {
  const { row, oldNumber } = await db.transaction(async (tx) => {
    const before = await lockVideo(tx, id);
    await lockTitle(tx, before.movieSeriesId);
    const trailer = before.episodeNumber === 0;
    if (trailer && body.episodeNumber !== undefined && body.episodeNumber !== 0) throw new AppError('E_VALIDATION', 'Invalid body: episodeNumber: the trailer is always number 0');
    const merged = { ...before, ...body };
    if (trailer && merged.isPremium) throw new AppError('E_VALIDATION', 'Invalid body: isPremium: the trailer is free');
    if (merged.isPremium && merged.coinPrice < 1) throw new AppError('E_VALIDATION', 'Invalid body: coinPrice: A premium episode needs a coin price');
    if (!merged.isPremium && merged.coinPrice > 0) throw new AppError('E_VALIDATION', 'Invalid body: coinPrice: A free episode costs no coins');
    await assertSeasonOfTitle(tx, before.movieSeriesId, body.seasonId);
    if (!trailer && body.episodeNumber !== undefined) await assertEpisodeNumberFree(tx, before.movieSeriesId, body.episodeNumber, id);
    const changes = { ...body, ...(body.title !== undefined ? { title: body.title || null } : {}) };
    if (trailer) delete changes.episodeNumber;
    const [after] = await tx.update(videos).set({ ...changes, updatedAt: new Date() }).where(eq(videos.id, id)).returning();
    await writeAudit(tx, actorOf(user), { action: 'episode.update', entity: 'episode', entityId: id, before: auditVideo(before), after: auditVideo(after) });
    return { row: after, oldNumber: before.episodeNumber };
  });
  const [title] = await db.select({ id: movieSeries.id, name: movieSeries.name }).from(movieSeries).where(eq(movieSeries.id, row.movieSeriesId));
  await purgeTitle(db, row.movieSeriesId, title ? titlePaths(title, [oldNumber]) : []);
  return toStudioEpisode(row);
}

/** DELETE api/admin/episodes/{id}: refused (409) once viewers paid for it; the trailer's link clears with it. */
export async function deleteEpisode(db: Db, user: Actor, id: string): Promise<void> {
  const { titleId, paths } = await db.transaction(async (tx) => {
    const before = await lockVideo(tx, id);
    await lockTitle(tx, before.movieSeriesId);
    await assertNoMoneyReferences(tx, [id], before.episodeNumber === 0 ? 'trailer' : 'episode');
    const paths = await titlePathsOf(tx, before.movieSeriesId);
    await tx.delete(videos).where(eq(videos.id, id));
    await writeAudit(tx, actorOf(user), { action: before.episodeNumber === 0 ? 'trailer.delete' : 'episode.delete', entity: 'episode', entityId: id, before: auditVideo(before), after: null });
    return { titleId: before.movieSeriesId, paths };
  });
  await catalogChanged({ titleIds: [titleId], paths });
}

/** POST api/admin/episodes/{id}/publish: publish now, unpublish, or schedule (publish_at), as for titles. */
export async function publishEpisode(db: Db, user: Actor, id: string, body: PublishBody): Promise<StudioEpisode> {
  const { row, paths } = await db.transaction(async (tx) => {
    const before = await lockVideo(tx, id);
    const next = publishValues(body.action, body.at, { isPublished: before.isPublished, at: before.publishAt });
    const [after] = await tx.update(videos).set({ isPublished: next.isPublished, publishAt: next.at, updatedAt: new Date() }).where(eq(videos.id, id)).returning();
    const paths = await titlePathsOf(tx, before.movieSeriesId);
    if (body.action === 'schedule') await enqueueScheduledPurge(tx, `episode:${id}`, after.publishAt!, [before.movieSeriesId], paths);
    await writeAudit(tx, actorOf(user), {
      action: `episode.${body.action}`,
      entity: 'episode',
      entityId: id,
      before: { isPublished: before.isPublished, publishAt: before.publishAt },
      after: { isPublished: after.isPublished, publishAt: after.publishAt },
    });
    return { row: after, paths };
  });
  await catalogChanged({ titleIds: [row.movieSeriesId], paths });
  return toStudioEpisode(row);
}

/**
 * PUT api/admin/titles/{id}/episodes/order: `ids` (every episode of the title, its trailer aside, each once) become
 * episodes 1..n in that order, in one transaction. The unique (title, number) index is checked row by row and numbers
 * cannot go negative, so the episodes first move above the highest number in use, then down to their places.
 */
export async function reorderEpisodes(db: Db, user: Actor, titleId: string, ids: string[]): Promise<StudioEpisode[]> {
  const { rows, paths } = await db.transaction(async (tx) => {
    await lockTitle(tx, titleId);
    const current = await tx
      .select({ id: videos.id, episodeNumber: videos.episodeNumber })
      .from(videos)
      .where(and(eq(videos.movieSeriesId, titleId), gt(videos.episodeNumber, 0)))
      .orderBy(asc(videos.episodeNumber));
    const known = new Set(current.map((r) => r.id));
    if (ids.length !== current.length || !ids.every((id) => known.has(id))) {
      throw new AppError('E_VALIDATION', 'Invalid body: ids: list every episode of this title once (the trailer aside)');
    }
    const oldPaths = await titlePathsOf(tx, titleId);
    const [{ top }] = await tx.select({ top: max(videos.episodeNumber) }).from(videos).where(eq(videos.movieSeriesId, titleId));
    const offset = (top ?? 0) + 1;
    await tx
      .update(videos)
      .set({ episodeNumber: sql`${videos.episodeNumber} + ${offset}` })
      .where(and(eq(videos.movieSeriesId, titleId), inArray(videos.id, ids)));
    await setPositions(tx, videos, videos.episodeNumber, ids);
    await writeAudit(tx, actorOf(user), {
      action: 'episode.reorder',
      entity: 'title',
      entityId: titleId,
      before: { order: current.map((r) => ({ id: r.id, episodeNumber: r.episodeNumber })) },
      after: { order: ids.map((id, i) => ({ id, episodeNumber: i + 1 })) },
    });
    const rows = await tx.select().from(videos).where(and(eq(videos.movieSeriesId, titleId), gt(videos.episodeNumber, 0))).orderBy(asc(videos.episodeNumber));
    return { rows, paths: oldPaths };
  });
  await purgeTitle(db, titleId, paths);
  return rows.map((r) => toStudioEpisode(r));
}
