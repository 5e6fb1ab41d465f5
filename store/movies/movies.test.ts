import { AxiosError, AxiosHeaders } from 'axios';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiEpisode, ApiTitle } from '@/lib/contracts/catalog';
import { makeStore } from '@/store/store';
import { initialAuthState, loggedOut, type AuthUser } from '@/store/auth/slice';
import { initialSearchState } from '@/store/search/slice';
import { selectIsAnyLoading } from '@/store/loading';
import { fetchMyList, fetchTitleEpisodes, fetchVideoRating, rateVideo, removeVideoRating, toggleLike, toggleMyList } from '@/store/movies/thunks';
import { selectIsInMyList, selectMyListEntries, selectMyListToLoad, selectRatingSummary, selectTotalAddedToList, selectViewerEpisode } from '@/store/movies/selectors';
import { loadToastTexts } from '@/store/toast';

vi.mock('@/lib/api/catalog', () => ({
  getAllVideosAddedToMyListByUser: vi.fn(),
  videoAddedToMyListByUser: vi.fn(),
  loadMovieSeriesVideosForUser: vi.fn(),
  likeOrDislikeOfVideo: vi.fn(),
  rateVideo: vi.fn(),
  getVideoRating: vi.fn(),
  removeVideoRating: vi.fn(),
  getContentBySearch: vi.fn(),
}));
const api = vi.mocked(await import('@/lib/api/catalog'));

const user: AuthUser = { _id: 'u1', uid: 'f1', name: 'Maria', email: 'maria@example.ph', image: null, isAnonymous: false, isVip: false };
const title = { _id: 't1', name: 'Kasal sa Kontrata', thumbnail: '/p.svg', type: 2 as const, totalEpisodes: 3 };

const loggedInStore = () => makeStore({ auth: { ...initialAuthState, status: 'loggedIn', user, sessionStatus: 'succeeded' } });

const episode = (id: string, extra: Partial<ApiEpisode> = {}): ApiEpisode => ({
  _id: id,
  movieSeriesId: 't1',
  episodeNumber: 1,
  title: null,
  description: '',
  thumbnail: '',
  videoImage: '',
  duration: 30,
  isPremium: false,
  coinPrice: 0,
  isLocked: false,
  isLiked: false,
  likes: 4,
  userRating: null,
  averageRating: 0,
  totalRatings: 0,
  season: null,
  ...extra,
});

function httpError(status: number, body: unknown) {
  const headers = new AxiosHeaders();
  return new AxiosError('failed', 'ERR_BAD_RESPONSE', { headers }, {}, { status, statusText: '', data: body, headers, config: { headers } });
}

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

// The toasts' texts load with the first toast in the browser; loaded before these tests read toasts synchronously.
beforeAll(() => loadToastTexts());

