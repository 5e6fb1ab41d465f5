import { afterEach, describe, expect, it, vi } from 'vitest';
import { AxiosError } from 'axios';
import type { ApiTitle } from '@/lib/contracts/catalog';
import { makeStore } from '@/store/store';
import { fetchSearchResults } from '@/store/search/thunks';
import { isSearchable, searchCleared, searchQueryChanged } from '@/store/search/slice';

vi.mock('@/lib/api/catalog', () => ({ getContentBySearch: vi.fn() }));
const api = vi.mocked(await import('@/lib/api/catalog'));

const hit = (id: string): ApiTitle => ({
  _id: id,
  name: `Title ${id}`,
  description: '',
  thumbnail: '',
  banner: '',
  type: 2,
  isPremium: false,
  totalEpisodes: 3,
  totalAddedToList: 0,
  releaseYear: 2025,
  tags: [],
  genres: [],
  isAddedToList: false,
  isAddedList: false,
});

afterEach(() => vi.clearAllMocks());

describe('search slice', () => {
  it('searches only above 2 characters of trimmed text', () => {
    expect(isSearchable('ab')).toBe(false);
    expect(isSearchable('  ab  ')).toBe(false);
    expect(isSearchable('abc')).toBe(true);
  });

  it("shows 'Searching...' (pending) as soon as a searchable query is typed; clearing clears the results", async () => {
    const store = makeStore();
    store.dispatch(searchQueryChanged('  lihim '));
    expect(store.getState().search).toMatchObject({ query: 'lihim', status: 'pending' });
    api.getContentBySearch.mockResolvedValueOnce({ status: true, message: '', searchData: [hit('a'), hit('b')], total: 2 });
    await store.dispatch(fetchSearchResults('lihim'));
    expect(api.getContentBySearch).toHaveBeenCalledWith({ searchString: 'lihim', start: 1, limit: 8, userId: null }, expect.any(AbortSignal));
    expect(store.getState().search).toMatchObject({ status: 'succeeded', resultsFor: 'lihim', total: 2 });
    store.dispatch(searchQueryChanged('li'));
    expect(store.getState().search).toMatchObject({ query: 'li', status: 'idle', results: [], total: 0 });
  });

  it('keeps at most 8 results and the total of all of them', async () => {
    const store = makeStore();
    store.dispatch(searchQueryChanged('kilig'));
    api.getContentBySearch.mockResolvedValueOnce({ status: true, message: '', searchData: Array.from({ length: 10 }, (_, i) => hit(String(i))), total: 23 });
    await store.dispatch(fetchSearchResults('kilig'));
    expect(store.getState().search.results).toHaveLength(8);
    expect(store.getState().search.total).toBe(23);
  });

  it('drops an answer for a query that is no longer current, and ignores aborted calls', async () => {
    const store = makeStore();
    store.dispatch(searchQueryChanged('kasal'));
    store.dispatch(searchQueryChanged('kasal sa'));
    api.getContentBySearch.mockResolvedValueOnce({ status: true, message: '', searchData: [hit('old')], total: 1 });
    await store.dispatch(fetchSearchResults('kasal'));
    expect(store.getState().search).toMatchObject({ status: 'pending', results: [] });
    api.getContentBySearch.mockRejectedValueOnce(new AxiosError('canceled', AxiosError.ERR_CANCELED));
    await store.dispatch(fetchSearchResults('kasal sa'));
    expect(store.getState().search.status).toBe('pending');
  });

  it('never calls for 2 characters or fewer', async () => {
    const store = makeStore();
    await store.dispatch(fetchSearchResults('ab'));
    expect(api.getContentBySearch).not.toHaveBeenCalled();
  });

  it('shows the results again without a call when the text comes back to what they are for', async () => {
    const store = makeStore();
    store.dispatch(searchQueryChanged('lihim'));
    api.getContentBySearch.mockResolvedValueOnce({ status: true, message: '', searchData: [hit('a')], total: 1 });
    await store.dispatch(fetchSearchResults('lihim'));
    store.dispatch(searchQueryChanged('lihi'));
    store.dispatch(searchQueryChanged('lihim'));
    expect(store.getState().search.status).toBe('succeeded');
    store.dispatch(searchCleared());
    expect(store.getState().search.query).toBe('');
  });
});
