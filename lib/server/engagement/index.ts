import 'server-only';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { isId, newId } from '@/lib/ids';
import { imageUrl } from '@/lib/server/catalog';
import { episodeVisible, titleVisible, videoReleased } from '@/lib/server/catalog/visibility';
import type { Db } from '@/lib/server/db/client';
import { likes, movieSeries, myList, ratings, videos } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';

/**
 * Personal state around the catalogue: my list, likes and ratings. Every write is one statement or one transaction,
 * guarded by the unique (user, item) constraints, so double taps and races never count twice. Titles and videos viewers
 * may not see (catalog/visibility.ts) are unknown here: 404 on writes, left out of the list.
 */

async function requireTitle(db: Db, movieSeriesId: string): Promise<void> {
  if (!isId(movieSeriesId)) throw new AppError('E_NOT_FOUND', 'Movie or series not found.');
  const [row] = await db.select({ id: movieSeries.id }).from(movieSeries).where(and(eq(movieSeries.id, movieSeriesId), titleVisible)).limit(1);
  if (!row) throw new AppError('E_NOT_FOUND', 'Movie or series not found.');
}

async function requireVideo(db: Db, videoId: string): Promise<{ id: string; movieSeriesId: string }> {
  if (!isId(videoId)) throw new AppError('E_NOT_FOUND', 'Video not found.');
  const [row] = await db
    .select({ id: videos.id, movieSeriesId: videos.movieSeriesId })
    .from(videos)
    .innerJoin(movieSeries, eq(movieSeries.id, videos.movieSeriesId))
    .where(and(eq(videos.id, videoId), episodeVisible))
    .limit(1);
  if (!row) throw new AppError('E_NOT_FOUND', 'Video not found.');
  return row;
}

// --- My list -----------------------------------------------------------------------------------------------------------

export type MyListToggle = { isAddedToList: boolean; totalAddedToList: number; message: string };

/** Adds the title to the user's list, or removes it when it is there; keeps the title's counter in the same transaction. */
export async function toggleMyList(db: Db, userId: string, movieSeriesId: string): Promise<MyListToggle> {
  await requireTitle(db, movieSeriesId);
  return db.transaction(async (tx) => {
    const removed = await tx.delete(myList).where(and(eq(myList.userId, userId), eq(myList.movieSeriesId, movieSeriesId))).returning({ id: myList.id });
    let added = false;
    if (removed.length === 0) {
      const inserted = await tx.insert(myList).values({ id: newId(), userId, movieSeriesId }).onConflictDoNothing().returning({ id: myList.id });
      added = inserted.length > 0;
    }
    const delta = added ? 1 : removed.length > 0 ? -1 : 0;
    const [title] = await tx
      .update(movieSeries)
      .set({ totalAddedToList: sql`greatest(0, ${movieSeries.totalAddedToList} + ${delta})` })
      .where(eq(movieSeries.id, movieSeriesId))
      .returning({ total: movieSeries.totalAddedToList });
    const isAddedToList = removed.length === 0;
    return {
      isAddedToList,
      totalAddedToList: title.total,
      message: isAddedToList ? 'Added to My List' : 'Removed from My List',
    };
  });
}

export type MyListEntry = { _id: string; movieSeries: { _id: string; name: string; thumbnail: string; type: 1 | 2; totalEpisodes: number }; createdAt: string };