describe('my list', () => {
  it("asks guests to log in: 'Please login first', the login dialog, and no call", async () => {
    const store = makeStore();
    const result = await store.dispatch(toggleMyList(title));
    expect(toggleMyList.rejected.match(result)).toBe(true);
    expect(result.payload).toMatchObject({ message: 'Please login first' });
    expect(toast.error).toHaveBeenCalledWith('Please login first');
    expect(store.getState().ui.loginDialogOpen).toBe(true);
    expect(api.videoAddedToMyListByUser).not.toHaveBeenCalled();
  });

  it("flips the flag and the count from the server's answer, toasts its message and keeps the list in step", async () => {
    const store = loggedInStore();
    api.videoAddedToMyListByUser.mockResolvedValueOnce({ status: true, message: 'Added to My List', data: { isAddedToList: true, totalAddedToList: 11 } });
    await store.dispatch(toggleMyList(title));
    expect(api.videoAddedToMyListByUser).toHaveBeenCalledWith({ movieSeriesId: 't1', userId: 'u1' });
    expect(toast.success).toHaveBeenCalledWith('Added to My List');
    expect(selectIsInMyList(store.getState(), 't1')).toBe(true);
    expect(selectTotalAddedToList(store.getState(), 't1', 10)).toBe(11);
    expect(selectMyListEntries(store.getState()).map((e) => e.movieSeries)).toEqual([title]);

    api.videoAddedToMyListByUser.mockResolvedValueOnce({ status: true, message: 'Removed from My List', data: { isAddedToList: false, totalAddedToList: 10 } });
    await store.dispatch(toggleMyList(title));
    expect(toast.success).toHaveBeenLastCalledWith('Removed from My List');
    expect(selectIsInMyList(store.getState(), 't1', true)).toBe(false);
    expect(selectMyListEntries(store.getState())).toEqual([]);
    expect(store.getState().movies.inFlight).toBe(0);
  });

  it('flips the flag on search results where it was triggered', async () => {
    const store = loggedInStore();
    const result = { ...title, description: '', banner: '', isPremium: false, totalAddedToList: 2, releaseYear: 2025, tags: [], genres: [], isAddedToList: false, isAddedList: false } satisfies ApiTitle;
    store.dispatch({ type: 'search/fetchSearchResults/fulfilled', payload: { searchData: [result], total: 1 }, meta: { arg: 'kasal', requestId: 'r', requestStatus: 'fulfilled' } });
    // The query has to be current for the answer to land.
    expect(store.getState().search.results).toEqual([]);
    store.dispatch({ type: 'search/searchQueryChanged', payload: 'kasal' });
    store.dispatch({ type: 'search/fetchSearchResults/fulfilled', payload: { searchData: [result], total: 1 }, meta: { arg: 'kasal', requestId: 'r', requestStatus: 'fulfilled' } });
    api.videoAddedToMyListByUser.mockResolvedValueOnce({ status: true, message: 'Added to My List', data: { isAddedToList: true, totalAddedToList: 3 } });
    await store.dispatch(toggleMyList(title));
    expect(store.getState().search.results[0]).toMatchObject({ isAddedToList: true, isAddedList: true, totalAddedToList: 3 });
  });

  it('sends one call for a double tap', async () => {
    const store = loggedInStore();
    api.videoAddedToMyListByUser.mockResolvedValue({ status: true, message: 'Added to My List', data: { isAddedToList: true, totalAddedToList: 1 } });
    await Promise.all([store.dispatch(toggleMyList(title)), store.dispatch(toggleMyList(title))]);
    expect(api.videoAddedToMyListByUser).toHaveBeenCalledTimes(1);
  });

  it('sends one call while the first load is pending, however many cards ask', async () => {
    const store = loggedInStore();
    api.getAllVideosAddedToMyListByUser.mockResolvedValue({ status: true, message: '', data: [{ _id: 'l1', movieSeries: title }] });
    await Promise.all(Array.from({ length: 20 }, () => store.dispatch(fetchMyList())));
    expect(api.getAllVideosAddedToMyListByUser).toHaveBeenCalledTimes(1);
    expect(selectIsInMyList(store.getState(), 't1')).toBe(true);
  });

  it("loads the viewer's list once per user; the flags read it", async () => {
    const store = loggedInStore();
    api.getAllVideosAddedToMyListByUser.mockResolvedValue({ status: true, message: '', data: [{ _id: 'l1', movieSeries: title }] });
    expect(selectIsInMyList(store.getState(), 't1')).toBe(false);
    await store.dispatch(fetchMyList());
    await store.dispatch(fetchMyList());
    expect(api.getAllVideosAddedToMyListByUser).toHaveBeenCalledTimes(1);
    expect(api.getAllVideosAddedToMyListByUser).toHaveBeenCalledWith({ userId: 'u1' });
    expect(selectIsInMyList(store.getState(), 't1')).toBe(true);
    expect(selectIsInMyList(store.getState(), 'other', true)).toBe(false);
  });

  it('toasts a failed toggle the catalogue way and opens the login dialog on a 401', async () => {
    const store = loggedInStore();
    api.videoAddedToMyListByUser.mockRejectedValueOnce(httpError(401, { status: false, message: 'Please login first', code: 'E_UNAUTHENTICATED' }));
    await store.dispatch(toggleMyList(title));
    // A session-ended answer toasts once however many calls fail at once (one toast id).
    expect(toast.error).toHaveBeenCalledWith('Please login first', { id: 'session-ended' });
    expect(store.getState().ui.loginDialogOpen).toBe(true);
    expect(store.getState().movies.toggling).toEqual({});
  });

  it("forgets the viewer's list on logout", async () => {
    const store = loggedInStore();
    api.getAllVideosAddedToMyListByUser.mockResolvedValue({ status: true, message: '', data: [{ _id: 'l1', movieSeries: title }] });
    await store.dispatch(fetchMyList());
    store.dispatch(loggedOut());
    expect(store.getState().movies.myList.entries).toEqual([]);
    expect(store.getState().search).toEqual(initialSearchState);
  });
});

