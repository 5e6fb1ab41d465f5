import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import type { SeriesPricing } from '@/lib/contracts/coins';
import type { Playback } from '@/lib/contracts/playback';
import { sessionIdentifier } from '@/lib/ids';
import { initialAuthState, type AuthUser } from '@/store/auth/slice';
import { startTopUp } from '@/store/coins/thunks';
import { rememberUnlockIntent, unlockIntentFor } from '@/store/coins/unlock-intent';
import { topUpDialogOpened } from '@/store/ui/slice';
import { LockedPanel, LOCKED_MESSAGE } from './LockedPanel';

/**
 * The locked panel's offer (issue 20 items 5 and 6): under the spec's heading and Subscribe Now, exactly ONE line says
 * what else unlocks this item and for how much, with its one button; a premium video is only bought, a coin episode
 * only unlocked for coins; the series bundle only when the server offers one. Back from a top-up started from
 * 'Unlock', the unlock is one tap away (or done, with auto-unlock on).
 */

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('react-hot-toast/headless', () => ({ default: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));
vi.mock('@/lib/api/coins', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/coins')>()),
  deductCoinForVideoView: vi.fn(),
  unlockAllRemaining: vi.fn(),
  fetchSeriesPricing: vi.fn(),
  fetchAutoUnlock: vi.fn(),
  saveAutoUnlock: vi.fn(),
  processCoinPayment: vi.fn(),
}));
vi.mock('@/lib/api/premium', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/premium')>()),
  fetchPremiumInfo: vi.fn(),
}));

const api = await import('@/lib/api/coins');
const premiumApi = await import('@/lib/api/premium');

const ENGINE = { dash: '/x.dash.js', full: '/x.full.js' };
const SERIES = { _id: '0123456789abcdef01234567', name: 'Lihim ng Bilyonaryo', type: 2 as const, thumbnail: '/demo/art/lihim.svg' };
const MOVIE = { _id: '0123456789abcdef01234599', name: 'Ang Huling Sayaw', type: 1 as const, thumbnail: '/demo/art/sayaw.svg' };
const USER: AuthUser = { _id: 'bbbbbbbbbbbbbbbbbbbbbbbb', uid: 'fb', name: 'Maria Clara', email: 'maria@example.ph', image: null, isAnonymous: false, isVip: false, coins: 40 };
const EPISODE_ID = 'aaaaaaaaaaaaaaaaaaaaaaa4';

const pricingOf = (over: Partial<SeriesPricing> = {}): SeriesPricing => ({
  movieSeriesId: SERIES._id,
  episodePrice: 15,
  episodePriceCentavos: 735,
  lockedCount: 4,
  lockedCoins: 60,
  lockedCentavos: 2940,
  unlockAllCoins: 54,
  unlockAllCentavos: 2646,
  bundleOffered: true,
  discountPercent: 10,
  balance: 40,
  ...over,
});

function playbackOf(title: Playback['title'], episode: { coinPrice: number; premiumPriceCentavos: number | null; episodeNumber?: number }): Playback {
  const n = episode.episodeNumber ?? 4;
  return {
    title,
    episode: { _id: EPISODE_ID, title: null, description: '', duration: 32, isPremium: true, isLocked: true, thumbnail: '', season: null, ...episode, episodeNumber: n },
    isLocked: true,
    isTrailer: false,
    media: null,
    posterUrl: '',
    trailer: null,
    previousEpisode: null,
    nextEpisode: null,
    previous: null,
    next: null,
    totalEpisodes: 8,
  };
}

function renderPanel(playback: Playback, { coins = 40, pricing = pricingOf(), autoUnlock = false } = {}) {
  const onUnlocked = vi.fn();
  vi.mocked(api.fetchSeriesPricing).mockResolvedValue({ status: true, data: { ...pricing, balance: coins } });
  vi.mocked(api.fetchAutoUnlock).mockResolvedValue({ status: true, data: { enabled: autoUnlock, capKind: 'episodes', capValue: 5, usedToday: { episodes: 0, coins: 0 } } });
  const auth = { ...initialAuthState, status: 'loggedIn' as const, user: { ...USER, coins } };
  const view = renderWithProviders(<LockedPanel playback={playback} engine={ENGINE} isMobile={false} announce={() => {}} onUnlocked={onUnlocked} />, {
    preloadedState: { auth },
  });
  return { ...view, onUnlocked, user: userEvent.setup() };
}

