import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { getContentBySearch, type ApiTitle } from '@/lib/api/catalog';
import { handleApiError, isCanceled } from '@/lib/api/errors';
import { SEARCH_DROPDOWN_MAX, SEARCH_MIN_CHARS } from '@/lib/constants';
import type { AuthState, RequestStatus } from '@/store/auth/authSlice';
import { logOut, loggedOut } from '@/store/auth/authSlice';
import { toggleMyList } from '@/store/movies/moviesSlice';

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

export const fetchSearchResults = createAsyncThunk<
  { searchData: ApiTitle[]; total: number },
  string,
  { state: { auth: AuthState; search: SearchState }; rejectValue: { message: string; aborted: boolean } }
>(
  'search/fetchSearchResults',
  async (query, { getState, rejectWithValue, signal }) => {
    const { auth } = getState();
    const userId = auth.status === 'loggedIn' ? (auth.user?._id ?? null) : null;
    try {
      const res = await getContentBySearch({ searchString: query.trim(), start: 1, limit: SEARCH_DROPDOWN_MAX, userId }, signal);
      return { searchData: Array.isArray(res.searchData) ? res.searchData : [], total: Number(res.total) || 0 };
    } catch (error) {
      const aborted = signal.aborted || isCanceled(error);
      if (aborted) return rejectWithValue({ message: '', aborted: true });
      const [message] = handleApiError(error);
      return rejectWithValue({ message: message ?? '', aborted: false });
    }
  },
  { condition: (query) => isSearchable(query) },
);

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
      .addCase(fetchSearchResults.pending, (state, action) => {
        if (action.meta.arg.trim() === state.query) state.status = 'pending';
      })
      .addCase(fetchSearchResults.fulfilled, (state, action) => {
        if (action.meta.arg.trim() !== state.query) return; // an answer for an older query
        state.status = 'succeeded';
        state.resultsFor = state.query;
        state.results = action.payload.searchData.slice(0, SEARCH_DROPDOWN_MAX);
        state.total = action.payload.total;
      })
      .addCase(fetchSearchResults.rejected, (state, action) => {
        if (action.payload?.aborted || action.meta.arg.trim() !== state.query) return;
        state.status = 'failed';
        state.error = action.payload?.message ?? action.error.message ?? null;
        state.results = [];
        state.total = 0;
        state.resultsFor = state.query;
      })
      // The toggle flips the flag where it was triggered, here too.
      .addCase(toggleMyList.fulfilled, (state, action) => {
        for (const item of state.results) {
          if (item._id !== action.payload.title._id) continue;
          item.isAddedToList = action.payload.isAddedToList;
          item.isAddedList = action.payload.isAddedToList;
          item.totalAddedToList = action.payload.totalAddedToList;
        }
      })
      // Results carry the viewer's list flags: they go with the viewer.
      .addMatcher((action) => logOut.fulfilled.match(action) || loggedOut.match(action), () => initialSearchState);
  },
  selectors: {
    selectSearchQuery: (state) => state.query,
    selectSearchStatus: (state) => state.status,
    selectSearchResults: (state) => state.results,
    selectSearchTotal: (state) => state.total,
    selectSearchError: (state) => state.error,
    selectSearchResultsFor: (state) => state.resultsFor,
    selectIsSearching: (state) => state.status === 'pending',
  },
});

export const { searchQueryChanged, searchCleared } = searchSlice.actions;
export const {
  selectSearchQuery,
  selectSearchStatus,
  selectSearchResults,
  selectSearchTotal,
  selectSearchError,
  selectSearchResultsFor,
  selectIsSearching,
} = searchSlice.selectors;
