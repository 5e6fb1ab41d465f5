import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/tests/fixtures/render';
import { initialMoviesState } from '@/store/movies/slice';
import { VideoReactions } from './VideoReactions';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);

const VIDEO = '0123456789abcdef01234567';
const TITLE = '0123456789abcdef76543210';
const rated = (averageRating: number, totalRatings: number) => ({
  movies: { ...initialMoviesState, ratings: { [VIDEO]: { userRating: null, averageRating, totalRatings } } },
});

afterEach(() => vi.restoreAllMocks());

describe('VideoReactions', () => {
  it("shows the average with one decimal ('4.0') in both languages, without an Intl number format of its own", () => {
    // A page's first Intl.NumberFormat loads ICU's number data (decision 0015, "Numbers without Intl"). The count's
    // message is formatted by the test's ICU parser, which makes one; the average must not.
    const Real = Intl.NumberFormat;
    const options: (Intl.NumberFormatOptions | undefined)[] = [];
    vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (locales?: Intl.LocalesArgument, made?: Intl.NumberFormatOptions) {
      options.push(made);
      return new Real(locales, made);
    } as never);
    const { unmount } = renderWithProviders(<VideoReactions titleId={TITLE} videoId={VIDEO} subject="Episode 1" />, { preloadedState: rated(4, 2) });
    expect(screen.getByTestId('rating-summary').textContent).toMatch(/^4\.0 · 2 ratings?$/);
    unmount();
    renderWithProviders(<VideoReactions titleId={TITLE} videoId={VIDEO} subject="Episode 1" />, { preloadedState: rated(3.46, 1500), locale: 'fil' });
    expect(screen.getByTestId('rating-summary').textContent).toMatch(/^3\.5 · 1,500 /);
    expect(options.filter((o) => o?.minimumFractionDigits !== undefined)).toEqual([]);
  });
});
