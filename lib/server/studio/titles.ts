import 'server-only';
import { and, asc, count, desc, eq, gt, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { StudioEpisode, StudioTitle, TitlePage } from '@/lib/contracts/studio-titles';
import { newId } from '@/lib/ids';
import { catalogChanged } from '@/lib/server/cache';
import { imageUrl } from '@/lib/server/catalog';
import type { Db, DbOrTx } from '@/lib/server/db/client';
import { artists, artistTitles, categories, movieSeries, movieSeriesCategories, movieSeriesTags, seasons, tags, videos } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import type { PublishBody, PublishState, TitleBody, TitleListQuery, TitleType } from '@/lib/contracts/studio-titles';
import { TITLE_TYPE_CODE } from '@/lib/contracts/studio-titles';
import { actorOf, writeAudit } from './audit';
import { assertNoMoneyReferences, enqueueScheduledPurge, publishState, publishValues, titlePaths, titlePathsOf } from './publishing';
import { uniqueSlug } from './slug';
import { containsPattern } from '@/lib/server/db/like';

/**
 * Titles as the studio sees them: every title, published or not (the public catalogue's rules are not applied here).
 * Each change writes its audit entry in its own transaction and, once committed, purges the public pages.
 */

type Actor = { id: string; email: string | null };
type TitleRow = typeof movieSeries.$inferSelect;
type VideoRow = typeof videos.$inferSelect;

const typeName = (code: number): TitleType => (code === 1 ? 'movie' : 'series');

export function toStudioEpisode(v: VideoRow, now = new Date()): StudioEpisode {
  return {
    id: v.id,
    episodeNumber: v.episodeNumber,
    title: v.title,
    description: v.description,
    seasonId: v.seasonId,
    isPremium: v.isPremium,
    coinPrice: v.coinPrice,
    durationSeconds: v.durationSeconds,
    mediaStatus: v.mediaStatus,
    isPublished: v.isPublished,
    publishAt: v.publishAt?.toISOString() ?? null,
    status: publishState(v.isPublished, v.publishAt, now),
  };
}

function statusFilter(status: PublishState | undefined): SQL | undefined {
  if (status === 'draft') return eq(movieSeries.isPublished, false);
  if (status === 'scheduled') return and(eq(movieSeries.isPublished, true), gt(movieSeries.publishedAt, sql`now()`));
  if (status === 'published') return and(eq(movieSeries.isPublished, true), lte(movieSeries.publishedAt, sql`now()`));
  return undefined;
}

/** GET api/admin/titles: newest edits first, filtered, one page and the total. */
export async function listStudioTitles(db: Db, q: TitleListQuery): Promise<TitlePage> {
  const where = and(
    q.q ? ilike(movieSeries.name, containsPattern(q.q)) : undefined,
    q.type ? eq(movieSeries.type, TITLE_TYPE_CODE[q.type]) : undefined,
    q.premium === undefined ? undefined : eq(movieSeries.isPremium, q.premium),
    statusFilter(q.status),
  );
  // The outer title's id written out qualified: Drizzle renders a single-table select's columns unqualified, and a bare
  // "id" inside this subquery over videos would mean videos.id (every count was 0).
  const outerTitleId = sql`${sql.identifier('movie_series')}.${sql.identifier('id')}`;
  const episodeCount = sql<number>`(select count(*) from ${videos} where ${videos.movieSeriesId} = ${outerTitleId} and ${videos.episodeNumber} > 0)::int`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ t: movieSeries, episodeCount })
      .from(movieSeries)
      .where(where)
      .orderBy(desc(movieSeries.updatedAt), asc(movieSeries.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(movieSeries).where(where),
  ]);
  const now = new Date();
  return {
    items: rows.map(({ t, episodeCount: n }) => ({
      id: t.id,
      name: t.name,
      type: typeName(t.type),
      isPremium: t.isPremium,
      thumbnailUrl: imageUrl(t.thumbnail),
      isPublished: t.isPublished,
      publishedAt: t.publishedAt.toISOString(),
      status: publishState(t.isPublished, t.publishedAt, now),
      episodeCount: n,
      updatedAt: t.updatedAt.toISOString(),
    })),
    total,
    page: q.page,
    limit: q.limit,
  };
}

async function linkIds(db: DbOrTx, titleId: string): Promise<{ genreIds: string[]; tagIds: string[]; artistIds: string[] }> {
  // One after another: inside a transaction they share one connection.
  const g = await db.select({ id: movieSeriesCategories.categoryId }).from(movieSeriesCategories).innerJoin(categories, eq(categories.id, movieSeriesCategories.categoryId)).where(eq(movieSeriesCategories.movieSeriesId, titleId)).orderBy(asc(movieSeriesCategories.createdAt), asc(categories.sortOrder));
  const t = await db.select({ id: movieSeriesTags.tagId }).from(movieSeriesTags).where(eq(movieSeriesTags.movieSeriesId, titleId)).orderBy(asc(movieSeriesTags.createdAt), asc(movieSeriesTags.tagId));
  const a = await db.select({ id: artistTitles.artistId }).from(artistTitles).where(eq(artistTitles.movieSeriesId, titleId)).orderBy(asc(artistTitles.createdAt), asc(artistTitles.artistId));
  return { genreIds: g.map((r) => r.id), tagIds: t.map((r) => r.id), artistIds: a.map((r) => r.id) };
}

