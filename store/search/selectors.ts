import type { SearchState } from './slice';

/** Reads of the header search. */
type SearchRoot = { search: SearchState };

export const selectSearchQuery = (state: SearchRoot) => state.search.query;
export const selectSearchStatus = (state: SearchRoot) => state.search.status;
export const selectSearchResults = (state: SearchRoot) => state.search.results;
export const selectSearchTotal = (state: SearchRoot) => state.search.total;
export const selectSearchError = (state: SearchRoot) => state.search.error;
export const selectSearchResultsFor = (state: SearchRoot) => state.search.resultsFor;
export const selectIsSearching = (state: SearchRoot) => state.search.status === 'pending';
