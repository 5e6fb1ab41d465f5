import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiEpisode } from '@/lib/contracts/catalog';
import type { Playback } from '@/lib/contracts/playback';
import { initialAuthState, type AuthUser } from '@/store/auth/slice';
import { renderWithProviders } from '@/tests/fixtures/render';
import { EpisodeActions } from './EpisodeActions';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('react-hot-toast/headless', () => ({ default: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));
vi.mock('@/lib/api/catalog', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/catalog')>()),
  loadMovieSeriesVideosForUser: vi.fn(),
  likeOrDislikeOfVideo: vi.fn(),
  videoAddedToMyListByUser: vi.fn(),
  getAllVideosAddedToMyListByUser: vi.fn(),
}));
const api = await import('@/lib/api/catalog');

const TITLE = { _id: '0123456789abcdef01234567', name: 'Lihim ng Bilyonaryo', type: 2 as const, thumbnail: '/demo/art/lihim.svg' };
const USER: AuthUser = { _id: 'bbbbbbbbbbbbbbbbbbbbbbbb', uid: 'fb', name: 'Maria Clara', email: 'maria@example.ph', image: null, isAnonymous: false, isVip: false, coins: 40 };
const id = (n: number) => `aaaaaaaaaaaaaaaaaaaaaaa${n}`;

/** Episodes 1–2 free, 3 bought (premium, unlocked), 4–6 locked. */
const episodes: ApiEpisode[] = [1, 2, 3, 4, 5, 6].map((n) => ({
  _id: id(n),
  movieSeriesId: TITLE._id,
  episodeNumber: n,
  title: `Kabanata ${n}`,
  description: '',
  thumbnail: '',
  videoImage: '',
  duration: 30,
  isPremium: n >= 3,
  coinPrice: n >= 3 ? 10 : 0,
  isLocked: n >= 4,
  isLiked: false,
  likes: 1200 + n,
  userRating: null,
  averageRating: 0,
  totalRatings: 0,
  season: null,
}));

const playback = (n: number): Pick<Playback, 'title' | 'episode' | 'totalEpisodes' | 'isLocked'> => ({
  title: TITLE,
  episode: { _id: id(n), episodeNumber: n, title: `Kabanata ${n}`, description: 'Isang lihim.', duration: 30, isPremium: n >= 3, coinPrice: 10, premiumPriceCentavos: null, isLocked: n >= 4, thumbnail: '', season: null },
  totalEpisodes: 6,
  isLocked: n >= 4,
});

function renderActions(n = 2, { locale = 'fil' as const, signedIn = true } = {}) {
  const onPick = vi.fn();
  const auth = signedIn
    ? { ...initialAuthState, status: 'loggedIn' as const, user: USER, sessionStatus: 'succeeded' as const }
    : { ...initialAuthState, status: 'anonymous' as const, sessionStatus: 'succeeded' as const };
  const view = renderWithProviders(<EpisodeActions playback={playback(n)} layout="rail" onPick={onPick} />, { locale, preloadedState: { auth } });
  return { ...view, onPick, user: userEvent.setup() };
}

beforeEach(() => {
  vi.mocked(api.loadMovieSeriesVideosForUser).mockResolvedValue({ status: true, message: '', data: episodes, totalVideosCount: 6 });
  vi.mocked(api.getAllVideosAddedToMyListByUser).mockResolvedValue({ status: true, message: '', data: [] });
  vi.mocked(api.likeOrDislikeOfVideo).mockResolvedValue({ status: true, message: '', data: { isLiked: true, likes: 1203, totalAddedToList: 5 } });
  vi.mocked(api.videoAddedToMyListByUser).mockResolvedValue({ status: true, message: 'Added to My List', data: { isAddedToList: true, totalAddedToList: 6 } });
});
afterEach(() => vi.clearAllMocks());

describe('EpisodeActions (in Filipino)', () => {
  it('names its buttons in Filipino and shows the like count in the page language', async () => {
    renderActions(2);
    const group = screen.getByRole('group', { name: 'Mga aksyon sa episode' });
    expect(within(group).getByRole('button', { name: /I-like/ })).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Listahan Ko' })).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Mga Episode' })).toBeTruthy();
    // The count replaces the label under the heart once the viewer's episodes are in; the name still starts with it.
    await waitFor(() => expect(within(group).getByRole('button', { name: 'I-like 1,202' })).toBeTruthy());
  });

  it('like and My List toggle through the store (aria-pressed follows the answer)', async () => {
    const { user } = renderActions(2);
    const like = await screen.findByRole('button', { name: 'I-like 1,202' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    await user.click(like);
    expect(api.likeOrDislikeOfVideo).toHaveBeenCalledWith({ videoId: id(2), userId: USER._id });
    await waitFor(() => expect(screen.getByRole('button', { name: 'I-like 1,203' }).getAttribute('aria-pressed')).toBe('true'));

    const list = screen.getByRole('button', { name: 'Listahan Ko' });
    expect(list.getAttribute('aria-pressed')).toBe('false');
    await user.click(list);
    expect(api.videoAddedToMyListByUser).toHaveBeenCalledWith({ movieSeriesId: TITLE._id, userId: USER._id });
    await waitFor(() => expect(list.getAttribute('aria-pressed')).toBe('true'));
  });

  it('the picker lists every episode with its state for this viewer, the current one marked, and a choice is handed back', async () => {
    const { user, onPick } = renderActions(2);
    await waitFor(() => expect(api.loadMovieSeriesVideosForUser).toHaveBeenCalled());
    const opener = screen.getByRole('button', { name: 'Mga Episode' });
    await user.click(opener);
    expect(opener.getAttribute('aria-expanded')).toBe('true');
    const dialog = screen.getByRole('dialog', { name: 'Mga Episode' });
    const list = within(dialog).getByRole('list', { name: 'Mga episode ng Lihim ng Bilyonaryo' });
    const names = within(list)
      .getAllByRole('link')
      .map((a) => a.querySelector('.sr-only')?.textContent);
    expect(names).toEqual([
      'Episode 1, Libre',
      'Episode 2, Libre, Pinapanood ngayon',
      'Episode 3, Na-unlock',
      'Episode 4, Naka-lock',
      'Episode 5, Naka-lock',
      'Episode 6, Naka-lock',
    ]);
    const current = within(list).getByRole('link', { name: 'Episode 2, Libre, Pinapanood ngayon' });
    expect(current.getAttribute('aria-current')).toBe('true');
    // Each tile is a real link to the episode, in the page's language (a new tab works).
    expect(within(list).getByRole('link', { name: 'Episode 4, Naka-lock' }).getAttribute('href')).toBe(`/fil/episodes/episode-4-Lihim-ng-Bilyonaryo-${TITLE._id}`);

    await user.click(within(list).getByRole('link', { name: 'Episode 4, Naka-lock' }));
    expect(onPick).toHaveBeenCalledWith(4);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the picker closes with its close button and gives focus back to Episodes', async () => {
    const { user } = renderActions(2);
    await user.click(screen.getByRole('button', { name: 'Mga Episode' }));
    await user.click(screen.getByRole('button', { name: 'Isara ang mga episode' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Mga Episode' }));
  });

  it('in English, the spec-free labels read Like, My List, Episodes', () => {
    renderActions(2, { locale: 'en' as 'fil' });
    expect(screen.getByRole('button', { name: /^Like/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'My List' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Episodes' })).toBeTruthy();
  });
});