/** GET api/admin/titles/{id}: the title with its links, seasons, episodes (any state) and trailer. */
export async function getStudioTitle(db: Db, id: string): Promise<StudioTitle> {
  const [t] = await db.select().from(movieSeries).where(eq(movieSeries.id, id));
  if (!t) throw new AppError('E_NOT_FOUND', 'This title does not exist.');
  const [links, seasonRows, videoRows] = await Promise.all([
    linkIds(db, id),
    db.select({ id: seasons.id, seasonNumber: seasons.seasonNumber, title: seasons.title }).from(seasons).where(eq(seasons.movieSeriesId, id)).orderBy(asc(seasons.seasonNumber)),
    db.select().from(videos).where(eq(videos.movieSeriesId, id)).orderBy(asc(videos.episodeNumber)),
  ]);
  const now = new Date();
  const trailerRow = videoRows.find((v) => v.id === t.trailerVideoId) ?? null;
  return {
    id: t.id,
    name: t.name,
    slug: t.slug,
    type: typeName(t.type),
    description: t.description,
    releaseYear: t.releaseYear,
    isPremium: t.isPremium,
    thumbnail: t.thumbnail,
    banner: t.banner,
    thumbnailUrl: imageUrl(t.thumbnail),
    bannerUrl: imageUrl(t.banner),
    isPublished: t.isPublished,
    publishedAt: t.publishedAt.toISOString(),
    status: publishState(t.isPublished, t.publishedAt, now),
    updatedAt: t.updatedAt.toISOString(),
    ...links,
    seasons: seasonRows,
    episodes: videoRows.filter((v) => v.id !== t.trailerVideoId && v.episodeNumber > 0).map((v) => toStudioEpisode(v, now)),
    trailer: trailerRow ? toStudioEpisode(trailerRow, now) : null,
    publicPath: titlePaths(t, [])[0],
  };
}

/** Unknown ids among the chosen genres, tags or artists are the editor's error (422 naming the field), not a 500 from the foreign key. */
async function assertLinksExist(tx: DbOrTx, body: Pick<TitleBody, 'genreIds' | 'tagIds' | 'artistIds'>): Promise<void> {
  const checks = [
    { field: 'genreIds', table: categories, col: categories.id, ids: body.genreIds },
    { field: 'tagIds', table: tags, col: tags.id, ids: body.tagIds },
    { field: 'artistIds', table: artists, col: artists.id, ids: body.artistIds },
  ] as const;
  for (const c of checks) {
    if (c.ids.length === 0) continue;
    const [{ n }] = await tx.select({ n: count() }).from(c.table).where(inArray(c.col, [...c.ids]));
    if (n !== c.ids.length) throw new AppError('E_VALIDATION', `Invalid body: ${c.field}: some of the chosen items do not exist`);
  }
}

async function replaceLinks(tx: DbOrTx, titleId: string, body: Pick<TitleBody, 'genreIds' | 'tagIds' | 'artistIds'>): Promise<void> {
  await tx.delete(movieSeriesCategories).where(eq(movieSeriesCategories.movieSeriesId, titleId));
  await tx.delete(movieSeriesTags).where(eq(movieSeriesTags.movieSeriesId, titleId));
  await tx.delete(artistTitles).where(eq(artistTitles.movieSeriesId, titleId));
  // created_at in list order: the first genre is the primary one (shown on the art), and the order is kept on reload.
  const at = (i: number) => new Date(Date.now() + i);
  if (body.genreIds.length) await tx.insert(movieSeriesCategories).values(body.genreIds.map((categoryId, i) => ({ movieSeriesId: titleId, categoryId, createdAt: at(i) })));
  if (body.tagIds.length) await tx.insert(movieSeriesTags).values(body.tagIds.map((tagId, i) => ({ movieSeriesId: titleId, tagId, createdAt: at(i) })));
  if (body.artistIds.length) await tx.insert(artistTitles).values(body.artistIds.map((artistId, i) => ({ artistId, movieSeriesId: titleId, createdAt: at(i) })));
}

const titleColumns = (body: TitleBody) => ({
  name: body.name,
  type: TITLE_TYPE_CODE[body.type],
  description: body.description,
  releaseYear: body.releaseYear,
  isPremium: body.isPremium,
  thumbnail: body.thumbnail,
  banner: body.banner,
});

