import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import type { Playback } from '@/lib/contracts/playback';
import { initialAuthState, type AuthUser } from '@/store/auth/slice';
import { LockedPanel, LOCKED_MESSAGE } from './LockedPanel';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('react-hot-toast/headless', () => ({ default: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));
vi.mock('@/lib/api/coins', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/coins')>()),
  deductCoinForVideoView: vi.fn(),
  unlockAllRemaining: vi.fn(),
  fetchSeriesPricing: vi.fn(),
  fetchAutoUnlock: vi.fn(),
  saveAutoUnlock: vi.fn(),
}));

const api = await import('@/lib/api/coins');
const toast = (await import('react-hot-toast/headless')).default;

const ENGINE = { dash: '/x.dash.js', full: '/x.full.js' };
const TITLE = { _id: '0123456789abcdef01234567', name: 'Lihim ng Bilyonaryo', type: 2 as const, thumbnail: '/demo/art/lihim.svg' };
const USER: AuthUser = { _id: 'bbbbbbbbbbbbbbbbbbbbbbbb', uid: 'fb', name: 'Maria Clara', email: 'maria@example.ph', image: null, isAnonymous: false, isVip: false, coins: 40 };
const PRICING = {
  movieSeriesId: TITLE._id,
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
};

const playback = (coinPrice = 15): Playback => ({
  title: TITLE,
  episode: { _id: 'aaaaaaaaaaaaaaaaaaaaaaa4', episodeNumber: 4, title: 'Kabanata 4', description: '', duration: 32, isPremium: true, coinPrice, premiumPriceCentavos: null, isLocked: true, thumbnail: '', season: null },
  isLocked: true,
  isTrailer: false,
  media: null,
  posterUrl: '',
  trailer: null,
  previousEpisode: 3,
  nextEpisode: 5,
  previous: null,
  next: null,
  totalEpisodes: 8,
});

function renderPanel({ guest = false, coins = 40, price = 15, locale = 'en' as 'en' | 'fil' } = {}) {
  const onUnlocked = vi.fn();
  vi.mocked(api.fetchSeriesPricing).mockResolvedValue({ status: true, data: { ...PRICING, balance: guest ? null : coins } });
  const auth = guest ? { ...initialAuthState, status: 'anonymous' as const } : { ...initialAuthState, status: 'loggedIn' as const, user: { ...USER, coins } };
  const view = renderWithProviders(<LockedPanel playback={playback(price)} engine={ENGINE} isMobile={false} announce={() => {}} onUnlocked={onUnlocked} />, {
    preloadedState: { auth },
    locale,
  });
  return { ...view, onUnlocked, user: userEvent.setup() };
}

beforeEach(() => {
  vi.mocked(api.fetchSeriesPricing).mockResolvedValue({ status: true, data: PRICING });
  vi.mocked(api.fetchAutoUnlock).mockResolvedValue({ status: true, data: { enabled: false, capKind: 'episodes', capValue: 5, usedToday: { episodes: 0, coins: 0 } } });
});
afterEach(() => vi.clearAllMocks());