describe('episodes, likes and ratings', () => {
  it('like updates isLiked and likes of the episode and the title totalAddedToList', async () => {
    const store = loggedInStore();
    api.loadMovieSeriesVideosForUser.mockResolvedValueOnce({ status: true, message: '', data: [episode('v1')], totalVideosCount: 1 });
    await store.dispatch(fetchTitleEpisodes({ movieSeriesId: 't1' }));
    api.likeOrDislikeOfVideo.mockResolvedValueOnce({ status: true, message: '', data: { isLiked: true, likes: 5, totalAddedToList: 42 } });
    await store.dispatch(toggleLike({ videoId: 'v1', movieSeriesId: 't1' }));
    expect(api.likeOrDislikeOfVideo).toHaveBeenCalledWith({ videoId: 'v1', userId: 'u1' });
    expect(selectViewerEpisode(store.getState(), 't1', 'v1')).toMatchObject({ isLiked: true, likes: 5 });
    expect(selectTotalAddedToList(store.getState(), 't1', 0)).toBe(42);
  });

  it('rate, get and remove update the per-video summary; removal sets userRating to null', async () => {
    const store = loggedInStore();
    api.loadMovieSeriesVideosForUser.mockResolvedValueOnce({ status: true, message: '', data: [episode('v1')], totalVideosCount: 1 });
    await store.dispatch(fetchTitleEpisodes({ movieSeriesId: 't1' }));
    api.rateVideo.mockResolvedValueOnce({ status: true, message: 'Thanks for rating!', data: { userRating: 4, averageRating: 4, totalRatings: 1 } });
    await store.dispatch(rateVideo({ videoId: 'v1', rating: 4 }));
    expect(api.rateVideo).toHaveBeenCalledWith({ videoId: 'v1', rating: 4, userId: 'u1' });
    expect(toast.success).toHaveBeenCalledWith('Thanks for rating!');
    expect(selectRatingSummary(store.getState(), 'v1')).toMatchObject({ userRating: 4, averageRating: 4, totalRatings: 1 });
    expect(selectViewerEpisode(store.getState(), 't1', 'v1')).toMatchObject({ userRating: 4, averageRating: 4, totalRatings: 1 });

    api.getVideoRating.mockResolvedValueOnce({ status: true, message: '', data: { userRating: 4, averageRating: 3, totalRatings: 2 } });
    await store.dispatch(fetchVideoRating({ videoId: 'v1' }));
    expect(selectRatingSummary(store.getState(), 'v1')).toMatchObject({ averageRating: 3, totalRatings: 2 });

    api.removeVideoRating.mockResolvedValueOnce({ status: true, message: '', data: { userRating: 4, averageRating: 2, totalRatings: 1 } });
    await store.dispatch(removeVideoRating({ videoId: 'v1' }));
    expect(selectRatingSummary(store.getState(), 'v1')).toMatchObject({ userRating: null, averageRating: 2, totalRatings: 1 });
    expect(selectViewerEpisode(store.getState(), 't1', 'v1')?.userRating).toBeNull();
  });

  it("shows the server's message for a failed rating, else 'Failed to rate video'", async () => {
    const store = loggedInStore();
    api.rateVideo.mockRejectedValueOnce(httpError(404, { status: false, message: 'Video not found.' }));
    await store.dispatch(rateVideo({ videoId: 'v1', rating: 3 }));
    expect(toast.error).toHaveBeenLastCalledWith('Video not found.');
    api.rateVideo.mockRejectedValueOnce(new AxiosError('Network Error', 'ERR_NETWORK'));
    await store.dispatch(rateVideo({ videoId: 'v1', rating: 3 }));
    expect(toast.error).toHaveBeenLastCalledWith('Failed to rate video');
  });

  it('asks guests to log in before liking or rating', async () => {
    const store = makeStore();
    await store.dispatch(toggleLike({ videoId: 'v1', movieSeriesId: 't1' }));
    await store.dispatch(rateVideo({ videoId: 'v1', rating: 5 }));
    expect(api.likeOrDislikeOfVideo).not.toHaveBeenCalled();
    expect(api.rateVideo).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith('Please login first');
    expect(store.getState().ui.loginDialogOpen).toBe(true);
  });

  it('loads episodes again for another viewer, not twice for the same one', async () => {
    const store = makeStore({ auth: { ...initialAuthState, sessionStatus: 'succeeded' } });
    api.loadMovieSeriesVideosForUser.mockResolvedValue({ status: true, message: '', data: [episode('v1', { isLocked: true })], totalVideosCount: 1 });
    await store.dispatch(fetchTitleEpisodes({ movieSeriesId: 't1' }));
    await store.dispatch(fetchTitleEpisodes({ movieSeriesId: 't1' }));
    expect(api.loadMovieSeriesVideosForUser).toHaveBeenCalledTimes(1);
    expect(api.loadMovieSeriesVideosForUser).toHaveBeenLastCalledWith({ movieSeriesId: 't1', start: 1, limit: 50, userId: null }, expect.anything());
    store.dispatch({ type: 'auth/loggedIn', payload: user });
    await store.dispatch(fetchTitleEpisodes({ movieSeriesId: 't1' }));
    expect(api.loadMovieSeriesVideosForUser).toHaveBeenCalledTimes(2);
    expect(store.getState().movies.episodes.t1.forUserId).toBe('u1');
  });
});

