import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { EPISODE_INCOMPLETE, EPISODE_NOT_FOUND } from '@/lib/contracts/playback-messages';
import EpisodeNotFound from './not-found';
import EpisodeError from './error';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('@/lib/api/catalog', () => ({ loadMovieSeriesVideosForUser: vi.fn() }));
const api = vi.mocked(await import('@/lib/api/catalog'));

afterEach(() => vi.clearAllMocks());

const SERIES_ID = '0123456789abcdef01234567';

describe('episode not found', () => {
  it("offers the series' page as well as home when the title exists (a bad episode number)", async () => {
    api.loadMovieSeriesVideosForUser.mockResolvedValue({ status: true, message: 'ok', data: [], totalVideosCount: 12 });
    renderWithProviders(<EpisodeNotFound />, { pathname: `/episodes/episode-99-Mga-Lihim-ng-Gabi-${SERIES_ID}` });
    expect((await screen.findByRole('link', { name: 'Go to the series' })).getAttribute('href')).toBe(`/movie/Mga-Lihim-ng-Gabi-${SERIES_ID}`);
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
    expect(api.loadMovieSeriesVideosForUser).toHaveBeenCalledWith(expect.objectContaining({ movieSeriesId: SERIES_ID }), expect.anything());
  });

  it('offers only home when the title is unknown', async () => {
    api.loadMovieSeriesVideosForUser.mockRejectedValue(new Error('Movie or series not found.'));
    renderWithProviders(<EpisodeNotFound />, { pathname: '/episodes/episode-2-Nothing-ffffffffffffffffffffffff' });
    await vi.waitFor(() => expect(api.loadMovieSeriesVideosForUser).toHaveBeenCalled());
    await Promise.resolve();
    expect(screen.queryByRole('link', { name: 'Go to the series' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go home' })).toBeTruthy();
  });

  it("says the spec's English errors: no such episode, and an address without an episode number", async () => {
    api.loadMovieSeriesVideosForUser.mockRejectedValue(new Error('Movie or series not found.'));
    const view = renderWithProviders(<EpisodeNotFound />, { pathname: '/episodes/episode-2-Nothing-ffffffffffffffffffffffff' });
    expect(screen.getByRole('alert').textContent).toContain(EPISODE_NOT_FOUND);
    view.unmount();
    renderWithProviders(<EpisodeNotFound />, { pathname: '/episodes/Nothing-ffffffffffffffffffffffff' });
    expect(screen.getByRole('alert').textContent).toContain(EPISODE_INCOMPLETE);
  });

  it('speaks Filipino on a Filipino page, its links staying under /fil', async () => {
    api.loadMovieSeriesVideosForUser.mockResolvedValue({ status: true, message: 'ok', data: [], totalVideosCount: 12 });
    renderWithProviders(<EpisodeNotFound />, { pathname: `/fil/episodes/episode-99-Mga-Lihim-ng-Gabi-${SERIES_ID}`, locale: 'fil' });
    expect(screen.getByText('Hindi nahanap ang episode. Pakisubukan ulit.')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Pumunta sa serye' })).getAttribute('href')).toBe(`/fil/movie/Mga-Lihim-ng-Gabi-${SERIES_ID}`);
    expect(screen.getByRole('link', { name: 'Bumalik sa home' }).getAttribute('href')).toBe('/fil');
  });
});

describe('episode error', () => {
  it('offers a retry, in the page language', () => {
    const reset = vi.fn();
    const view = renderWithProviders(<EpisodeError error={new Error('x')} reset={reset} />);
    expect(screen.getByRole('alert').textContent).toContain(EPISODE_NOT_FOUND);
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(reset).toHaveBeenCalled();
    view.unmount();
    renderWithProviders(<EpisodeError error={new Error('x')} reset={reset} />, { locale: 'fil' });
    expect(screen.getByRole('alert').textContent).toContain('Hindi nahanap ang episode. Pakisubukan ulit.');
    expect(screen.getByRole('button', { name: 'Subukan ulit' })).toBeTruthy();
  });
});