/** The panel's one offer line, after the unlock options' chunk has loaded. */
async function offerLines() {
  await screen.findAllByTestId('unlock-offer');
  return screen.getAllByTestId('unlock-offer').map((p) => p.textContent);
}

beforeEach(() => {
  localStorage.clear();
  vi.mocked(premiumApi.fetchPremiumInfo).mockRejectedValue(new Error('not needed'));
});
afterEach(() => vi.clearAllMocks());

describe('the locked panel offers one coherent price', () => {
  it('a premium movie: the spec heading and Subscribe Now, then one line and one button, in pesos; no coins, no bundle', async () => {
    // The server answers coinPrice 0 for a video with a premium price; even a stale coin price is not offered.
    for (const coinPrice of [0, 15]) {
      const view = renderPanel(playbackOf(MOVIE, { coinPrice, premiumPriceCentavos: 4900, episodeNumber: 1 }), { pricing: pricingOf({ movieSeriesId: MOVIE._id, episodePrice: 0, lockedCount: 0, lockedCoins: 0, unlockAllCoins: 0, bundleOffered: false }) });
      const panel = screen.getByTestId('episode-locked');
      expect(panel.textContent).toContain(LOCKED_MESSAGE);
      expect(within(panel).getByRole('link', { name: 'Subscribe Now' })).toBeTruthy();
      expect(await offerLines()).toEqual(['Or buy this movie for ₱49.00']);
      expect(within(panel).getAllByRole('button', { name: /Buy for|Unlock/ }).map((b) => b.textContent?.trim())).toEqual(['Buy for ₱49.00']);
      expect(panel.textContent).not.toMatch(/coin|Finish this series|Unlock all/i);
      view.unmount();
    }
  });

  it('a coin episode of a series: one line and one button in coins; the bundle when offered; no peso purchase', async () => {
    renderPanel(playbackOf(SERIES, { coinPrice: 15, premiumPriceCentavos: null }));
    const panel = screen.getByTestId('episode-locked');
    expect(await offerLines()).toEqual(['Or unlock this episode for 15 coins (₱7.35)']);
    expect(within(panel).getAllByRole('button', { name: /^(Buy for|Unlock for)/ }).map((b) => b.textContent?.trim())).toEqual(['Unlock for 15 coins (₱7.35)']);
    expect((await within(panel).findByTestId('finish-series')).textContent).toBe('Finish this series: 4 locked episodes for 54 coins (₱26.46)');
    // The offer line gives the episode's price once: the bundle does not repeat it.
    expect(panel.textContent).not.toContain('Each episode');
    expect(panel.textContent).not.toMatch(/Buy for|₱49/);
  });

  it('an episode of a series sold as a premium video: bought, never unlocked for coins', async () => {
    renderPanel(playbackOf(SERIES, { coinPrice: 15, premiumPriceCentavos: 3900 }));
    expect(await offerLines()).toEqual(['Or buy this episode for ₱39.00']);
    expect(screen.queryByTestId('unlock-with-coins')).toBeNull();
    expect(screen.queryByTestId('series-price-summary')).toBeNull();
  });

  it('no bundle when the server offers none (one locked episode left, or no cheaper): no Finish line, no Unlock all', async () => {
    renderPanel(playbackOf(SERIES, { coinPrice: 15, premiumPriceCentavos: null }), {
      pricing: pricingOf({ lockedCount: 1, lockedCoins: 15, unlockAllCoins: 14, bundleOffered: false }),
    });
    expect(await offerLines()).toEqual(['Or unlock this episode for 15 coins (₱7.35)']);
    await waitFor(() => expect(api.fetchSeriesPricing).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('finish-series')).toBeNull();
    expect(screen.queryByRole('button', { name: /Unlock all remaining/ })).toBeNull();
  });

  it('VIP-only premium episodes (no coin price, no peso price) offer nothing beyond Subscribe Now', () => {
    renderPanel(playbackOf(SERIES, { coinPrice: 0, premiumPriceCentavos: null }));
    expect(screen.queryByTestId('unlock-offer')).toBeNull();
    expect(screen.getByRole('link', { name: 'Subscribe Now' })).toBeTruthy();
  });
});

