import { createSelector } from '@reduxjs/toolkit';
import type { ApiEpisode, RatingSummary } from '@/lib/contracts/catalog';
import { selectSignedInUserId } from '@/store/auth/selectors';
import type { AuthRoot } from '@/store/auth/slice';
import type { MoviesState, TitleEpisodes } from './slice';

/** Reads of the viewer's list, likes and ratings. */
type MoviesRoot = { movies: MoviesState };

export const selectMyList = (state: MoviesRoot) => state.movies.myList;
export const selectMyListEntries = (state: MoviesRoot) => state.movies.myList.entries;
export const selectMyListStatus = (state: MoviesRoot) => state.movies.myList.status;
/**
 * The signed-in user whose list is not loaded yet (another user's list is held, or none was asked for), or null:
 * when useMyListSync asks fetchMyList, whose condition still decides whether a request goes out.
 */
export const selectMyListToLoad = (state: MoviesRoot & AuthRoot): string | null => {
  const userId = selectSignedInUserId(state);
  const { userId: loadedFor, status } = state.movies.myList;
  return userId !== null && (loadedFor !== userId || status === 'idle') ? userId : null;
};
export const selectMoviesLoading = (state: MoviesRoot) => state.movies.inFlight > 0;

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
