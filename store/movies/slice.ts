import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiEpisode, MyListEntry, RatingSummary } from '@/lib/contracts/catalog';
import { countInFlight, defineRequest, type RequestStatus } from '@/store/api-thunk';
import { viewerLeft, type AuthRoot } from '@/store/auth/slice';

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
  /** Requests of this part in flight: the movies part of the overall loading flag (spec §4). */
  inFlight: number;
};

export const initialMoviesState: MoviesState = {
  myList: { status: 'idle', error: null, userId: null, entries: [] },
  titles: {},
  toggling: {},
  liking: {},
  episodes: {},
  ratings: {},
  inFlight: 0,
};

/**
 * `messages`: what the viewer is shown (spec §8's, or 'Please login first'); `loginNeeded`: the login dialog opens
 * (a guest, or a login that expired).
 */
export type MoviesRejection = { message: string; messages: string[]; code: string | null; loginNeeded: boolean };

type Root = AuthRoot & { movies: MoviesState };
type Rated = { videoId: string; summary: RatingSummary; message?: string };

export const moviesRequests = {
  fetchMyList: defineRequest<{ userId: string; entries: MyListEntry[] }, { force?: boolean } | void, MoviesRejection, Root>('movies/fetchMyList'),
  toggleMyList: defineRequest<{ title: ListTitle; isAddedToList: boolean; totalAddedToList: number; message: string }, ListTitle, MoviesRejection, Root>(
    'movies/toggleMyList',
  ),
  fetchTitleEpisodes: defineRequest<{ items: ApiEpisode[]; totalVideosCount: number; forUserId: string | null }, { movieSeriesId: string }, MoviesRejection, Root>(
    'movies/fetchTitleEpisodes',
  ),
  toggleLike: defineRequest<
    { videoId: string; movieSeriesId: string; isLiked: boolean; likes: number; totalAddedToList: number },
    { videoId: string; movieSeriesId: string },
    MoviesRejection,
    Root
  >('movies/toggleLike'),
  rateVideo: defineRequest<Rated, { videoId: string; rating: number }, MoviesRejection, Root>('movies/rateVideo'),
  fetchVideoRating: defineRequest<Rated, { videoId: string }, MoviesRejection, Root>('movies/fetchVideoRating'),
  removeVideoRating: defineRequest<Rated, { videoId: string }, MoviesRejection, Root>('movies/removeVideoRating'),
};

const { fetchMyList, toggleMyList, fetchTitleEpisodes, toggleLike, rateVideo, fetchVideoRating, removeVideoRating } = moviesRequests;

function applySummary(state: MoviesState, videoId: string, summary: RatingSummary) {
  state.ratings[videoId] = summary;
  for (const entry of Object.values(state.episodes)) {
    const ep = entry.items.find((e) => e._id === videoId);
    if (ep) Object.assign(ep, { userRating: summary.userRating, averageRating: summary.averageRating, totalRatings: summary.totalRatings });
  }
}

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
      .addMatcher(fetchMyList.pending, (state) => {
        state.myList.status = 'pending';
        state.myList.error = null;
      })
      .addMatcher(fetchMyList.fulfilled, (state, action) => {
        if (state.myList.userId !== action.payload.userId) state.titles = {};
        state.myList = { status: 'succeeded', error: null, userId: action.payload.userId, entries: action.payload.entries };
      })
      .addMatcher(fetchMyList.rejected, (state, action) => {
        if (action.meta.condition) return;
        state.myList.status = 'failed';
        state.myList.error = action.payload?.message ?? action.error.message ?? null;
      })
      .addMatcher(toggleMyList.pending, (state, action) => {
        state.toggling[action.meta.arg._id] = true;
      })
      .addMatcher(toggleMyList.fulfilled, (state, action) => {
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
      .addMatcher(toggleMyList.rejected, (state, action) => {
        if (action.meta.condition) return;
        delete state.toggling[action.meta.arg._id];
      })
      .addMatcher(fetchTitleEpisodes.pending, (state, action) => {
        const id = action.meta.arg.movieSeriesId;
        const known = state.episodes[id];
        state.episodes[id] = { status: 'pending', error: null, forUserId: known?.forUserId ?? null, items: known?.items ?? [], totalVideosCount: known?.totalVideosCount ?? 0 };
      })
      .addMatcher(fetchTitleEpisodes.fulfilled, (state, action) => {
        state.episodes[action.meta.arg.movieSeriesId] = { status: 'succeeded', error: null, ...action.payload };
        for (const ep of action.payload.items) {
          state.ratings[ep._id] = { ...state.ratings[ep._id], userRating: ep.userRating, averageRating: ep.averageRating, totalRatings: ep.totalRatings };
        }
      })
      .addMatcher(fetchTitleEpisodes.rejected, (state, action) => {
        if (action.meta.condition) return;
        const entry = state.episodes[action.meta.arg.movieSeriesId];
        if (!entry) return;
        entry.status = 'failed';
        entry.error = action.payload?.message ?? action.error.message ?? null;
      })
      .addMatcher(toggleLike.pending, (state, action) => {
        state.liking[action.meta.arg.videoId] = true;
      })
      .addMatcher(toggleLike.fulfilled, (state, action) => {
        const { videoId, movieSeriesId, isLiked, likes, totalAddedToList } = action.payload;
        delete state.liking[videoId];
        const ep = state.episodes[movieSeriesId]?.items.find((e) => e._id === videoId);
        if (ep) Object.assign(ep, { isLiked, likes });
        state.titles[movieSeriesId] = { ...state.titles[movieSeriesId], totalAddedToList };
      })
      .addMatcher(toggleLike.rejected, (state, action) => {
        if (action.meta.condition) return;
        delete state.liking[action.meta.arg.videoId];
      })
      .addMatcher(isAnyOf(rateVideo.fulfilled, fetchVideoRating.fulfilled, removeVideoRating.fulfilled), (state, action) => {
        applySummary(state, action.payload.videoId, action.payload.summary);
      })
      // Personal state belongs to the user who is leaving.
      .addMatcher(viewerLeft, (state) => ({ ...initialMoviesState, inFlight: state.inFlight }));
    countInFlight(builder, Object.values(moviesRequests));
  },
});

export const { episodesUnlocked } = moviesSlice.actions;
