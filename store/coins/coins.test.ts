import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@/store/store';
import { initialAuthState, loggedOut } from '@/store/auth/slice';
import { initialMoviesState } from '@/store/movies/slice';
import { selectIsAnyLoading } from '@/store/loading';
import type { ApiEpisode } from '@/lib/contracts/catalog';
import { sessionIdentifier } from '@/lib/ids';
import { COIN_MESSAGES } from '@/store/coins/slice';
import { toastText } from '@/lib/message-text';
import { fetchLedger, fetchPlans, fetchSeriesPricing, saveAutoUnlock, startTopUp, unlockAllRemaining, unlockEpisode } from '@/store/coins/thunks';
import { selectCoinBalance } from '@/store/coins/selectors';
import { loadToastTexts } from '@/store/toast';

vi.mock('react-hot-toast/headless', () => ({ default: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));
vi.mock('@/lib/api/coins', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/coins')>()),
  fetchCoinPlans: vi.fn(),
  processCoinPayment: vi.fn(),
  deductCoinForVideoView: vi.fn(),
  unlockAllRemaining: vi.fn(),
  fetchSeriesPricing: vi.fn(),
  fetchLedger: vi.fn(),
  fetchCoinPlanHistory: vi.fn(),
  fetchEpisodeUnlockHistory: vi.fn(),
  fetchAutoUnlock: vi.fn(),
  saveAutoUnlock: vi.fn(),
}));
vi.mock('@/lib/checkout/pending-payment', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/checkout/pending-payment')>()),
  savePendingPayment: vi.fn((pending: object, sessionId: string) => ({ ...pending, sessionId, billingMode: 'one_time', timestamp: 1 })),
}));

const api = await import('@/lib/api/coins');
const toast = (await import('react-hot-toast/headless')).default;
const { savePendingPayment } = await import('@/lib/checkout/pending-payment');

const USER = { _id: '0123456789abcdef01234567', uid: 'u1', name: 'Juan', email: 'juan@example.ph', image: null, isAnonymous: false, isVip: false, coins: 30 };
const SERIES = 'series-1';
const episode = (id: string, isLocked: boolean): ApiEpisode => ({
  _id: id,
  movieSeriesId: SERIES,
  episodeNumber: 1,
  title: null,
  description: '',
  thumbnail: '',
  videoImage: '',
  duration: 60,
  isPremium: true,
  coinPrice: 10,
  isLocked,
  isLiked: false,
  likes: 0,
  userRating: null,
  averageRating: 0,
  totalRatings: 0,
  season: null,
});
const moviesWith = (...eps: ApiEpisode[]) => ({
  ...initialMoviesState,
  episodes: { [SERIES]: { status: 'succeeded' as const, error: null, forUserId: USER._id, items: eps, totalVideosCount: eps.length } },
});
const loggedInStore = (extra = {}) => makeStore({ auth: { ...initialAuthState, status: 'loggedIn', user: USER }, ...extra });
const guestStore = () => makeStore({ auth: { ...initialAuthState, status: 'anonymous' } });
const httpError = (status: number, body: object = {}) =>
  Object.assign(new Error('Request failed'), { isAxiosError: true, response: { status, data: { status: false, ...body } } });

const PRICING = {
  movieSeriesId: SERIES,
  episodePrice: 10,
  episodePriceCentavos: 490,
  lockedCount: 3,
  lockedCoins: 30,
  lockedCentavos: 1470,
  unlockAllCoins: 27,
  unlockAllCentavos: 1323,
  bundleOffered: true,
  discountPercent: 10,
  balance: null,
};

beforeEach(() => {
  vi.mocked(api.fetchSeriesPricing).mockResolvedValue({ status: true, data: PRICING });
});
afterEach(() => vi.clearAllMocks());

// The toasts' texts load with the first toast in the browser; loaded before these tests read toasts synchronously.
beforeAll(() => loadToastTexts());