describe('back from a top-up started from Unlock', () => {
  it("'Unlock' with too few coins opens the top-up dialog for this episode, and starting the checkout remembers it", async () => {
    const { user, store } = renderPanel(playbackOf(SERIES, { coinPrice: 15, premiumPriceCentavos: null }), { coins: 5 });
    await user.click(await screen.findByRole('button', { name: 'Unlock for 15 coins (₱7.35)' }));
    expect(store.getState().ui).toMatchObject({ topUpDialogOpen: true, topUpForUnlock: EPISODE_ID });
    const requestId = sessionIdentifier('PAYMENT');
    vi.mocked(api.processCoinPayment).mockResolvedValue({ status: true, paymentLink: 'http://127.0.0.1/pay/abc', pendingPaymentData: { requestId } });
    const info = { fname: 'Juan', lname: 'Cruz', email: 'juan@example.ph', phone: '', mobile: '', dob: '' };
    await store.dispatch(startTopUp({ coinPlanId: 'cp1', paymentMethod: 'gc', userInfo: info, returnTo: '/episodes/x', unlockVideoId: EPISODE_ID }));
    expect(unlockIntentFor(EPISODE_ID)).toMatchObject({ videoId: EPISODE_ID, requestId });
    // A top-up opened anywhere else carries no episode, and its checkout forgets an old intent.
    store.dispatch(topUpDialogOpened());
    expect(store.getState().ui.topUpForUnlock).toBeNull();
    await store.dispatch(startTopUp({ coinPlanId: 'cp1', paymentMethod: 'gc', userInfo: info, returnTo: '/wallet' }));
    expect(unlockIntentFor(EPISODE_ID)).toBeNull();
  });

  it('with the new balance: the Unlock button is focused with "Balance: M coins"; one tap unlocks', async () => {
    rememberUnlockIntent(EPISODE_ID, sessionIdentifier('PAYMENT'));
    vi.mocked(api.deductCoinForVideoView).mockResolvedValue({
      status: true,
      data: { videoId: EPISODE_ID, isLocked: false, charged: 15, coins: 315, outcome: 'unlocked', message: 'Successfully unlocked!' },
    });
    const { user, onUnlocked } = renderPanel(playbackOf(SERIES, { coinPrice: 15, premiumPriceCentavos: null }), { coins: 330 });
    const button = await screen.findByRole('button', { name: 'Unlock for 15 coins (₱7.35)' });
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(screen.getByTestId('unlock-ready').textContent).toBe('Coins added. Balance: 330 coins');
    expect(api.deductCoinForVideoView).not.toHaveBeenCalled();
    expect(unlockIntentFor(EPISODE_ID)).toBeNull();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onUnlocked).toHaveBeenCalledTimes(1));
    expect(api.deductCoinForVideoView).toHaveBeenCalledWith({ userId: USER._id, shortVideoId: EPISODE_ID, auto: undefined });
  });

  it('with auto-unlock on, it is unlocked at once (an automatic unlock, under the daily cap) and plays', async () => {
    rememberUnlockIntent(EPISODE_ID, sessionIdentifier('PAYMENT'));
    vi.mocked(api.deductCoinForVideoView).mockResolvedValue({
      status: true,
      data: { videoId: EPISODE_ID, isLocked: false, charged: 15, coins: 315, outcome: 'unlocked', message: 'Successfully unlocked!' },
    });
    const { onUnlocked } = renderPanel(playbackOf(SERIES, { coinPrice: 15, premiumPriceCentavos: null }), { coins: 330, autoUnlock: true });
    await waitFor(() => expect(onUnlocked).toHaveBeenCalledTimes(1));
    expect(api.deductCoinForVideoView).toHaveBeenCalledTimes(1);
    expect(api.deductCoinForVideoView).toHaveBeenCalledWith({ userId: USER._id, shortVideoId: EPISODE_ID, auto: true });
  });

  it('still too few coins (payment not through), another episode, or no top-up: nothing is focused or unlocked', async () => {
    rememberUnlockIntent(EPISODE_ID, sessionIdentifier('PAYMENT'));
    renderPanel(playbackOf(SERIES, { coinPrice: 15, premiumPriceCentavos: null }), { coins: 5, autoUnlock: true });
    const button = await screen.findByRole('button', { name: 'Unlock for 15 coins (₱7.35)' });
    await new Promise((r) => setTimeout(r, 50));
    expect(document.activeElement).not.toBe(button);
    expect(screen.queryByTestId('unlock-ready')).toBeNull();
    expect(api.deductCoinForVideoView).not.toHaveBeenCalled();
    // Kept for when the payment lands.
    expect(unlockIntentFor(EPISODE_ID)).not.toBeNull();
  });
});
