import type { Banner, Genre, TitleCard } from '@/lib/contracts/catalog';
import { api } from './client';

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

type Envelope = { status: boolean; message: string };
type Paging = { start?: number; limit?: number; userId?: string | null };

/** Query parameters without empty values (no `userId=` for guests). */
function params(values: Record<string, string | number | null | undefined>) {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

// --- Content -----------------------------------------------------------------------------------------------------------

export async function fetchLatestContentForUser({ start = 1, limit = 20, userId }: Paging = {}) {
  const res = await api.get<Envelope & { videos: ApiTitle[] }>('api/client/movieSeries/fetchLatestContentForUser', {
    params: params({ userId, start, limit }),
  });
  return res.data;
}

export async function fetchMediaCollection({ start = 1, limit = 20, userId, movieSeriesType }: Paging & { movieSeriesType?: 1 | 2 } = {}) {
  const res = await api.get<Envelope & { videos: ApiTitle[]; total: number }>('api/client/movieSeries/fetchMediaCollection', {
    params: params({ userId, start, limit, movieSeriesType }),
  });
  return res.data;
}

export async function fetchMoviesSeries(orientation?: 'portrait' | 'landscape') {
  const res = await api.get<Envelope & { banners: Banner[]; data: ApiTitle[] }>('api/client/movieSeries/fetchMoviesSeries', {
    params: params({ orientation }),
  });
  return res.data;
}

export async function fetchMoviesGroupedByGenre({ userId, moviesStart = 1, moviesLimit = 10 }: { userId?: string | null; moviesStart?: number; moviesLimit?: number } = {}) {
  const res = await api.get<Envelope & { groupedMovies: { _id: string; name: string; slug: string; movies: ApiTitle[] }[] }>(
    'api/client/movieSeries/fetchMoviesGroupedByGenre',
    { params: params({ userId, moviesStart, moviesLimit }) },
  );
  return res.data;
}

export async function loadMovieSeriesVideosForUser(
  { movieSeriesId, start = 1, limit = 50, userId }: Paging & { movieSeriesId: string },
  signal?: AbortSignal,
) {
  const res = await api.get<Envelope & { data: ApiEpisode[]; totalVideosCount: number }>('api/client/shortVideo/loadMovieSeriesVideosForUser', {
    params: params({ userId, start, limit, movieSeriesId }),
    signal,
  });
  return res.data;
}

export async function listCategory() {
  const res = await api.get<Envelope & { data: Genre[] }>('api/client/category/listCategory');
  return res.data;
}

export async function fetchGenreBasedMediaContent({ categoryId, userId }: { categoryId: string; userId?: string | null }) {
  const res = await api.get<Envelope & { videos: ApiTitle[] }>('api/client/category/fetchGenreBasedMediaContent', {
    params: params({ userId, categoryId }),
  });
  return res.data;
}

export async function getContentBySearch(
  { searchString, start = 1, limit = 20, userId }: Paging & { searchString: string },
  signal?: AbortSignal,
) {
  const res = await api.get<Envelope & { searchData: ApiTitle[]; total: number }>('api/client/movieSeries/getContentBySearch', {
    params: params({ userId, searchString, start, limit }),
    signal,
  });
  return res.data;
}

// --- Engagement --------------------------------------------------------------------------------------------------------

export async function likeOrDislikeOfVideo({ videoId, userId }: { videoId: string; userId?: string | null }) {
  const res = await api.post<Envelope & { data: { isLiked: boolean; likes: number; totalAddedToList: number } }>(
    'api/client/shortVideo/likeOrDislikeOfVideo',
    null,
    { params: params({ userId, videoId }) },
  );
  return res.data;
}

export async function rateVideo({ videoId, rating, userId }: { videoId: string; rating: number; userId?: string | null }) {
  const res = await api.post<Envelope & { data: RatingSummary }>('api/client/videoRating/rateVideo', {
    ...(userId ? { userId } : {}),
    videoId,
    rating,
  });
  return res.data;
}

export async function getVideoRating({ videoId, userId }: { videoId: string; userId?: string | null }) {
  const res = await api.get<Envelope & { data: RatingSummary }>('api/client/videoRating/getVideoRating', {
    params: params({ userId, videoId }),
  });
  return res.data;
}

export async function removeVideoRating({ videoId, userId }: { videoId: string; userId?: string | null }) {
  const res = await api.delete<Envelope & { data: RatingSummary }>('api/client/videoRating/removeVideoRating', {
    params: params({ userId, videoId }),
  });
  return res.data;
}

export async function videoAddedToMyListByUser({ movieSeriesId, userId }: { movieSeriesId: string; userId?: string | null }) {
  const res = await api.post<Envelope & { data: { isAddedToList: boolean; totalAddedToList: number } }>(
    'api/client/userVideoList/videoAddedToMyListByUser',
    null,
    { params: params({ userId, movieSeriesId }) },
  );
  return res.data;
}

export async function getAllVideosAddedToMyListByUser({ userId }: { userId?: string | null } = {}) {
  const res = await api.get<Envelope & { data: MyListEntry[] }>('api/client/userVideoList/getAllVideosAddedToMyListByUser', {
    params: params({ userId }),
  });
  return res.data;
}
