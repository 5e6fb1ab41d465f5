import { z } from 'zod';

/** Spec §7 pagination: `start` is the 1-based page, `limit` the page size. Out-of-range values are 4xx, not clamped. */
const page = z.coerce.number().int('start must be a whole number').min(1, 'start starts at 1').max(10_000);
const pageSize = z.coerce.number().int('limit must be a whole number').min(1, 'limit is at least 1').max(100, 'limit is at most 100');
const id = z.string().regex(/^[0-9a-f]{24}$/, 'unknown id');
const userId = z.string().max(64).optional();

export const pagedQuery = z.object({ userId, start: page.default(1), limit: pageSize.default(20) });
export const mediaCollectionQuery = pagedQuery.extend({ movieSeriesType: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])).optional() });
export const bannersQuery = z.object({ orientation: z.enum(['portrait', 'landscape', 'vertical', 'horizontal']).optional() });
export const groupedQuery = z.object({ userId, moviesStart: page.default(1), moviesLimit: pageSize.default(10) });
export const seriesVideosQuery = pagedQuery.extend({ movieSeriesId: id, limit: pageSize.default(50) });
export const genreContentQuery = z.object({ userId, categoryId: id, start: page.default(1), limit: pageSize.default(50) });
export const searchQuery = z.object({ userId, searchString: z.string().max(200).default(''), start: page.default(1), limit: pageSize.default(20) });
export const videoQuery = z.object({ userId, videoId: id });
export const titleQuery = z.object({ userId, movieSeriesId: id });
export const rateBody = z.object({ userId, videoId: id, rating: z.number().int('rating is a whole number from 1 to 5').min(1).max(5) });

// ---- wire types (the answers' shapes, read by the client and produced by lib/server/catalog) ----

/**
 * Shapes the catalogue domain returns to pages and API handlers. Field names follow spec §3
 * (`_id`, `name`, `thumbnail`, `type` 1 movie / 2 series …) so the same objects serve SSR and JSON.
 * Content keys and media paths of locked episodes never appear here.
 */

export type Genre = { _id: string; name: string; slug: string };
export type Tag = { _id: string; name: string };

export type Banner = {
  _id: string;
  movieSeriesId: string;
  name: string;
  description: string;
  image: string; // wide banner image URL
  type: 1 | 2;
  isPremium: boolean;
};

export type TitleCard = {
  _id: string;
  name: string;
  description: string;
  thumbnail: string; // 9:16 poster URL
  banner: string; // 16:9 banner URL
  type: 1 | 2;
  isPremium: boolean;
  totalEpisodes: number; // episodes excluding episode 0 (trailer)
  totalAddedToList: number;
  releaseYear: number;
  tags: string[];
  genres: string[];
  /**
   * Spec §3 MovieSeries: the trailer (episode 0), null / 0 when the title has none. Trailers are free, so the manifest
   * URL is no secret. Every catalogue answer carries these (lib/server/catalog toCards); optional in the type only so
   * that cards built elsewhere (client-side test fixtures) need not spell them out.
   */
  trailerUrl?: string | null;
  trailerImage?: string | null;
  trailerDuration?: number; // seconds
};

/**
 * What a poster card renders, and nothing else: cards are client components (components/catalog/PosterCard.tsx), so
 * each prop is sent to the browser in the page's RSC payload; a whole TitleCard (description, tags, trailer…) would
 * cost every card its full record. Build it with toCardView, which copies only these fields.
 */
export type CardView = Pick<TitleCard, '_id' | 'name' | 'thumbnail' | 'isPremium' | 'totalEpisodes' | 'type'>;

export const toCardView = ({ _id, name, thumbnail, isPremium, totalEpisodes, type }: CardView): CardView => ({
  _id,
  name,
  thumbnail,
  isPremium,
  totalEpisodes,
  type,
});

export type Season = { seasonNumber: number; title: string | null };

export type Episode = {
  _id: string;
  episodeNumber: number; // 0 = trailer
  title: string | null;
  description: string;
  thumbnail: string;
  duration: number; // seconds
  isPremium: boolean;
  coinPrice: number;
  /** Sold on its own for pesos (premium video): its active price in centavos; null otherwise. */
  premiumPriceCentavos?: number | null;
  season: Season | null;
};

export type Artist = { _id: string; name: string; bio: string; image: string; titles: TitleCard[] };

export type TitleDetail = TitleCard & {
  seasons: Season[];
  episodes: Episode[]; // ordered by season then episode number, trailer (0) first
  artists: { _id: string; name: string; image: string }[];
  // Always present on the detail (the card's values).
  trailerUrl: string | null;
  trailerImage: string | null;
  trailerDuration: number;
};

// ---- answers and bodies of the catalog calls (lib/api/catalog.ts) ----


/**
 * The catalogue and engagement calls of spec §7 ('Content', 'Engagement'), one function per call. Every call carries
 * the key header and the Bearer token (lib/api/client.ts); the server takes the user from the token, and a `userId`
 * sent along must be that user's own id.
 */

/** A title card as the API answers it: the card plus the viewer's list flag, in both spellings the spec uses. */
export type ApiTitle = TitleCard & { isAddedToList: boolean; isAddedList: boolean };

export type RatingSummary = {
  userRating: number | null;
  averageRating: number;
  totalRatings: number;
  ratingDistribution?: Record<'1' | '2' | '3' | '4' | '5', number>;
};

/** One episode for this viewer (loadMovieSeriesVideosForUser). */
export type ApiEpisode = {
  _id: string;
  movieSeriesId: string;
  episodeNumber: number;
  title: string | null;
  description: string;
  thumbnail: string;
  videoImage: string;
  duration: number;
  isPremium: boolean;
  coinPrice: number;
  isLocked: boolean;
  isLiked: boolean;
  likes: number;
  userRating: number | null;
  averageRating: number;
  totalRatings: number;
  season: { seasonNumber: number; title: string | null } | null;
};

export type MyListEntry = {
  _id: string;
  movieSeries: { _id: string; name: string; thumbnail: string; type: 1 | 2; totalEpisodes: number };
  createdAt?: string;
};

export type Paging = { start?: number; limit?: number; userId?: string | null };