const auditRow = (row: TitleRow, links: { genreIds: string[]; tagIds: string[]; artistIds: string[] }) => {
  const { searchVector: _searchVector, ...rest } = row;
  return { ...rest, ...links };
};

/** POST api/admin/titles: a draft title (not visible until published), its slug made unique from the name. */
export async function createTitle(db: Db, user: Actor, body: TitleBody): Promise<StudioTitle> {
  const id = await db.transaction(async (tx) => {
    await assertLinksExist(tx, body);
    const [row] = await tx
      .insert(movieSeries)
      .values({ id: newId(), slug: await uniqueSlug(tx, movieSeries, body.name), ...titleColumns(body), isPublished: false })
      .returning();
    await replaceLinks(tx, row.id, body);
    await writeAudit(tx, actorOf(user), { action: 'title.create', entity: 'title', entityId: row.id, before: null, after: auditRow(row, body) });
    return row.id;
  });
  // A draft shows nowhere yet: there is nothing to purge until it is published.
  return getStudioTitle(db, id);
}

async function lockTitle(tx: DbOrTx, id: string): Promise<TitleRow> {
  const [row] = await tx.select().from(movieSeries).where(eq(movieSeries.id, id)).for('update');
  if (!row) throw new AppError('E_NOT_FOUND', 'This title does not exist.');
  return row;
}

/** PUT api/admin/titles/{id}: every field of the form; a new name gets a new slug. Old and new public paths are purged. */
export async function updateTitle(db: Db, user: Actor, id: string, body: TitleBody): Promise<StudioTitle> {
  const paths = await db.transaction(async (tx) => {
    const before = await lockTitle(tx, id);
    const beforeLinks = await linkIds(tx, id);
    const oldPaths = await titlePathsOf(tx, id);
    await assertLinksExist(tx, body);
    const slug = before.name === body.name ? before.slug : await uniqueSlug(tx, movieSeries, body.name, id);
    const [after] = await tx.update(movieSeries).set({ ...titleColumns(body), slug, updatedAt: new Date() }).where(eq(movieSeries.id, id)).returning();
    await replaceLinks(tx, id, body);
    await writeAudit(tx, actorOf(user), { action: 'title.update', entity: 'title', entityId: id, before: auditRow(before, beforeLinks), after: auditRow(after, body) });
    return [...oldPaths, ...(await titlePathsOf(tx, id))];
  });
  await catalogChanged({ titleIds: [id], paths });
  return getStudioTitle(db, id);
}

/** DELETE api/admin/titles/{id}: refused (409) while payments or unlocks name one of its videos. */
export async function deleteTitle(db: Db, user: Actor, id: string): Promise<void> {
  const paths = await db.transaction(async (tx) => {
    const before = await lockTitle(tx, id);
    const videoIds = (await tx.select({ id: videos.id }).from(videos).where(eq(videos.movieSeriesId, id))).map((r) => r.id);
    await assertNoMoneyReferences(tx, videoIds, 'title');
    const paths = await titlePathsOf(tx, id);
    const links = await linkIds(tx, id);
    await tx.delete(movieSeries).where(eq(movieSeries.id, id));
    await writeAudit(tx, actorOf(user), { action: 'title.delete', entity: 'title', entityId: id, before: { ...auditRow(before, links), videoIds }, after: null });
    return paths;
  });
  await catalogChanged({ titleIds: [id], paths });
}

/**
 * POST api/admin/titles/{id}/publish: publish now, unpublish, or schedule (published_at in the future: viewers see the
 * title from then on). A schedule also queues 'catalog.changed' at that time, in the same transaction.
 */
export async function publishTitle(db: Db, user: Actor, id: string, body: PublishBody): Promise<StudioTitle> {
  const paths = await db.transaction(async (tx) => {
    const before = await lockTitle(tx, id);
    const next = publishValues(body.action, body.at, { isPublished: before.isPublished, at: before.publishedAt });
    const [after] = await tx
      .update(movieSeries)
      .set({ isPublished: next.isPublished, publishedAt: next.at ?? new Date(), updatedAt: new Date() })
      .where(eq(movieSeries.id, id))
      .returning({ isPublished: movieSeries.isPublished, publishedAt: movieSeries.publishedAt });
    const paths = await titlePathsOf(tx, id);
    if (body.action === 'schedule') await enqueueScheduledPurge(tx, `title:${id}`, after.publishedAt, [id], paths);
    await writeAudit(tx, actorOf(user), {
      action: `title.${body.action}`,
      entity: 'title',
      entityId: id,
      before: { isPublished: before.isPublished, publishedAt: before.publishedAt },
      after: { isPublished: after.isPublished, publishedAt: after.publishedAt },
    });
    return paths;
  });
  await catalogChanged({ titleIds: [id], paths });
  return getStudioTitle(db, id);
}
