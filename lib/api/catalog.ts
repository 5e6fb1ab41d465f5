import type { Banner, Genre } from '@/lib/contracts/catalog';
import { api } from './client';
import type { ApiTitle, RatingSummary, ApiEpisode, MyListEntry, Paging } from '@/lib/contracts/catalog';
import type { Answer, Envelope } from '@/lib/contracts/envelope';

/** Query parameters without empty values (no `userId=` for guests). */
function params(values: Record<string, string | number | null | undefined>) {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

// --- Content -----------------------------------------------------------------------------------------------------------

export async function fetchLatestContentForUser({ start = 1, limit = 20, userId }: Paging = {}) {
  const res = await api.get<Answer & { videos: ApiTitle[] }>('api/client/movieSeries/fetchLatestContentForUser', {
    params: params({ userId, start, limit }),
  });
  return res.data;
}

export async function fetchMediaCollection({ start = 1, limit = 20, userId, movieSeriesType }: Paging & { movieSeriesType?: 1 | 2 } = {}) {
  const res = await api.get<Answer & { videos: ApiTitle[]; total: number }>('api/client/movieSeries/fetchMediaCollection', {
    params: params({ userId, start, limit, movieSeriesType }),
  });
  return res.data;
}

export async function fetchMoviesSeries(orientation?: 'portrait' | 'landscape') {
  const res = await api.get<Answer & { banners: Banner[]; data: ApiTitle[] }>('api/client/movieSeries/fetchMoviesSeries', {
    params: params({ orientation }),
  });
  return res.data;
}

export async function fetchMoviesGroupedByGenre({ userId, moviesStart = 1, moviesLimit = 10 }: { userId?: string | null; moviesStart?: number; moviesLimit?: number } = {}) {
  const res = await api.get<Answer & { groupedMovies: { _id: string; name: string; slug: string; movies: ApiTitle[] }[] }>(
    'api/client/movieSeries/fetchMoviesGroupedByGenre',
    { params: params({ userId, moviesStart, moviesLimit }) },
  );
  return res.data;
}

export async function loadMovieSeriesVideosForUser(
  { movieSeriesId, start = 1, limit = 50, userId }: Paging & { movieSeriesId: string },
  signal?: AbortSignal,
) {
  const res = await api.get<Answer & { data: ApiEpisode[]; totalVideosCount: number }>('api/client/shortVideo/loadMovieSeriesVideosForUser', {
    params: params({ userId, start, limit, movieSeriesId }),
    signal,
  });
  return res.data;
}

export async function listCategory() {
  const res = await api.get<Answer & { data: Genre[] }>('api/client/category/listCategory');
  return res.data;
}

export async function fetchGenreBasedMediaContent({ categoryId, userId }: { categoryId: string; userId?: string | null }) {
  const res = await api.get<Answer & { videos: ApiTitle[] }>('api/client/category/fetchGenreBasedMediaContent', {
    params: params({ userId, categoryId }),
  });
  return res.data;
}

export async function getContentBySearch(
  { searchString, start = 1, limit = 20, userId }: Paging & { searchString: string },
  signal?: AbortSignal,
) {
  const res = await api.get<Answer & { searchData: ApiTitle[]; total: number }>('api/client/movieSeries/getContentBySearch', {
    params: params({ userId, searchString, start, limit }),
    signal,
  });
  return res.data;
}

// --- Engagement --------------------------------------------------------------------------------------------------------

export async function likeOrDislikeOfVideo({ videoId, userId }: { videoId: string; userId?: string | null }) {
  const res = await api.post<Answer & { data: { isLiked: boolean; likes: number; totalAddedToList: number } }>(
    'api/client/shortVideo/likeOrDislikeOfVideo',
    null,
    { params: params({ userId, videoId }) },
  );
  return res.data;
}

export async function rateVideo({ videoId, rating, userId }: { videoId: string; rating: number; userId?: string | null }) {
  const res = await api.post<Answer & { data: RatingSummary }>('api/client/videoRating/rateVideo', {
    ...(userId ? { userId } : {}),
    videoId,
    rating,
  });
  return res.data;
}

export async function getVideoRating({ videoId, userId }: { videoId: string; userId?: string | null }) {
  const res = await api.get<Answer & { data: RatingSummary }>('api/client/videoRating/getVideoRating', {
    params: params({ userId, videoId }),
  });
  return res.data;
}

export async function removeVideoRating({ videoId, userId }: { videoId: string; userId?: string | null }) {
  const res = await api.delete<Answer & { data: RatingSummary }>('api/client/videoRating/removeVideoRating', {
    params: params({ userId, videoId }),
  });
  return res.data;
}

export async function videoAddedToMyListByUser({ movieSeriesId, userId }: { movieSeriesId: string; userId?: string | null }) {
  // The server always says what happened ('Added to My List' / 'Removed from My List'): the toast shows it.
  const res = await api.post<Envelope<{ isAddedToList: boolean; totalAddedToList: number }> & { message: string }>(
    'api/client/userVideoList/videoAddedToMyListByUser',
    null,
    { params: params({ userId, movieSeriesId }) },
  );
  return res.data;
}

export async function getAllVideosAddedToMyListByUser({ userId }: { userId?: string | null } = {}) {
  const res = await api.get<Answer & { data: MyListEntry[] }>('api/client/userVideoList/getAllVideosAddedToMyListByUser', {
    params: params({ userId }),
  });
  return res.data;
}