export async function listMyList(db: Db, userId: string): Promise<MyListEntry[]> {
  const rows = await db
    .select({
      id: myList.id,
      createdAt: myList.createdAt,
      titleId: movieSeries.id,
      name: movieSeries.name,
      thumbnail: movieSeries.thumbnail,
      type: movieSeries.type,
      totalEpisodes: sql<number>`(select count(*) from ${videos} where ${videos.movieSeriesId} = ${movieSeries.id} and ${videos.episodeNumber} > 0 and ${videoReleased})::int`,
    })
    .from(myList)
    .innerJoin(movieSeries, eq(movieSeries.id, myList.movieSeriesId))
    .where(and(eq(myList.userId, userId), titleVisible))
    .orderBy(desc(myList.createdAt), desc(myList.id))
    .limit(500);
  return rows.map((r) => ({
    _id: r.id,
    movieSeries: { _id: r.titleId, name: r.name, thumbnail: imageUrl(r.thumbnail), type: r.type === 1 ? 1 : 2, totalEpisodes: Number(r.totalEpisodes) },
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Which of these titles are in the user's list (one query). */
export async function titlesInList(db: Db, userId: string | null, titleIds: string[]): Promise<Set<string>> {
  if (!userId || titleIds.length === 0) return new Set();
  const rows = await db.select({ id: myList.movieSeriesId }).from(myList).where(and(eq(myList.userId, userId), inArray(myList.movieSeriesId, [...new Set(titleIds)])));
  return new Set(rows.map((r) => r.id));
}

// --- Likes -------------------------------------------------------------------------------------------------------------

export type LikeToggle = { isLiked: boolean; likes: number; totalAddedToList: number };

export async function toggleLike(db: Db, userId: string, videoId: string): Promise<LikeToggle> {
  const video = await requireVideo(db, videoId);
  return db.transaction(async (tx) => {
    const removed = await tx.delete(likes).where(and(eq(likes.userId, userId), eq(likes.videoId, videoId))).returning({ id: likes.id });
    if (removed.length === 0) await tx.insert(likes).values({ id: newId(), userId, videoId }).onConflictDoNothing();
    const [[{ n }], [title]] = await Promise.all([
      tx.select({ n: count() }).from(likes).where(eq(likes.videoId, videoId)),
      tx.select({ total: movieSeries.totalAddedToList }).from(movieSeries).where(eq(movieSeries.id, video.movieSeriesId)),
    ]);
    return { isLiked: removed.length === 0, likes: Number(n), totalAddedToList: title?.total ?? 0 };
  });
}

// --- Ratings -----------------------------------------------------------------------------------------------------------

export type RatingSummary = {
  userRating: number | null;
  averageRating: number;
  totalRatings: number;
  ratingDistribution: Record<'1' | '2' | '3' | '4' | '5', number>;
};

export async function ratingSummary(db: Db, userId: string | null, videoId: string): Promise<RatingSummary> {
  const [dist, mine] = await Promise.all([
    db.select({ rating: ratings.rating, n: count() }).from(ratings).where(eq(ratings.videoId, videoId)).groupBy(ratings.rating),
    userId ? db.select({ rating: ratings.rating }).from(ratings).where(and(eq(ratings.userId, userId), eq(ratings.videoId, videoId))).limit(1) : Promise.resolve([]),
  ]);
  const ratingDistribution: RatingSummary['ratingDistribution'] = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  let total = 0;
  let sum = 0;
  for (const row of dist) {
    const n = Number(row.n);
    ratingDistribution[String(row.rating) as keyof typeof ratingDistribution] = n;
    total += n;
    sum += n * row.rating;
  }
  return { userRating: mine[0]?.rating ?? null, averageRating: total ? Math.round((sum / total) * 10) / 10 : 0, totalRatings: total, ratingDistribution };
}

export async function rateVideo(db: Db, userId: string, videoId: string, rating: number): Promise<RatingSummary> {
  await requireVideo(db, videoId);
  await db
    .insert(ratings)
    .values({ id: newId(), userId, videoId, rating })
    .onConflictDoUpdate({ target: [ratings.userId, ratings.videoId], set: { rating, updatedAt: new Date() } });
  return ratingSummary(db, userId, videoId);
}

export async function getVideoRating(db: Db, userId: string | null, videoId: string): Promise<RatingSummary> {
  await requireVideo(db, videoId);
  return ratingSummary(db, userId, videoId);
}

export async function removeVideoRating(db: Db, userId: string, videoId: string): Promise<RatingSummary> {
  await requireVideo(db, videoId);
  await db.delete(ratings).where(and(eq(ratings.userId, userId), eq(ratings.videoId, videoId)));
  return ratingSummary(db, userId, videoId);
}

// --- Per-video flags for lists -----------------------------------------------------------------------------------------

export type VideoStats = { likes: number; isLiked: boolean; userRating: number | null; averageRating: number; totalRatings: number };

/** Likes, the user's like and rating, and the average rating of many videos, in four queries. */
export async function videoStats(db: Db, userId: string | null, videoIds: string[]): Promise<Map<string, VideoStats>> {
  const ids = [...new Set(videoIds)];
  const out = new Map<string, VideoStats>(ids.map((id) => [id, { likes: 0, isLiked: false, userRating: null, averageRating: 0, totalRatings: 0 }]));
  if (ids.length === 0) return out;
  const [likeCounts, ratingAgg, myLikes, myRatings] = await Promise.all([
    db.select({ id: likes.videoId, n: count() }).from(likes).where(inArray(likes.videoId, ids)).groupBy(likes.videoId),
    db
      .select({ id: ratings.videoId, n: count(), avg: sql<string>`avg(${ratings.rating})` })
      .from(ratings)
      .where(inArray(ratings.videoId, ids))
      .groupBy(ratings.videoId),
    userId ? db.select({ id: likes.videoId }).from(likes).where(and(eq(likes.userId, userId), inArray(likes.videoId, ids))) : Promise.resolve([]),
    userId
      ? db.select({ id: ratings.videoId, rating: ratings.rating }).from(ratings).where(and(eq(ratings.userId, userId), inArray(ratings.videoId, ids)))
      : Promise.resolve([]),
  ]);
  for (const r of likeCounts) out.get(r.id)!.likes = Number(r.n);
  for (const r of ratingAgg) Object.assign(out.get(r.id)!, { totalRatings: Number(r.n), averageRating: Math.round(Number(r.avg) * 10) / 10 });
  for (const r of myLikes) out.get(r.id)!.isLiked = true;
  for (const r of myRatings) out.get(r.id)!.userRating = r.rating;
  return out;
}
