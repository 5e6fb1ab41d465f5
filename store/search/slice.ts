import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiTitle } from '@/lib/contracts/catalog';
import { SEARCH_DROPDOWN_MAX, SEARCH_MIN_CHARS } from '@/lib/constants';
import { defineRequest, type RequestStatus } from '@/store/api-thunk';
import { viewerLeft, type AuthRoot } from '@/store/auth/slice';
import { moviesRequests } from '@/store/movies/slice';

/**
 * The header search (spec §2 'Search', §4, §5): the trimmed query, the dropdown's results (at most 8) and their total.
 * Typing is debounced by the component; a new query aborts the call of the previous one, and an answer for a query
 * that is no longer current is dropped.
 */
export type SearchState = {
  /** The trimmed text in the box. */
  query: string;
  /** The query the results belong to. */
  resultsFor: string;
  status: RequestStatus;
  error: string | null;
  results: ApiTitle[];
  total: number;
};

export const initialSearchState: SearchState = { query: '', resultsFor: '', status: 'idle', error: null, results: [], total: 0 };

/** The panel searches only above 2 characters (spec §4, §9). */
export const isSearchable = (query: string) => query.trim().length >= SEARCH_MIN_CHARS;

/** `messages`: what spec §8 shows for the failure; an aborted call (a newer query) shows nothing. */
export type SearchRejection = { message: string; aborted: boolean; messages: string[]; code: string | null };

export const searchRequests = {
  fetchSearchResults: defineRequest<{ searchData: ApiTitle[]; total: number }, string, SearchRejection, AuthRoot & { search: SearchState }>(
    'search/fetchSearchResults',
  ),
};

const { fetchSearchResults } = searchRequests;

export const searchSlice = createSlice({
  name: 'search',
  initialState: initialSearchState,
  reducers: {
    /**
     * The text changed. Clearing it clears the results (spec §4); a searchable query shows 'Searching...' at once,
     * for the debounce and the call.
     */
    searchQueryChanged: (state, action: PayloadAction<string>) => {
      const query = action.payload.trim();
      state.query = query;
      state.error = null;
      if (!isSearchable(query)) {
        state.status = 'idle';
        state.results = [];
        state.total = 0;
        state.resultsFor = '';
      } else {
        // Back to the text the results are for: they show again without a call.
        state.status = query === state.resultsFor ? 'succeeded' : 'pending';
      }
    },
    searchCleared: () => initialSearchState,
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(fetchSearchResults.pending, (state, action) => {
        if (action.meta.arg.trim() === state.query) state.status = 'pending';
      })
      .addMatcher(fetchSearchResults.fulfilled, (state, action) => {
        if (action.meta.arg.trim() !== state.query) return; // an answer for an older query
        state.status = 'succeeded';
        state.resultsFor = state.query;
        state.results = action.payload.searchData.slice(0, SEARCH_DROPDOWN_MAX);
        state.total = action.payload.total;
      })
      .addMatcher(fetchSearchResults.rejected, (state, action) => {
        if (action.payload?.aborted || action.meta.arg.trim() !== state.query) return;
        state.status = 'failed';
        state.error = action.payload?.message ?? action.error.message ?? null;
        state.results = [];
        state.total = 0;
        state.resultsFor = state.query;
      })
      // The toggle flips the flag where it was triggered, here too.
      .addMatcher(moviesRequests.toggleMyList.fulfilled, (state, action) => {
        for (const item of state.results) {
          if (item._id !== action.payload.title._id) continue;
          item.isAddedToList = action.payload.isAddedToList;
          item.isAddedList = action.payload.isAddedToList;
          item.totalAddedToList = action.payload.totalAddedToList;
        }
      })
      // Results carry the viewer's list flags: they go with the viewer.
      .addMatcher(viewerLeft, () => initialSearchState);
  },
});

export const { searchQueryChanged, searchCleared } = searchSlice.actions;