describe('coin slice: plans and top-up', () => {
  it('loads the plans once at a time; the coin part counts in the overall loading flag', async () => {
    vi.mocked(api.fetchCoinPlans).mockResolvedValue({ status: true, data: [] });
    const store = makeStore();
    const first = store.dispatch(fetchPlans());
    void store.dispatch(fetchPlans());
    expect(selectIsAnyLoading(store.getState())).toBe(true);
    await first;
    expect(api.fetchCoinPlans).toHaveBeenCalledTimes(1);
    expect(store.getState().coin).toMatchObject({ plansRequest: { status: 'succeeded' }, inFlight: 0 });
    expect(selectIsAnyLoading(store.getState())).toBe(false);
  });

  it('saves the pending coins payment with returnTo and answers the payment URL', async () => {
    const requestId = sessionIdentifier('PAYMENT');
    vi.mocked(api.processCoinPayment).mockResolvedValue({
      status: true,
      paymentLink: 'http://127.0.0.1/pay/abc',
      pendingPaymentData: { requestId },
    });
    const store = loggedInStore();
    const info = { fname: 'Juan', lname: 'Cruz', email: 'juan@example.ph', phone: '', mobile: '', dob: '' };
    const result = await store.dispatch(startTopUp({ coinPlanId: 'cp1', paymentMethod: 'gc', userInfo: info, returnTo: '/episodes/episode-2-x-1' }));
    expect(startTopUp.fulfilled.match(result)).toBe(true);
    expect(api.processCoinPayment).toHaveBeenCalledWith(expect.objectContaining({ coinPlanId: 'cp1', paymentMethod: 'gc', userInfo: info }));
    expect(savePendingPayment).toHaveBeenCalledWith(
      expect.objectContaining({ coinPlanId: 'cp1', userId: USER._id, kind: 'coins', requestId }),
      requestId,
      'http://127.0.0.1/pay/abc',
      { returnTo: '/episodes/episode-2-x-1' },
    );
    expect(result.payload).toMatchObject({ paymentUrl: 'http://127.0.0.1/pay/abc' });
  });

  it("stores 'Payment failed' when the link request fails (spec §8)", async () => {
    vi.mocked(api.processCoinPayment).mockRejectedValue(httpError(500, { message: 'boom' }));
    const store = loggedInStore();
    await store.dispatch(startTopUp({ coinPlanId: 'cp1', paymentMethod: 'gc', userInfo: { fname: 'a', lname: 'b', email: 'c', phone: '', mobile: '', dob: '' } }));
    expect(store.getState().coin).toMatchObject({ topUp: { status: 'failed', error: COIN_MESSAGES.paymentFailed } });
  });

  it('asks a guest to log in instead of starting a payment', async () => {
    const store = guestStore();
    await store.dispatch(startTopUp({ coinPlanId: 'cp1', paymentMethod: 'gc', userInfo: { fname: 'a', lname: 'b', email: 'c', phone: '', mobile: '', dob: '' } }));
    expect(api.processCoinPayment).not.toHaveBeenCalled();
    expect(store.getState().ui.loginDialogOpen).toBe(true);
  });
});

