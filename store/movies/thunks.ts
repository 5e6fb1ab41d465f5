import {
  getAllVideosAddedToMyListByUser,
  getVideoRating,
  likeOrDislikeOfVideo,
  loadMovieSeriesVideosForUser,
  rateVideo as rateVideoCall,
  removeVideoRating as removeVideoRatingCall,
  videoAddedToMyListByUser,
} from '@/lib/api/catalog';
import { DETAIL_VIDEOS_LIMIT } from '@/lib/constants';
import { apiThunk, type Failure } from '@/store/api-thunk';
import { selectSignedInUserId } from '@/store/auth/selectors';
import { LOGIN_FIRST, moviesRequests, RATING_FAILED, type MoviesRejection } from './slice';
import './listeners';

/** The viewer's calls around the catalogue; store/movies/listeners.ts shows their toasts and the login dialog. */

/** A guest is asked to log in (spec §2, §5): the error, then the login dialog. */
const loginFirst: MoviesRejection = { message: LOGIN_FIRST, messages: [LOGIN_FIRST], code: null, loginNeeded: true };

/** Errors of personal calls: spec §8's toasts; an expired login also opens the login dialog. */
const personal = {
  fallback: LOGIN_FIRST,
  fail: ({ messages, message, code, httpStatus }: Failure): MoviesRejection => ({ message: messages[0] ?? message, messages, code, loginNeeded: httpStatus === 401 }),
};

/** Silent: the page already shows the public data; only the personal flags are missing. */
const silent = { fallback: '', fail: ({ messages }: Failure): MoviesRejection => ({ message: messages[0] ?? '', messages: [], code: null, loginNeeded: false }) };

/** The viewer's list (getAllVideosAddedToMyListByUser): the library, the popup and every list flag read it. */
export const fetchMyList = apiThunk(
  moviesRequests.fetchMyList,
  async (_, { getState, rejectWithValue }) => {
    const userId = selectSignedInUserId(getState());
    if (!userId) return rejectWithValue({ ...loginFirst, messages: [], loginNeeded: false });
    const res = await getAllVideosAddedToMyListByUser({ userId });
    return { userId, entries: Array.isArray(res.data) ? res.data : [] };
  },
  {
    ...personal,
    condition: (arg, { getState }) => {
      const state = getState();
      const userId = selectSignedInUserId(state);
      if (!userId) return false;
      const { status, userId: loadedFor } = state.movies.myList;
      // One request at a time, whoever asks: every card mounting while the first load is pending asked again (its
      // `loadedFor` is still the previous user, null), and a late failure among them left the list 'failed'.
      if (status === 'pending') return false;
      return Boolean(arg?.force) || loadedFor !== userId || status === 'idle' || status === 'failed';
    },
  },
);

/**
 * Adds the title to the viewer's list or removes it (videoAddedToMyListByUser); the server's message ('Added to My
 * List' / 'Removed from My List') is toasted. Guests get 'Please login first' and the login dialog.
 */
export const toggleMyList = apiThunk(
  moviesRequests.toggleMyList,
  async (title, { getState, rejectWithValue }) => {
    const userId = selectSignedInUserId(getState());
    if (!userId) return rejectWithValue(loginFirst);
    const res = await videoAddedToMyListByUser({ movieSeriesId: title._id, userId });
    return { title, ...res.data, message: res.message };
  },
  { ...personal, condition: (title, { getState }) => !getState().movies.toggling[title._id] },
);

/** This viewer's episodes of a title (loadMovieSeriesVideosForUser, up to 50): locks, likes and ratings. */
export const fetchTitleEpisodes = apiThunk(
  moviesRequests.fetchTitleEpisodes,
  async ({ movieSeriesId }, { getState, signal }) => {
    const forUserId = selectSignedInUserId(getState());
    const res = await loadMovieSeriesVideosForUser({ movieSeriesId, start: 1, limit: DETAIL_VIDEOS_LIMIT, userId: forUserId }, signal);
    return { items: Array.isArray(res.data) ? res.data : [], totalVideosCount: Number(res.totalVideosCount) || 0, forUserId };
  },
  {
    ...silent,
    condition: ({ movieSeriesId }, { getState }) => {
      const state = getState();
      const entry = state.movies.episodes[movieSeriesId];
      if (!entry) return true;
      const userId = selectSignedInUserId(state);
      if (entry.status === 'pending') return entry.forUserId !== userId;
      return entry.status !== 'succeeded' || entry.forUserId !== userId;
    },
  },
);

/** Likes or unlikes a video (likeOrDislikeOfVideo): updates isLiked, likes and the title's totalAddedToList. */
export const toggleLike = apiThunk(
  moviesRequests.toggleLike,
  async ({ videoId, movieSeriesId }, { getState, rejectWithValue }) => {
    const userId = selectSignedInUserId(getState());
    if (!userId) return rejectWithValue(loginFirst);
    const res = await likeOrDislikeOfVideo({ videoId, userId });
    return { videoId, movieSeriesId, ...res.data };
  },
  { ...personal, condition: ({ videoId }, { getState }) => !getState().movies.liking[videoId] },
);

/** Rates a video 1–5 (rateVideo): the server's message is toasted; failure: its message or 'Failed to rate video'. */
export const rateVideo = apiThunk(
  moviesRequests.rateVideo,
  async ({ videoId, rating }, { getState, rejectWithValue }) => {
    const userId = selectSignedInUserId(getState());
    if (!userId) return rejectWithValue(loginFirst);
    const res = await rateVideoCall({ videoId, rating, userId });
    return { videoId, summary: res.data, message: res.message };
  },
  {
    fallback: RATING_FAILED,
    // Only the server's answer is shown as it came; anything else: 'Failed to rate video'.
    fail: ({ messages, code, httpStatus }) => {
      const message = (httpStatus !== undefined && messages[0]) || RATING_FAILED;
      return { message, messages: [message], code, loginNeeded: httpStatus === 401 };
    },
  },
);

export const fetchVideoRating = apiThunk(
  moviesRequests.fetchVideoRating,
  async ({ videoId }, { getState }) => {
    const res = await getVideoRating({ videoId, userId: selectSignedInUserId(getState()) });
    return { videoId, summary: res.data };
  },
  { ...silent, fallback: RATING_FAILED },
);

/** Removes the viewer's rating (removeVideoRating): the summary updates and userRating becomes null. */
export const removeVideoRating = apiThunk(
  moviesRequests.removeVideoRating,
  async ({ videoId }, { getState, rejectWithValue }) => {
    const userId = selectSignedInUserId(getState());
    if (!userId) return rejectWithValue(loginFirst);
    const res = await removeVideoRatingCall({ videoId, userId });
    return { videoId, summary: { ...res.data, userRating: null } };
  },
  personal,
);
