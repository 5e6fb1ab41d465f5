import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { initialAuthState } from '@/store/auth/slice';
import { initialMoviesState } from '@/store/movies/slice';
import { HistoryListPopup } from './HistoryListPopup';
import { HistoryPanel, MyListPanel } from './LibraryPanels';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('@/lib/api/catalog', () => ({ getAllVideosAddedToMyListByUser: vi.fn(), videoAddedToMyListByUser: vi.fn() }));
const api = vi.mocked(await import('@/lib/api/catalog'));

const id = (n: number) => `0123456789abcdef0123${String(n).padStart(4, '0')}`;
const historyEntry = (n: number, extra: Record<string, unknown> = {}) => ({
  _id: id(n),
  name: `Drama ${n}`,
  thumbnail: '',
  currentEpisode: n + 1,
  totalEpisodes: 9,
  lastWatchedAt: new Date(Date.UTC(2025, 5, 1, 12, 0, 60 - n)).toISOString(),
  currentTime: 5,
  duration: 30,
  progress: 20,
  movieSeriesName: `Drama ${n}`,
  fromContinueWatching: false,
  videoUrl: '',
  ...extra,
});
const listEntry = (n: number) => ({ _id: `l${n}`, movieSeries: { _id: id(n), name: `Saved ${n}`, thumbnail: '', type: 2 as const, totalEpisodes: 4 } });
const user = { _id: 'u1', uid: 'f1', name: 'Maria', email: null, image: null, isAnonymous: false, isVip: false };
const loggedIn = (entries = [1, 2, 3, 4].map(listEntry)) => ({
  auth: { ...initialAuthState, status: 'loggedIn' as const, user, sessionStatus: 'succeeded' as const },
  movies: { ...initialMoviesState, myList: { status: 'succeeded' as const, error: null, userId: 'u1', entries } },
});

beforeEach(() => localStorage.clear());
afterEach(() => vi.clearAllMocks());

function open() {
  fireEvent.mouseEnter(screen.getByRole('button', { name: 'History and My List' }).parentElement!);
  return screen.getByTestId('history-popup');
}

describe('HistoryListPopup', () => {
  it("shows the 3 latest history entries, resuming at currentEpisode (default 1), and 'More' when there are more", () => {
    const stored = [historyEntry(0), historyEntry(1), historyEntry(2, { currentEpisode: undefined }), historyEntry(3)];
    localStorage.setItem('watchHistory', JSON.stringify(stored));
    renderWithProviders(<HistoryListPopup />, { preloadedState: loggedIn() });
    const popup = open();
    const links = within(popup).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      `/episodes/episode-1-Drama-0-${id(0)}`,
      `/episodes/episode-2-Drama-1-${id(1)}`,
      `/episodes/episode-1-Drama-2-${id(2)}`,
      '/dashboard/library?tab=history',
    ]);
    expect(links[3].textContent).toBe('More');
  });

  it("has no 'More' with 3 entries or fewer", () => {
    localStorage.setItem('watchHistory', JSON.stringify([historyEntry(0), historyEntry(1), historyEntry(2)]));
    renderWithProviders(<HistoryListPopup />, { preloadedState: loggedIn() });
    expect(within(open()).queryByRole('link', { name: 'More' })).toBeNull();
  });

  it('lists 3 entries of My List, each opening episode 0', () => {
    renderWithProviders(<HistoryListPopup />, { preloadedState: loggedIn() });
    const popup = open();
    fireEvent.click(within(popup).getByRole('tab', { name: 'My List' }));
    const hrefs = within(popup).getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([1, 2, 3].map((n) => `/episodes/episode-0-Saved-${n}-${id(n)}`).concat('/dashboard/library'));
  });

  it('asks guests to log in on the My List tab, and closes with Escape', () => {
    const { store } = renderWithProviders(<HistoryListPopup />);
    const popup = open();
    fireEvent.click(within(popup).getByRole('tab', { name: 'My List' }));
    fireEvent.keyDown(popup, { key: 'Escape' });
    expect(screen.queryByTestId('history-popup')).toBeNull();
    open();
    fireEvent.click(within(screen.getByTestId('history-popup')).getByRole('tab', { name: 'My List' }));
    fireEvent.click(within(screen.getByTestId('history-popup')).getByRole('button', { name: 'Log in' }));
    expect(store.getState().ui.loginDialogOpen).toBe(true);
  });
});

describe('library panels', () => {
  it('My List links each title to episode 0 and drops a title removed from the list', async () => {
    api.videoAddedToMyListByUser.mockResolvedValueOnce({ status: true, message: 'Removed from My List', data: { isAddedToList: false, totalAddedToList: 0 } });
    renderWithProviders(<MyListPanel />, { preloadedState: loggedIn([listEntry(1), listEntry(2)]) });
    const list = screen.getByTestId('my-list');
    expect(within(list).getByRole('link', { name: 'Saved 1' }).getAttribute('href')).toBe(`/episodes/episode-0-Saved-1-${id(1)}`);
    fireEvent.click(within(list).getByRole('button', { name: 'Remove from My List: Saved 1' }));
    await vi.waitFor(() => expect(within(screen.getByTestId('my-list')).queryByText('Saved 1')).toBeNull());
    expect(screen.getByText('Saved 2')).toBeTruthy();
  });

  it('History lists every stored entry, most recent first', () => {
    localStorage.setItem('watchHistory', JSON.stringify([historyEntry(3), historyEntry(0), historyEntry(1)]));
    renderWithProviders(<HistoryPanel />);
    const names = within(screen.getByTestId('watch-history')).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(names).toEqual(['Drama 0', 'Drama 1', 'Drama 3']);
    expect(screen.getByText('Episode 4 of 9')).toBeTruthy();
  });

  it('asks guests to log in to keep a list', () => {
    const { store } = renderWithProviders(<MyListPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(store.getState().ui.loginDialogOpen).toBe(true);
  });
});

describe('library in Filipino', () => {
  it('names the popup, its tabs and entries in Filipino', () => {
    localStorage.setItem('watchHistory', JSON.stringify([historyEntry(1)]));
    renderWithProviders(<HistoryListPopup />, { preloadedState: loggedIn(), locale: 'fil' });
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'History at Aking Listahan' }).parentElement!);
    const popup = screen.getByTestId('history-popup');
    expect(within(popup).getByText('Episode 2 sa 9')).toBeTruthy();
    fireEvent.click(within(popup).getByRole('tab', { name: 'Aking Listahan' }));
    expect(within(popup).getAllByText('4 na episode').length).toBe(3);
    expect(within(popup).getByRole('link', { name: 'Tingnan pa' }).getAttribute('href')).toBe('/fil/dashboard/library');
  });

  it('asks a guest to log in, in Filipino', () => {
    renderWithProviders(<MyListPanel />, { locale: 'fil' });
    expect(screen.getByRole('heading', { name: 'Mag-log in para magkaroon ng listahan' })).toBeTruthy();
  });
});