describe('coin slice: unlocks', () => {
  it('marks the episode unlocked everywhere, keeps the balance in step with the user and toasts', async () => {
    vi.mocked(api.deductCoinForVideoView).mockResolvedValue({
      status: true,
      message: 'Successfully unlocked!',
      data: { videoId: 'v1', isLocked: false, charged: 10, coins: 20, outcome: 'unlocked', message: 'Successfully unlocked!' },
    });
    const store = loggedInStore({ movies: moviesWith(episode('v1', true), episode('v2', true)) });
    const result = await store.dispatch(unlockEpisode({ videoId: 'v1', movieSeriesId: SERIES }));
    expect(unlockEpisode.fulfilled.match(result)).toBe(true);
    expect(api.deductCoinForVideoView).toHaveBeenCalledWith({ userId: USER._id, shortVideoId: 'v1', auto: undefined });
    const items = store.getState().movies.episodes[SERIES].items;
    expect(items.map((e) => e.isLocked)).toEqual([false, true]);
    expect(store.getState().auth.user?.coins).toBe(20);
    expect(selectCoinBalance(store.getState())).toBe(20);
    expect(toast.success).toHaveBeenCalledWith('Successfully unlocked!');
    // The series' price summary is read again.
    expect(api.fetchSeriesPricing).toHaveBeenCalledWith(SERIES);
  });

  it('sends one call for a double tap', async () => {
    let answer: (v: unknown) => void = () => {};
    vi.mocked(api.deductCoinForVideoView).mockReturnValue(new Promise((r) => (answer = r)) as never);
    const store = loggedInStore();
    const first = store.dispatch(unlockEpisode({ videoId: 'v1' }));
    void store.dispatch(unlockEpisode({ videoId: 'v1' }));
    answer({ status: true, data: { videoId: 'v1', isLocked: false, charged: 10, coins: 20, outcome: 'unlocked', message: '' } });
    await first;
    expect(api.deductCoinForVideoView).toHaveBeenCalledTimes(1);
  });

  it('too few coins: the server message, the top-up dialog, the balance and price kept', async () => {
    const message = 'Not enough coins: this episode costs 10 coins and you have 3.';
    vi.mocked(api.deductCoinForVideoView).mockRejectedValue(httpError(402, { code: 'E_INSUFFICIENT_COINS', message, data: { balance: 3, price: 10, shortfall: 7 } }));
    const store = loggedInStore();
    const result = await store.dispatch(unlockEpisode({ videoId: 'v1' }));
    expect(result.payload).toEqual({ code: 'E_INSUFFICIENT_COINS', message, balance: 3, price: 10 });
    expect(store.getState().ui.topUpDialogOpen).toBe(true);
    expect(selectCoinBalance(store.getState())).toBe(3);
    expect(toast.error).toHaveBeenCalledWith(message);
  });

  it('a guest is asked to log in; nothing is called', async () => {
    const store = guestStore();
    await store.dispatch(unlockEpisode({ videoId: 'v1' }));
    expect(api.deductCoinForVideoView).not.toHaveBeenCalled();
    expect(store.getState().ui.loginDialogOpen).toBe(true);
    expect(toast.error).toHaveBeenCalledWith('Please login first');
    expect(selectCoinBalance(store.getState())).toBeNull();
  });

  it('auto: the toast has the amount and the balance; the cap shows its message and leaves the lock', async () => {
    vi.mocked(api.deductCoinForVideoView).mockResolvedValueOnce({
      status: true,
      data: { videoId: 'v1', isLocked: false, charged: 10, coins: 40, outcome: 'unlocked', message: 'Successfully unlocked!' },
    });
    const store = loggedInStore({ movies: moviesWith(episode('v2', true)) });
    await store.dispatch(unlockEpisode({ videoId: 'v1', episodeNumber: 5, auto: true }));
    expect(api.deductCoinForVideoView).toHaveBeenCalledWith({ userId: USER._id, shortVideoId: 'v1', auto: true });
    expect(toast.success).toHaveBeenCalledWith('Auto-unlocked Episode 5 for 10 coins · balance 40');

    const cap = 'Auto-unlock stopped: daily cap reached.';
    vi.mocked(api.deductCoinForVideoView).mockRejectedValueOnce(httpError(429, { code: 'E_AUTO_UNLOCK_CAP', message: cap }));
    const result = await store.dispatch(unlockEpisode({ videoId: 'v2', episodeNumber: 6, auto: true }));
    expect(result.payload).toMatchObject({ code: 'E_AUTO_UNLOCK_CAP', message: cap });
    expect(toast.error).toHaveBeenCalledWith(cap);
    expect(store.getState().movies.episodes[SERIES].items[0].isLocked).toBe(true);
    expect(store.getState().ui.topUpDialogOpen).toBe(false);
  });

  it('unlock all remaining: one call, every returned episode unlocked, the new balance', async () => {
    vi.mocked(api.unlockAllRemaining).mockResolvedValue({ status: true, data: { movieSeriesId: SERIES, unlockedVideoIds: ['v1', 'v2'], charged: 18, coins: 12 } });
    const store = loggedInStore({ movies: moviesWith(episode('v1', true), episode('v2', true)) });
    const first = store.dispatch(unlockAllRemaining({ movieSeriesId: SERIES }));
    void store.dispatch(unlockAllRemaining({ movieSeriesId: SERIES }));
    await first;
    expect(api.unlockAllRemaining).toHaveBeenCalledTimes(1);
    expect(store.getState().movies.episodes[SERIES].items.every((e) => !e.isLocked)).toBe(true);
    expect(selectCoinBalance(store.getState())).toBe(12);
  });

  it('the auto-unlock toast reads well for one coin and an unknown episode, in both languages', () => {
    expect(toastText({ key: 'coins.autoUnlockedNext', values: { charged: 1, balance: 0 } }, 'en')).toBe('Auto-unlocked the next episode for 1 coin · balance 0');
    expect(toastText({ key: 'coins.autoUnlockedEpisode', values: { episode: 5, charged: 10, balance: 40 } }, 'fil')).toBe(
      'Na-auto-unlock ang Episode 5 sa halagang 10 coins · balance 40',
    );
  });
});