describe('LockedPanel with coins', () => {
  it("keeps the spec's text and Subscribe Now, and offers the coin price in pesos with the balance", async () => {
    renderPanel();
    const panel = screen.getByTestId('episode-locked');
    expect(panel.textContent).toContain(LOCKED_MESSAGE);
    // A full page navigation that carries this episode, so 'Start watching' after paying comes back to it.
    expect(within(panel).getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toMatch(/^\/subscription\?returnTo=%2Fepisodes%2Fepisode-/);
    // The coin options come in a chunk of their own (a free episode does not load them).
    expect(await within(panel).findByRole('button', { name: 'Unlock for 15 coins (₱7.35)' })).toBeTruthy();
    expect(screen.getByTestId('unlock-balance').textContent).toContain('Your balance: 40 coins');
    const summary = await screen.findByTestId('series-price-summary');
    expect(summary.textContent).toContain('Finish this series: 4 locked episodes for 54 coins (₱26.46)');
    expect(within(summary).getByRole('button', { name: 'Unlock all remaining · 10% off' })).toBeTruthy();
  });

  it("unlocks: 'Successfully unlocked!' and the episode view is told to play it", async () => {
    vi.mocked(api.deductCoinForVideoView).mockResolvedValue({
      status: true,
      data: { videoId: 'aaaaaaaaaaaaaaaaaaaaaaa4', isLocked: false, charged: 15, coins: 25, outcome: 'unlocked', message: 'Successfully unlocked!' },
    });
    const { user, onUnlocked, store } = renderPanel();
    await screen.findByTestId('series-price-summary');
    vi.mocked(api.fetchSeriesPricing).mockResolvedValue({ status: true, data: { ...PRICING, lockedCount: 3, balance: 25 } });
    await user.click(screen.getByRole('button', { name: 'Unlock for 15 coins (₱7.35)' }));
    await waitFor(() => expect(onUnlocked).toHaveBeenCalledTimes(1));
    expect(api.deductCoinForVideoView).toHaveBeenCalledWith({ userId: USER._id, shortVideoId: 'aaaaaaaaaaaaaaaaaaaaaaa4', auto: undefined });
    expect(toast.success).toHaveBeenCalledWith('Successfully unlocked!');
    expect(store.getState().auth.user?.coins).toBe(25);
  });

  it('too few coins opens the top-up dialog without charging', async () => {
    const { user, store, onUnlocked } = renderPanel({ coins: 5 });
    await screen.findByTestId('series-price-summary');
    expect(screen.getByTestId('unlock-balance').textContent).toContain('not enough');
    await user.click(screen.getByRole('button', { name: 'Unlock for 15 coins (₱7.35)' }));
    expect(store.getState().ui.topUpDialogOpen).toBe(true);
    expect(api.deductCoinForVideoView).not.toHaveBeenCalled();
    expect(onUnlocked).not.toHaveBeenCalled();
  });

  it('a guest is asked to log in', async () => {
    const { user, store } = renderPanel({ guest: true });
    await user.click(screen.getByRole('button', { name: 'Unlock for 15 coins (₱7.35)' }));
    expect(store.getState().ui.loginDialogOpen).toBe(true);
    expect(api.deductCoinForVideoView).not.toHaveBeenCalled();
    // Guests have no auto-unlock settings.
    expect(screen.queryByTestId('auto-unlock-toggle')).toBeNull();
  });

  it('unlock all remaining charges once and plays the episode', async () => {
    vi.mocked(api.unlockAllRemaining).mockResolvedValue({ status: true, data: { movieSeriesId: TITLE._id, unlockedVideoIds: ['aaaaaaaaaaaaaaaaaaaaaaa4'], charged: 54, coins: 6 } });
    const { user, onUnlocked } = renderPanel({ coins: 60 });
    const summary = await screen.findByTestId('series-price-summary');
    await user.click(within(summary).getByRole('button', { name: /Unlock all remaining/ }));
    await waitFor(() => expect(onUnlocked).toHaveBeenCalledTimes(1));
    expect(api.unlockAllRemaining).toHaveBeenCalledTimes(1);
  });

  it('the auto-unlock toggle asks for a daily cap before turning on', async () => {
    vi.mocked(api.saveAutoUnlock).mockResolvedValue({ status: true, data: { enabled: true, capKind: 'coins', capValue: 100, usedToday: { episodes: 0, coins: 0 } } });
    const { user } = renderPanel();
    const toggle = await screen.findByRole('switch', { name: 'Auto-unlock next episode' });
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    expect(api.saveAutoUnlock).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText('Coins per day'));
    const input = screen.getByRole('spinbutton');
    await user.clear(input);
    await user.type(input, '100');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(api.saveAutoUnlock).toHaveBeenCalledWith({ enabled: true, capKind: 'coins', capValue: 100 }));
    await waitFor(() => expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true'));
  });

  it('in Filipino: the spec heading, Subscribe Now and the coin offer in Filipino, pesos as Filipino pages write them', async () => {
    renderPanel({ locale: 'fil' });
    const panel = screen.getByTestId('episode-locked');
    expect(panel.textContent).toContain('Naka-lock ang Episode - Kailangan ng subscription para mapanood ang episode na ito');
    expect(within(panel).getByRole('link', { name: 'Mag-subscribe Na' }).getAttribute('href')).toMatch(/^\/fil\/subscription\?returnTo=%2Ffil%2Fepisodes%2Fepisode-4-/);
    expect((await screen.findByTestId('unlock-offer')).textContent).toBe('O i-unlock ang episode na ito gamit ang 15 coins (₱7.35)');
  });

  it('shows no coin options for an episode not sold for coins', () => {
    renderPanel({ price: 0 });
    expect(screen.queryByTestId('unlock-with-coins')).toBeNull();
    expect(screen.queryByTestId('series-price-summary')).toBeNull();
  });
});
