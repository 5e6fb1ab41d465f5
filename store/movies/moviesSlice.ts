import { createAsyncThunk, createSelector, createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import toast from 'react-hot-toast';
import {
  getAllVideosAddedToMyListByUser,
  getVideoRating,
  likeOrDislikeOfVideo,
  loadMovieSeriesVideosForUser,
  rateVideo as rateVideoCall,
  removeVideoRating as removeVideoRatingCall,
  videoAddedToMyListByUser,
  type ApiEpisode,
  type MyListEntry,
  type RatingSummary,
} from '@/lib/api/catalog';
import { errorMessages, handleApiError, isApiError } from '@/lib/api/errors';
import { DETAIL_VIDEOS_LIMIT } from '@/lib/constants';
import type { AuthState, RequestStatus } from '@/store/auth/authSlice';
import { logOut, loggedOut } from '@/store/auth/authSlice';
import { loginDialogOpened } from '@/store/ui/uiSlice';

/**
 * Per-viewer state around the catalogue (spec §4 'My list, like, rate, tags'). The catalogue itself is rendered on
 * the server and cached; what depends on who is watching lives here and is filled in on the client: the viewer's list,
 * the list flag and favourites count of any title the viewer toggled (so every card, row, search result and detail page
 * showing that title flips together), and the viewer's episodes of a title (locks, likes, ratings).
 */

export const LOGIN_FIRST = 'Please login first';
export const RATING_FAILED = 'Failed to rate video';

/** What a list entry needs to show (the library, the popup): any title card has it. */
export type ListTitle = { _id: string; name: string; thumbnail: string; type: 1 | 2; totalEpisodes: number };

export type TitleEpisodes = {
  status: RequestStatus;
  error: string | null;
  /** The user the episodes were loaded for (locks, likes and ratings are per viewer); null for guests. */
  forUserId: string | null;
  items: ApiEpisode[];
  totalVideosCount: number;
};

export type MoviesState = {
  myList: { status: RequestStatus; error: string | null; userId: string | null; entries: MyListEntry[] };
  /** What the server last answered about a title for this viewer, over what a cached page rendered. */
  titles: Record<string, { isAddedToList?: boolean; totalAddedToList?: number }>;
  /** Titles whose list toggle is in flight: the buttons wait, a double tap sends one call. */
  toggling: Record<string, true>;
  /** Videos whose like is in flight. */
  liking: Record<string, true>;
  episodes: Record<string, TitleEpisodes>;
  /** Rating summaries by video id, from rate / get / remove (spec §4: they update the per-video summary). */
  ratings: Record<string, RatingSummary>;
  /** Thunks of this slice in flight: the movies part of the overall loading flag (spec §4). */
  pending: number;
};

export const initialMoviesState: MoviesState = {
  myList: { status: 'idle', error: null, userId: null, entries: [] },
  titles: {},
  toggling: {},
  liking: {},
  episodes: {},
  ratings: {},
  pending: 0,
};

type ThunkApi = { state: { auth: AuthState; movies: MoviesState } };
type Rejection = { message: string };

const loggedInUserId = (state: { auth: AuthState }) => (state.auth.status === 'loggedIn' ? (state.auth.user?._id ?? null) : null);

/** Guests are asked to log in (spec §2, §5): the error, then the login dialog. */
function askToLogIn(dispatch: (action: unknown) => unknown): Rejection {
  toast.error(LOGIN_FIRST);
  dispatch(loginDialogOpened());
  return { message: LOGIN_FIRST };
}

/** Errors of personal calls: the catalogue's toasts; an expired login also opens the login dialog. */
function failed(error: unknown, dispatch: (action: unknown) => unknown): Rejection {
  const [message] = handleApiError(error);
  if (isApiError(error) && error.response?.status === 401) dispatch(loginDialogOpened());
  return { message: message ?? LOGIN_FIRST };
}

// --- Thunks ------------------------------------------------------------------------------------------------------------

/** The viewer's list (getAllVideosAddedToMyListByUser): the library, the popup and every list flag read it. */
export const fetchMyList = createAsyncThunk<{ userId: string; entries: MyListEntry[] }, { force?: boolean } | void, ThunkApi & { rejectValue: Rejection }>(
  'movies/fetchMyList',
  async (_, { getState, dispatch, rejectWithValue }) => {
    const userId = loggedInUserId(getState());
    if (!userId) return rejectWithValue({ message: LOGIN_FIRST });
    try {
      const res = await getAllVideosAddedToMyListByUser({ userId });
      return { userId, entries: Array.isArray(res.data) ? res.data : [] };
    } catch (error) {
      return rejectWithValue(failed(error, dispatch));
    }
  },
  {
    condition: (arg, { getState }) => {
      const state = getState();
      const userId = loggedInUserId(state);
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
 * Adds the title to the viewer's list or removes it (videoAddedToMyListByUser), then toasts the server's message
 * ('Added to My List' / 'Removed from My List'). Guests get 'Please login first' and the login dialog.
 */
export const toggleMyList = createAsyncThunk<
  { title: ListTitle; isAddedToList: boolean; totalAddedToList: number; message: string },
  ListTitle,
  ThunkApi & { rejectValue: Rejection }
>(
  'movies/toggleMyList',
  async (title, { getState, dispatch, rejectWithValue }) => {
    const userId = loggedInUserId(getState());
    if (!userId) return rejectWithValue(askToLogIn(dispatch));
    try {
      const res = await videoAddedToMyListByUser({ movieSeriesId: title._id, userId });
      toast.success(res.message);
      return { title, ...res.data, message: res.message };
    } catch (error) {
      return rejectWithValue(failed(error, dispatch));
    }
  },
  { condition: (title, { getState }) => !getState().movies.toggling[title._id] },
);

/** This viewer's episodes of a title (loadMovieSeriesVideosForUser, up to 50): locks, likes and ratings. */
export const fetchTitleEpisodes = createAsyncThunk<
  { items: ApiEpisode[]; totalVideosCount: number; forUserId: string | null },
  { movieSeriesId: string },
  ThunkApi & { rejectValue: Rejection }
>(
  'movies/fetchTitleEpisodes',
  async ({ movieSeriesId }, { getState, rejectWithValue, signal }) => {
    const forUserId = loggedInUserId(getState());
    try {
      const res = await loadMovieSeriesVideosForUser({ movieSeriesId, start: 1, limit: DETAIL_VIDEOS_LIMIT, userId: forUserId }, signal);
      return { items: Array.isArray(res.data) ? res.data : [], totalVideosCount: Number(res.totalVideosCount) || 0, forUserId };
    } catch (error) {
      // Silent: the page already shows the public episode list; only the personal flags are missing.
      return rejectWithValue({ message: errorMessages(error)[0] ?? '' });
    }
  },
  {
    condition: ({ movieSeriesId }, { getState }) => {
      const state = getState();
      const entry = state.movies.episodes[movieSeriesId];
      if (!entry) return true;
      const userId = loggedInUserId(state);
      if (entry.status === 'pending') return entry.forUserId !== userId;
      return entry.status !== 'succeeded' || entry.forUserId !== userId;
    },
  },
);

/** Likes or unlikes a video (likeOrDislikeOfVideo): updates isLiked, likes and the title's totalAddedToList. */
export const toggleLike = createAsyncThunk<
  { videoId: string; movieSeriesId: string; isLiked: boolean; likes: number; totalAddedToList: number },
  { videoId: string; movieSeriesId: string },
  ThunkApi & { rejectValue: Rejection }
>(
  'movies/toggleLike',
  async ({ videoId, movieSeriesId }, { getState, dispatch, rejectWithValue }) => {
    const userId = loggedInUserId(getState());
    if (!userId) return rejectWithValue(askToLogIn(dispatch));
    try {
      const res = await likeOrDislikeOfVideo({ videoId, userId });
      return { videoId, movieSeriesId, ...res.data };
    } catch (error) {
      return rejectWithValue(failed(error, dispatch));
    }
  },
  { condition: ({ videoId }, { getState }) => !getState().movies.liking[videoId] },
);

/** Rates a video 1–5 (rateVideo): toasts the server's message; failure: its message or 'Failed to rate video'. */
export const rateVideo = createAsyncThunk<{ videoId: string; summary: RatingSummary }, { videoId: string; rating: number }, ThunkApi & { rejectValue: Rejection }>(
  'movies/rateVideo',
  async ({ videoId, rating }, { getState, dispatch, rejectWithValue }) => {
    const userId = loggedInUserId(getState());
    if (!userId) return rejectWithValue(askToLogIn(dispatch));
    try {
      const res = await rateVideoCall({ videoId, rating, userId });
      if (res.message) toast.success(res.message);
      return { videoId, summary: res.data };
    } catch (error) {
      const messages = errorMessages(error);
      const message = isApiError(error) && error.response ? messages[0] : RATING_FAILED;
      toast.error(message || RATING_FAILED);
      if (isApiError(error) && error.response?.status === 401) dispatch(loginDialogOpened());
      return rejectWithValue({ message: message || RATING_FAILED });
    }
  },
);

export const fetchVideoRating = createAsyncThunk<{ videoId: string; summary: RatingSummary }, { videoId: string }, ThunkApi & { rejectValue: Rejection }>(
  'movies/fetchVideoRating',
  async ({ videoId }, { getState, rejectWithValue }) => {
    try {
      const res = await getVideoRating({ videoId, userId: loggedInUserId(getState()) });
      return { videoId, summary: res.data };
    } catch (error) {
      return rejectWithValue({ message: errorMessages(error)[0] ?? RATING_FAILED });
    }
  },
);

/** Removes the viewer's rating (removeVideoRating): the summary updates and userRating becomes null. */
export const removeVideoRating = createAsyncThunk<{ videoId: string; summary: RatingSummary }, { videoId: string }, ThunkApi & { rejectValue: Rejection }>(
  'movies/removeVideoRating',
  async ({ videoId }, { getState, dispatch, rejectWithValue }) => {
    const userId = loggedInUserId(getState());
    if (!userId) return rejectWithValue(askToLogIn(dispatch));
    try {
      const res = await removeVideoRatingCall({ videoId, userId });
      return { videoId, summary: { ...res.data, userRating: null } };
    } catch (error) {
      return rejectWithValue(failed(error, dispatch));
    }
  },
);

// --- Slice -------------------------------------------------------------------------------------------------------------

function applySummary(state: MoviesState, videoId: string, summary: RatingSummary) {
  state.ratings[videoId] = summary;
  for (const entry of Object.values(state.episodes)) {
    const ep = entry.items.find((e) => e._id === videoId);
    if (ep) Object.assign(ep, { userRating: summary.userRating, averageRating: summary.averageRating, totalRatings: summary.totalRatings });
  }
}

const allThunks = [fetchMyList, toggleMyList, fetchTitleEpisodes, toggleLike, rateVideo, fetchVideoRating, removeVideoRating] as const;

export const moviesSlice = createSlice({
  name: 'movies',
  initialState: initialMoviesState,
  reducers: {
    /** Coins unlocked these videos for the viewer (store/coins): every loaded episode list shows them unlocked (spec §4). */
    episodesUnlocked: (state, action: PayloadAction<string[]>) => {
      const ids = new Set(action.payload);
      for (const entry of Object.values(state.episodes)) {
        for (const ep of entry.items) if (ids.has(ep._id)) ep.isLocked = false;
      }
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchMyList.pending, (state) => {
        state.myList.status = 'pending';
        state.myList.error = null;
      })
      .addCase(fetchMyList.fulfilled, (state, action) => {
        if (state.myList.userId !== action.payload.userId) state.titles = {};
        state.myList = { status: 'succeeded', error: null, userId: action.payload.userId, entries: action.payload.entries };
      })
      .addCase(fetchMyList.rejected, (state, action) => {
        if (action.meta.condition) return;
        state.myList.status = 'failed';
        state.myList.error = action.payload?.message ?? action.error.message ?? null;
      })
      .addCase(toggleMyList.pending, (state, action) => {
        state.toggling[action.meta.arg._id] = true;
      })
      .addCase(toggleMyList.fulfilled, (state, action) => {
        const { title, isAddedToList, totalAddedToList } = action.payload;
        delete state.toggling[title._id];
        state.titles[title._id] = { isAddedToList, totalAddedToList };
        const entries = state.myList.entries.filter((e) => e.movieSeries._id !== title._id);
        if (isAddedToList) {
          const { _id, name, thumbnail, type, totalEpisodes } = title;
          entries.unshift({ _id: `local-${_id}`, movieSeries: { _id, name, thumbnail, type, totalEpisodes }, createdAt: new Date().toISOString() });
        }
        state.myList.entries = entries;
      })
      .addCase(toggleMyList.rejected, (state, action) => {
        if (action.meta.condition) return;
        delete state.toggling[action.meta.arg._id];
      })
      .addCase(fetchTitleEpisodes.pending, (state, action) => {
        const id = action.meta.arg.movieSeriesId;
        const known = state.episodes[id];
        state.episodes[id] = { status: 'pending', error: null, forUserId: known?.forUserId ?? null, items: known?.items ?? [], totalVideosCount: known?.totalVideosCount ?? 0 };
      })
      .addCase(fetchTitleEpisodes.fulfilled, (state, action) => {
        state.episodes[action.meta.arg.movieSeriesId] = { status: 'succeeded', error: null, ...action.payload };
        for (const ep of action.payload.items) {
          state.ratings[ep._id] = { ...state.ratings[ep._id], userRating: ep.userRating, averageRating: ep.averageRating, totalRatings: ep.totalRatings };
        }
      })
      .addCase(fetchTitleEpisodes.rejected, (state, action) => {
        if (action.meta.condition) return;
        const entry = state.episodes[action.meta.arg.movieSeriesId];
        if (!entry) return;
        entry.status = 'failed';
        entry.error = action.payload?.message ?? action.error.message ?? null;
      })
      .addCase(toggleLike.pending, (state, action) => {
        state.liking[action.meta.arg.videoId] = true;
      })
      .addCase(toggleLike.fulfilled, (state, action) => {
        const { videoId, movieSeriesId, isLiked, likes, totalAddedToList } = action.payload;
        delete state.liking[videoId];
        const ep = state.episodes[movieSeriesId]?.items.find((e) => e._id === videoId);
        if (ep) Object.assign(ep, { isLiked, likes });
        state.titles[movieSeriesId] = { ...state.titles[movieSeriesId], totalAddedToList };
      })
      .addCase(toggleLike.rejected, (state, action) => {
        if (action.meta.condition) return;
        delete state.liking[action.meta.arg.videoId];
      })
      .addMatcher(isAnyOf(rateVideo.fulfilled, fetchVideoRating.fulfilled, removeVideoRating.fulfilled), (state, action) => {
        applySummary(state, action.payload.videoId, action.payload.summary);
      })
      // Personal state belongs to the user who is leaving.
      .addMatcher(isAnyOf(logOut.fulfilled, loggedOut), (state) => ({ ...initialMoviesState, pending: state.pending }));

    for (const thunk of allThunks) {
      builder
        .addMatcher(thunk.pending.match, (state) => {
          state.pending += 1;
        })
        .addMatcher(isAnyOf(thunk.fulfilled, thunk.rejected), (state, action) => {
          // A thunk stopped by its condition never went pending.
          if ('meta' in action && (action.meta as { condition?: boolean }).condition) return;
          state.pending = Math.max(0, state.pending - 1);
        });
    }
  },
});

export const { episodesUnlocked } = moviesSlice.actions;

// --- Selectors ---------------------------------------------------------------------------------------------------------

type MoviesRoot = { movies: MoviesState };

export const selectMyList = (state: MoviesRoot) => state.movies.myList;
export const selectMyListEntries = (state: MoviesRoot) => state.movies.myList.entries;
export const selectMyListStatus = (state: MoviesRoot) => state.movies.myList.status;
export const selectMoviesLoading = (state: MoviesRoot) => state.movies.pending > 0;

/** The ids in the viewer's list, as a set (memoized: recomputed only when the list changes). */
export const selectMyListIds = createSelector([selectMyListEntries], (entries) => new Set(entries.map((e) => e.movieSeries._id)));

/**
 * Whether a title is in the viewer's list: the last toggle's answer, else the loaded list, else what the card said
 * (API answers carry isAddedToList / isAddedList; cached pages say nothing, so false).
 */
export const selectIsInMyList = (state: MoviesRoot, titleId: string, fallback = false): boolean => {
  const flag = state.movies.titles[titleId]?.isAddedToList;
  if (flag !== undefined) return flag;
  if (state.movies.myList.status === 'succeeded') return selectMyListIds(state).has(titleId);
  return fallback;
};

export const selectTotalAddedToList = (state: MoviesRoot, titleId: string, fallback: number): number =>
  state.movies.titles[titleId]?.totalAddedToList ?? fallback;

export const selectIsTogglingList = (state: MoviesRoot, titleId: string) => Boolean(state.movies.toggling[titleId]);
export const selectIsLiking = (state: MoviesRoot, videoId: string) => Boolean(state.movies.liking[videoId]);

export const selectTitleEpisodes = (state: MoviesRoot, titleId: string): TitleEpisodes | undefined => state.movies.episodes[titleId];

export const selectViewerEpisode = (state: MoviesRoot, titleId: string, videoId: string): ApiEpisode | undefined =>
  state.movies.episodes[titleId]?.items.find((e) => e._id === videoId);

export const selectRatingSummary = (state: MoviesRoot, videoId: string): RatingSummary | undefined => state.movies.ratings[videoId];

/** The first `n` entries of the list (the popup shows 3), memoized per list. */
export const selectMyListPreview = createSelector([selectMyListEntries, (_: MoviesRoot, n: number) => n], (entries, n) => entries.slice(0, n));