describe('coin slice: wallet', () => {
  it('pages the ledger (Load more appends) and takes its balance', async () => {
    const entry = (id: string) => ({ _id: id, delta: -10, reason: 'episode_unlock', label: 'Episode unlock', reference: null, balanceAfter: 5, centavos: 490, createdAt: '2025-01-01T00:00:00Z', href: null });
    vi.mocked(api.fetchLedger)
      .mockResolvedValueOnce({ status: true, data: [entry('a'), entry('b')], pagination: { currentPage: 1, pageSize: 2, totalItems: 3, totalPages: 2 }, balance: 5 })
      .mockResolvedValueOnce({ status: true, data: [entry('c')], pagination: { currentPage: 2, pageSize: 2, totalItems: 3, totalPages: 2 }, balance: 5 });
    const store = loggedInStore();
    await store.dispatch(fetchLedger());
    await store.dispatch(fetchLedger({ page: 2 }));
    expect(store.getState().coin!.ledger.items.map((e) => e._id)).toEqual(['a', 'b', 'c']);
    expect(selectCoinBalance(store.getState())).toBe(5);
  });

  it('reads the series pricing once unless forced', async () => {
    const store = loggedInStore();
    await store.dispatch(fetchSeriesPricing({ movieSeriesId: SERIES }));
    await store.dispatch(fetchSeriesPricing({ movieSeriesId: SERIES }));
    expect(api.fetchSeriesPricing).toHaveBeenCalledTimes(1);
    await store.dispatch(fetchSeriesPricing({ movieSeriesId: SERIES, force: true }));
    expect(api.fetchSeriesPricing).toHaveBeenCalledTimes(2);
    expect(store.getState().coin!.seriesPricing[SERIES]).toMatchObject({ status: 'succeeded', data: PRICING });
  });

  it('saves auto-unlock settings; logout forgets everything personal', async () => {
    vi.mocked(api.saveAutoUnlock).mockResolvedValue({ status: true, data: { enabled: true, capKind: 'episodes', capValue: 3, usedToday: { episodes: 0, coins: 0 } } });
    const store = loggedInStore();
    await store.dispatch(saveAutoUnlock({ enabled: true, capKind: 'episodes', capValue: 3 }));
    expect(store.getState().coin!.autoUnlock).toMatchObject({ enabled: true, capValue: 3 });
    expect(toast.success).toHaveBeenCalledWith('Auto-unlock on: up to 3 episodes a day');
    store.dispatch(loggedOut());
    expect(store.getState().coin).toMatchObject({ autoUnlock: null });
    expect(selectCoinBalance(store.getState())).toBeNull();
  });
});
