import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Artist, TitleCard } from '@/lib/contracts/catalog';
import { renderWithProviders } from '@/tests/fixtures/render';
import { FeatureCard } from '@/components/fandom/FeatureCard';
import { ArtistCard } from './ArtistCard';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);

const card = (i: number): TitleCard => ({
  _id: `0123456789abcdef0123${String(i).padStart(4, '0')}`,
  name: `Title ${i}`,
  thumbnail: `/demo/art/t${i}.svg`,
  description: 'A story.', banner: '', type: 2, isPremium: i === 1, totalEpisodes: 3, totalAddedToList: 1500, releaseYear: 2025, tags: [], genres: [],
});
const artist: Artist = { _id: 'a1', name: 'Bea Santillan', bio: 'Actor.', image: '/demo/art/artist-bea.svg', titles: [card(1), card(2)] };

describe('ArtistCard', () => {
  it('counts titles and names the portrait in English', () => {
    renderWithProviders(<ArtistCard artist={artist} />);
    expect(screen.getByText('2 titles')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Portrait of Bea Santillan' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Titles with Bea Santillan' })).toBeTruthy();
  });

  it('speaks Filipino on a Filipino page, its title links under /fil', () => {
    renderWithProviders(<ArtistCard artist={artist} />, { locale: 'fil' });
    expect(screen.getByText('2 na title')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Larawan ni Bea Santillan' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Title 1/ }).getAttribute('href')).toBe('/fil/movie/Title-1-0123456789abcdef01230001');
  });
});

describe('FeatureCard', () => {
  it('counts fans in the page language', () => {
    const { unmount } = renderWithProviders(<FeatureCard title={card(1)} kicker="Most loved" />);
    expect(screen.getByText(/1,500 fans/)).toBeTruthy();
    unmount();
    renderWithProviders(<FeatureCard title={card(1)} kicker="Pinakamamahal" />, { locale: 'fil' });
    expect(screen.getByText(/1,500 na fan/)).toBeTruthy();
    expect(screen.getByText('PREMIUM')).toBeTruthy();
  });
});
