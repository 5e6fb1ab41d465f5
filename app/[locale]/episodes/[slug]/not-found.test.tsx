import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import EpisodeNotFound from './not-found';

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
});
