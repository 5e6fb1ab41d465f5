import 'server-only';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { ApiEpisode } from '@/lib/contracts/catalog';
import type { Db } from '@/lib/server/db/client';
import { categories, movieSeries, seasons, videos } from '@/lib/server/db/schema';
import { watchableVideoIds, type Viewer } from '@/lib/server/entitlement/can-watch';
import { titlesInList, videoStats } from '@/lib/server/engagement';
import { AppError } from '@/lib/server/http/app-error';
import { coinPriceColumn } from '@/lib/server/premium/sale';
import { imageUrl } from './index';
import type { TitleCard } from '@/lib/contracts/catalog';
import { titleVisible, videoReleased } from './visibility';

/** A title card as the API answers it: the card plus the viewer's list flag (both spellings the client reads). */
export type ViewerTitle = TitleCard & { isAddedToList: boolean; isAddedList: boolean };

export async function withListFlags(db: Db, userId: string | null, cards: TitleCard[]): Promise<ViewerTitle[]> {
  const inList = await titlesInList(db, userId, cards.map((c) => c._id));
  return cards.map((c) => ({ ...c, isAddedToList: inList.has(c._id), isAddedList: inList.has(c._id) }));
}

/** The client's episode shape (lib/api/catalog.ts) plus the spec's second spelling of the season. */
export type ViewerEpisode = ApiEpisode & { seasonDetails: ApiEpisode['season'] };

/**
 * One page of a visible title's visible episodes for this viewer (trailer first; numbers as stored, so a hidden
 * episode leaves a gap rather than renumbering the rest), with `isLocked` from the one entitlement rule and
 * the viewer's likes and ratings. `totalVideosCount` counts episodes without the trailer (spec §9).
 */
export async function titleVideosForViewer(
  db: Db,
  viewer: Viewer,
  movieSeriesId: string,
  page: number,
  limit: number,
): Promise<{ data: ViewerEpisode[]; totalVideosCount: number }> {
  const [title] = await db
    .select({ id: movieSeries.id, thumbnail: movieSeries.thumbnail })
    .from(movieSeries)
    .where(and(eq(movieSeries.id, movieSeriesId), titleVisible))
    .limit(1);
  if (!title) throw new AppError('E_NOT_FOUND', 'Movie or series not found.');
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: videos.id,
        episodeNumber: videos.episodeNumber,
        title: videos.title,
        description: videos.description,
        thumbnail: videos.thumbnail,
        duration: videos.durationSeconds,
        isPremium: videos.isPremium,
        // A video sold as a premium video has no coin price (premium/sale.ts).
        coinPrice: coinPriceColumn,
        seasonNumber: seasons.seasonNumber,
        seasonTitle: seasons.title,
      })
      .from(videos)
      .leftJoin(seasons, eq(seasons.id, videos.seasonId))
      .where(and(eq(videos.movieSeriesId, movieSeriesId), videoReleased))
      .orderBy(asc(videos.episodeNumber))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(videos).where(and(eq(videos.movieSeriesId, movieSeriesId), gt(videos.episodeNumber, 0), videoReleased)),
  ]);
  const [open, stats] = await Promise.all([watchableVideoIds(db, viewer, rows), videoStats(db, viewer?.id ?? null, rows.map((r) => r.id))]);
  const poster = imageUrl(title.thumbnail);
  return {
    totalVideosCount: Number(n),
    data: rows.map((r) => {
      const season = r.seasonNumber === null ? null : { seasonNumber: r.seasonNumber, title: r.seasonTitle };
      const image = r.thumbnail ? imageUrl(r.thumbnail) : poster;
      return {
        _id: r.id,
        movieSeriesId,
        episodeNumber: r.episodeNumber,
        title: r.title,
        description: r.description,
        thumbnail: image,
        videoImage: image,
        duration: r.duration,
        isPremium: r.isPremium,
        coinPrice: r.coinPrice,
        isLocked: !open.has(r.id),
        ...stats.get(r.id)!,
        season,
        seasonDetails: season,
      };
    }),
  };
}

/** Genre ids are category ids; an unknown one is a 404, not an empty list. */
export async function genreSlugById(db: Db, categoryId: string): Promise<string> {
  const [row] = await db.select({ slug: categories.slug }).from(categories).where(eq(categories.id, categoryId)).limit(1);
  if (!row) throw new AppError('E_NOT_FOUND', 'Genre not found.');
  return row.slug;
}
