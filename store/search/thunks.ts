import { getContentBySearch } from '@/lib/api/catalog';
import { SEARCH_DROPDOWN_MAX } from '@/lib/constants';
import { apiThunk } from '@/store/api-thunk';
import { selectSignedInUserId } from '@/store/auth/selectors';
import { isSearchable, searchRequests } from './slice';
import './listeners';

/** Searches the catalogue for the dropdown (the viewer's list flags come with the results when signed in). */
export const fetchSearchResults = apiThunk(
  searchRequests.fetchSearchResults,
  async (query, { getState, signal }) => {
    const res = await getContentBySearch({ searchString: query.trim(), start: 1, limit: SEARCH_DROPDOWN_MAX, userId: selectSignedInUserId(getState()) }, signal);
    return { searchData: Array.isArray(res.searchData) ? res.searchData : [], total: Number(res.total) || 0 };
  },
  {
    fallback: '',
    fail: ({ messages, code, canceled }, _, { signal }) =>
      signal.aborted || canceled ? { message: '', aborted: true, messages: [], code: null } : { message: messages[0] ?? '', aborted: false, messages, code },
    condition: (query) => isSearchable(query),
  },
);
