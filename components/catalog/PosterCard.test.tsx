import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toCardView, type TitleCard } from '@/lib/contracts/catalog';
import { navigation, renderWithProviders } from '@/tests/fixtures/render';
import { PosterCard } from './PosterCard';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);

/** A whole record, as the catalogue returns it: everything a card does not render is filled in, to be dropped. */
const record: TitleCard = {
  _id: '0123456789abcdef01234567',
  name: 'Lihim ng Bilyonaryo',
  description: 'A long description the card never shows.',
  thumbnail: '/demo/art/lihim.svg',
  banner: '/demo/art/lihim-banner.svg',
  type: 2,
  isPremium: true,
  totalEpisodes: 11,
  totalAddedToList: 42,
  releaseYear: 2025,
  tags: ['romance'],
  genres: ['drama'],
  trailerUrl: '/media/trailer.mpd',
  trailerImage: '/demo/art/trailer.svg',
  trailerDuration: 30,
};

describe('toCardView', () => {
  it('keeps exactly the fields a poster card renders', () => {
    expect(toCardView(record)).toEqual({
      _id: record._id,
      name: 'Lihim ng Bilyonaryo',
      thumbnail: '/demo/art/lihim.svg',
      isPremium: true,
      totalEpisodes: 11,
      type: 2,
    });
  });

  it('loses nothing the card shows: the card from the view is the card from the whole record', () => {
    const fromRecord = renderWithProviders(<PosterCard title={record} />).container.innerHTML;
    const fromView = renderWithProviders(<PosterCard title={toCardView(record)} />).container.innerHTML;
    expect(fromView).toBe(fromRecord);
    // And it does show each field: the link, the poster, the name, the badge and the episode count.
    expect(screen.getAllByRole('link', { name: /Lihim ng Bilyonaryo/ })[0].getAttribute('href')).toBe(`/movie/Lihim-ng-Bilyonaryo-${record._id}`);
    expect(screen.getAllByRole('img', { name: 'Poster of Lihim ng Bilyonaryo' })[0].getAttribute('src')).toBe('/demo/art/lihim.svg');
    expect(screen.getAllByText('PREMIUM')).toHaveLength(2);
    expect(screen.getAllByText('11 episodes')).toHaveLength(2);
  });

  it('shows no badge on a free title', () => {
    renderWithProviders(<PosterCard title={toCardView({ ...record, isPremium: false })} />);
    expect(screen.queryByText('PREMIUM')).toBeNull();
  });

  it('offers an uploaded poster at its stored sizes for the width the card takes, and a one-file image as it is', () => {
    const uploaded = '/media/images/0123456789abcdef/poster.webp';
    renderWithProviders(<PosterCard title={toCardView({ ...record, thumbnail: uploaded })} />);
    const img = screen.getByRole('img', { name: 'Poster of Lihim ng Bilyonaryo' });
    expect(img.getAttribute('src')).toBe(uploaded);
    expect(img.getAttribute('srcset')).toBe('/media/images/0123456789abcdef/poster-360.webp 360w, /media/images/0123456789abcdef/poster.webp 720w');
    expect(img.getAttribute('sizes')).toBe('(min-width: 40rem) 12rem, 8.25rem');
    img.remove();
    renderWithProviders(<PosterCard title={toCardView(record)} />);
    const svg = screen.getByRole('img', { name: 'Poster of Lihim ng Bilyonaryo' });
    expect([svg.getAttribute('srcset'), svg.getAttribute('sizes')]).toEqual([null, null]);
  });

  it('prefetches the title page when the viewer reaches for the card, not when it is shown', () => {
    navigation.router.prefetch.mockClear();
    renderWithProviders(<PosterCard title={toCardView(record)} />);
    const link = screen.getByRole('link', { name: /Lihim ng Bilyonaryo/ });
    expect(navigation.router.prefetch).not.toHaveBeenCalled();
    const href = `/movie/Lihim-ng-Bilyonaryo-${record._id}`;
    fireEvent.touchStart(link);
    expect(navigation.router.prefetch).toHaveBeenLastCalledWith(href);
    fireEvent.mouseEnter(link);
    fireEvent.focus(link);
    expect(navigation.router.prefetch).toHaveBeenCalledTimes(3);
  });
});