describe('the overall loading flag (spec §4)', () => {
  it('is true while the user, search or movies part is loading', async () => {
    const store = loggedInStore();
    expect(selectIsAnyLoading(store.getState())).toBe(false);
    let resolve: (v: unknown) => void = () => undefined;
    api.getAllVideosAddedToMyListByUser.mockReturnValueOnce(new Promise((r) => (resolve = r)) as never);
    const call = store.dispatch(fetchMyList());
    expect(selectIsAnyLoading(store.getState())).toBe(true);
    resolve({ status: true, message: '', data: [] });
    await call;
    expect(selectIsAnyLoading(store.getState())).toBe(false);

    store.dispatch({ type: 'search/searchQueryChanged', payload: 'lihim' });
    expect(selectIsAnyLoading(store.getState())).toBe(true);
    store.dispatch({ type: 'search/searchCleared' });
    expect(selectIsAnyLoading(makeStore({ auth: { ...initialAuthState, loginStatus: 'pending' } }).getState())).toBe(true);
  });
});

describe('selectMyListToLoad (when useMyListSync asks for the list)', () => {
  it('names the signed-in user until their list is asked for, and nobody for a guest or another user once loaded', () => {
    const withList = (myList: { status: 'idle' | 'pending' | 'succeeded' | 'failed'; userId: string | null }, auth = { ...initialAuthState, status: 'loggedIn' as const, user }) =>
      makeStore({ auth, movies: { ...makeStore().getState().movies, myList: { ...myList, error: null, entries: [] } } }).getState();
    expect(selectMyListToLoad(makeStore().getState())).toBeNull();
    expect(selectMyListToLoad(withList({ status: 'idle', userId: null }, { ...initialAuthState, status: 'loggedIn', user: { ...user, isAnonymous: true } }))).toBeNull();
    expect(selectMyListToLoad(withList({ status: 'idle', userId: null }))).toBe('u1');
    expect(selectMyListToLoad(withList({ status: 'succeeded', userId: 'u0' }))).toBe('u1');
    expect(selectMyListToLoad(withList({ status: 'succeeded', userId: 'u1' }))).toBeNull();
    expect(selectMyListToLoad(withList({ status: 'pending', userId: 'u1' }))).toBeNull();
    // A failed load is not asked again by every card that mounts: the thunk's retry is the viewer's.
    expect(selectMyListToLoad(withList({ status: 'failed', userId: 'u1' }))).toBeNull();
  });
});
