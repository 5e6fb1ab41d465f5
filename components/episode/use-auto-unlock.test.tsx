import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import type { Playback } from '@/lib/contracts/playback';
import { initialAuthState, type AuthUser } from '@/store/auth/slice';
import EpisodeView from './EpisodeView';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('react-hot-toast/headless', () => ({ default: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));
vi.mock('@/lib/api/playback', () => ({ fetchPlayback: vi.fn() }));
vi.mock('@/lib/api/coins', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/coins')>()),
  deductCoinForVideoView: vi.fn(),
  fetchSeriesPricing: vi.fn(() => new Promise(() => {})),
  fetchAutoUnlock: vi.fn(),
}));

const { fetchPlayback } = await import('@/lib/api/playback');
const api = await import('@/lib/api/coins');
const toast = (await import('react-hot-toast/headless')).default;

const ENGINE = { dash: '/x.dash.js', full: '/x.full.js' };
const TITLE = { _id: '0123456789abcdef01234567', name: 'Lihim', type: 2 as const, thumbnail: '/t.svg' };
const USER: AuthUser = { _id: 'bbbbbbbbbbbbbbbbbbbbbbbb', uid: 'fb', name: 'Maria', email: 'm@example.ph', image: null, isAnonymous: false, isVip: false, coins: 50 };

const locked = (n: number): Playback => ({
  title: TITLE,
  episode: { _id: `aaaaaaaaaaaaaaaaaaaaaaa${n}`, episodeNumber: n, title: `Kabanata ${n}`, description: '', duration: 32, isPremium: true, coinPrice: 10, premiumPriceCentavos: null, isLocked: true, thumbnail: '', season: null },
  isLocked: true,
  isTrailer: false,
  media: null,
  posterUrl: '',
  trailer: null,
  previousEpisode: n - 1,
  nextEpisode: n + 1,
  previous: null,
  next: null,
  totalEpisodes: 8,
});

function renderView(enabled: boolean) {
  vi.mocked(api.fetchAutoUnlock).mockResolvedValue({ status: true, data: { enabled, capKind: 'episodes', capValue: 1, usedToday: { episodes: 0, coins: 0 } } });
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify(USER));
  return renderWithProviders(<EpisodeView initial={locked(4)} engine={ENGINE} />, {
    pathname: '/episodes/episode-4-lihim-0123456789abcdef01234567',
    preloadedState: { auth: { ...initialAuthState, status: 'loggedIn', user: USER } },
  });
}

beforeEach(() => {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({ matches: false, media: query, addEventListener: vi.fn(), removeEventListener: vi.fn() })) as unknown as typeof window.matchMedia;
  vi.mocked(fetchPlayback).mockImplementation(async (_id, n) => locked(n));
});
afterEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
});

async function next() {
  const user = userEvent.setup();
  await screen.findByTestId('episode-locked');
  await waitFor(() => expect(api.fetchAutoUnlock).toHaveBeenCalled());
  await user.click(screen.getAllByRole('button', { name: 'Next episode' })[0]);
}

describe('auto-unlock in the episode view', () => {
  it('on: moving to a locked episode unlocks it with {auto: true}, toasts amount and balance, and loads it to play', async () => {
    vi.mocked(api.deductCoinForVideoView).mockResolvedValue({
      status: true,
      data: { videoId: 'aaaaaaaaaaaaaaaaaaaaaaa5', isLocked: false, charged: 10, coins: 40, outcome: 'unlocked', message: 'Successfully unlocked!' },
    });
    renderView(true);
    // The page it was opened on is never charged automatically.
    await next();
    await waitFor(() => expect(api.deductCoinForVideoView).toHaveBeenCalledWith({ userId: USER._id, shortVideoId: 'aaaaaaaaaaaaaaaaaaaaaaa5', auto: true }));
    expect(api.deductCoinForVideoView).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Auto-unlocked Episode 5 for 10 coins · balance 40'));
    // Loaded again for the viewer after the unlock (the first load was the step, the second the reload).
    await waitFor(() => expect(vi.mocked(fetchPlayback).mock.calls.filter(([, n]) => n === 5).length).toBe(2));
  });

  it('at the cap: the server message shows and the locked panel stays', async () => {
    const cap = 'Auto-unlock stopped: daily cap reached.';
    vi.mocked(api.deductCoinForVideoView).mockRejectedValue(
      Object.assign(new Error('x'), { isAxiosError: true, response: { status: 429, data: { status: false, code: 'E_AUTO_UNLOCK_CAP', message: cap } } }),
    );
    renderView(true);
    await next();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(cap));
    expect(screen.getByTestId('episode-locked').getAttribute('data-video-id')).toBe('aaaaaaaaaaaaaaaaaaaaaaa5');
    expect(vi.mocked(fetchPlayback).mock.calls.filter(([, n]) => n === 5).length).toBe(1);
  });

  it('off (the default): nothing is charged', async () => {
    renderView(false);
    await next();
    await waitFor(() => expect(screen.getByTestId('episode-locked').getAttribute('data-video-id')).toBe('aaaaaaaaaaaaaaaaaaaaaaa5'));
    expect(api.deductCoinForVideoView).not.toHaveBeenCalled();
  });
});
