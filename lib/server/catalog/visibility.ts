import 'server-only';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { movieSeries, videos } from '@/lib/server/db/schema';

/**
 * What viewers may see of what the studio publishes (issue 13), in one place. Every viewer-facing read (catalogue
 * lists, search, detail, episode lists, playback, DRM keys, unlocks, purchases, likes, ratings, watch sessions) uses
 * these conditions; anything they exclude answers as if it did not exist.
 *
 * The database clock decides (`now()`, the transaction's start): the app servers' clocks never disagree with each other
 * about whether a scheduled title is out yet. Plain comparisons on the columns, so `published_at <= now()` is a range
 * on movie_series_published_idx and "latest" still walks that index backwards.
 */

const now = sql`now()`;

/** A title is out: published, and its publish time (set in the future to schedule) has come. */
export const titleVisible = and(eq(movieSeries.isPublished, true), lte(movieSeries.publishedAt, now))!;

/**
 * A videos row's own part of being visible: published, its optional publish time has come, and its media is packaged
 * ('ready': an episode still ingesting, or whose ingest failed, has no playable package or key to hand out). Use it
 * where the title's visibility is already established by the same query or one just before; else `episodeVisible`.
 */
export const videoReleased = and(
  eq(videos.isPublished, true),
  or(isNull(videos.publishAt), lte(videos.publishAt, now)),
  eq(videos.mediaStatus, 'ready'),
)!;

/** An episode or trailer a viewer may see: its title is visible and so is the row itself. Needs movie_series joined. */
export const episodeVisible = and(titleVisible, videoReleased)!;
