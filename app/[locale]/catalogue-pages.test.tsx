import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TitleCard } from '@/lib/contracts/catalog';
import { renderWithProviders } from '@/tests/fixtures/render';
import { localeParams } from '@/tests/fixtures/intl-server';
import ArtistPage, { generateMetadata as artistMetadata } from './artist/page';
import FandomPage, { generateMetadata as fandomMetadata } from './fandom/page';
import AllMoviesPage, { generateMetadata as allMoviesMetadata } from './movie-genres/All-movies/page';
import SearchPage, { generateMetadata as searchMetadata } from './search/page';
import SeriesPage from './series/page';
import TagPage, { generateMetadata as tagMetadata } from './tag/[tag]/page';
import SeriesLoading from './series/loading';
import TagLoading from './tag/[tag]/loading';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('next-intl/server', async () => (await import('@/tests/fixtures/intl-server')).nextIntlServerMock);
vi.mock('next/server', () => ({ connection: async () => undefined }));
// The catalogue's memoised queries (they need the database); each test says what they answer.
vi.mock('@/lib/server/cache', () => ({ listArtists: vi.fn(), listLatest: vi.fn(), listTitles: vi.fn(), listGenres: vi.fn(), searchTitles: vi.fn() }));
const cache = vi.mocked(await import('@/lib/server/cache'));

const card = (i: number, totalAddedToList = 0): TitleCard => ({
  _id: `0123456789abcdef0123${String(i).padStart(4, '0')}`,
  name: `Title ${i}`,
  thumbnail: `/demo/art/t${i}.svg`,
  description: 'A story.', banner: '', type: 2, isPremium: false, totalEpisodes: 3, totalAddedToList, releaseYear: 2025, tags: ['Revenge'], genres: [],
});
const GENRES = [{ _id: 'g1', name: 'Romance', slug: 'romance' }];

beforeEach(() => {
  vi.clearAllMocks();
  cache.listArtists.mockResolvedValue([]);
  cache.listLatest.mockResolvedValue([]);
  cache.listGenres.mockResolvedValue(GENRES);
  cache.listTitles.mockResolvedValue({ items: [], total: 0 });
  cache.searchTitles.mockResolvedValue({ items: [], total: 0 });
});

const search = (query: Record<string, string>) => Promise.resolve(query);

describe('catalogue pages in Filipino', () => {
  it('artists: heading, introduction, empty state and description', async () => {
    renderWithProviders(await ArtistPage({ params: localeParams('fil') }), { locale: 'fil' });
    expect(screen.getByRole('heading', { level: 1, name: 'Ang mga mukha sa likod ng kilig' })).toBeTruthy();
    expect(screen.getByText('Mga Artista')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Wala pang mga artista' })).toBeTruthy();
    expect((await artistMetadata({ params: localeParams('fil') })).description).toMatch(/^Kilalanin ang mga aktor/);
  });

  it('fandom: sections, kickers and description', async () => {
    cache.listLatest.mockResolvedValue([card(1, 10), card(2, 50)]);
    renderWithProviders(await FandomPage({ params: localeParams('fil') }), { locale: 'fil' });
    expect(screen.getByRole('heading', { level: 1, name: 'Para sa lahat ng curious na movie fan' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Paborito ng fans' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Manood ayon sa mood' })).toBeTruthy();
    expect(screen.getByText('Pinaka-minamahal')).toBeTruthy();
    expect(screen.getByText('#2 sa mga listahan')).toBeTruthy();
    expect((await fandomMetadata({ params: localeParams('fil') })).description).toMatch(/^Mga paborito ng fans/);
  });

  it('All movies: the count with its filters, the empty state and a clear link that stays Filipino', async () => {
    cache.listTitles.mockResolvedValue({ items: [card(1)], total: 2 });
    const { unmount } = renderWithProviders(await AllMoviesPage({ params: localeParams('fil'), searchParams: search({ genre: 'romance', tag: 'romantic' }) }), { locale: 'fil' });
    expect(screen.getByText('2 na title na may tag na #Romantic sa Romance')).toBeTruthy();
    expect(screen.getByText('Mag-browse')).toBeTruthy();
    unmount();

    cache.listTitles.mockResolvedValue({ items: [], total: 0 });
    renderWithProviders(await AllMoviesPage({ params: localeParams('fil'), searchParams: search({}) }), { locale: 'fil' });
    expect(screen.getByRole('heading', { level: 1, name: 'Lahat ng Movie Series' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Walang title na tugma sa mga filter na ito' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'I-clear ang mga filter' }).getAttribute('href')).toBe('/fil/movie-genres/All-movies');
    const meta = await allMoviesMetadata({ params: localeParams('fil'), searchParams: search({ page: '2' }) });
    expect(meta.description).toBe('Lahat ng pelikula at serye: mag-browse ng mga vertical na short drama ayon sa genre at tag, page 2.');
  });

  it('series: heading, count and empty state', async () => {
    cache.listTitles.mockResolvedValue({ items: [card(1)], total: 1 });
    const { unmount } = renderWithProviders(await SeriesPage({ params: localeParams('fil'), searchParams: search({}) }), { locale: 'fil' });
    expect(screen.getByRole('heading', { level: 1, name: 'Mga seryeng sulit i-binge' })).toBeTruthy();
    expect(screen.getByText('1 serye')).toBeTruthy();
    unmount();
    cache.listTitles.mockResolvedValue({ items: [], total: 0 });
    renderWithProviders(await SeriesPage({ params: localeParams('fil'), searchParams: search({}) }), { locale: 'fil' });
    expect(screen.getByRole('heading', { name: 'Wala pang serye' })).toBeTruthy();
  });

  it('tag: count, the other tags named, the empty state and the title', async () => {
    const params = localeParams('fil', { tag: 'romantic' });
    renderWithProviders(await TagPage({ params }), { locale: 'fil' });
    expect(screen.getByText('0 na title na may tag na Romantic.')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Iba pang mga tag' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Wala pang naka-tag na #Romantic' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mag-browse ng lahat ng movies' }).getAttribute('href')).toBe('/fil/movie-genres/All-movies');
    expect((await tagMetadata({ params })).title).toMatchObject({ absolute: expect.stringMatching(/^Mga pelikula at serye na #Romantic \| /) });
  });

  it('search: the start state, no results, a count and the description', async () => {
    const { unmount } = renderWithProviders(await SearchPage({ params: localeParams('fil'), searchParams: search({}) }), { locale: 'fil' });
    expect(screen.getByRole('heading', { level: 1, name: 'Maghanap ng pelikula at serye' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Mag-type para maghanap ng pelikula at TV series' })).toBeTruthy();
    unmount();

    const { unmount: unmount2 } = renderWithProviders(await SearchPage({ params: localeParams('fil'), searchParams: search({ keyword: 'xyz' }) }), { locale: 'fil' });
    expect(screen.getByRole('heading', { level: 1, name: 'Mga resulta para sa “xyz”' })).toBeTruthy();
    expect(screen.getByText('0 na resulta')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Walang resulta para sa "xyz"' })).toBeTruthy();
    unmount2();

    cache.searchTitles.mockResolvedValue({ items: [card(1)], total: 1 });
    renderWithProviders(await SearchPage({ params: localeParams('fil'), searchParams: search({ keyword: 'title' }) }), { locale: 'fil' });
    expect(screen.getByText('1 resulta')).toBeTruthy();
    expect((await searchMetadata({ params: localeParams('fil'), searchParams: search({ keyword: 'xyz' }) })).description).toBe('Mga pelikula at seryeng tugma sa "xyz".');
  });
});

describe('catalogue pages in English (the texts as before)', () => {
  it('All movies, series, tag and search', async () => {
    cache.listTitles.mockResolvedValue({ items: [card(1)], total: 1 });
    let view = renderWithProviders(await AllMoviesPage({ params: localeParams('en'), searchParams: search({ genre: 'romance', tag: 'romantic' }) }));
    expect(screen.getByText('1 title tagged #Romantic in Romance')).toBeTruthy();
    view.unmount();
    cache.listTitles.mockResolvedValue({ items: [card(1), card(2)], total: 12 });
    view = renderWithProviders(await AllMoviesPage({ params: localeParams('en'), searchParams: search({}) }));
    expect(screen.getByText('12 titles')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'All Movie Series' })).toBeTruthy();
    view.unmount();
    const meta = await allMoviesMetadata({ params: localeParams('en'), searchParams: search({ genre: 'romance', page: '3' }) });
    expect(meta.description).toBe('Romance movies and series: vertical short dramas to stream on your phone, page 3.');

    view = renderWithProviders(await SeriesPage({ params: localeParams('en'), searchParams: search({}) }));
    expect(screen.getByText('12 series')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Binge-worthy series' })).toBeTruthy();
    view.unmount();

    view = renderWithProviders(await TagPage({ params: localeParams('en', { tag: 'romantic' }) }));
    expect(screen.getByText('12 titles tagged Romantic.')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Other tags' })).toBeTruthy();
    view.unmount();

    renderWithProviders(await SearchPage({ params: localeParams('en'), searchParams: search({ keyword: 'xyz' }) }));
    expect(screen.getByRole('heading', { level: 1, name: 'Results for “xyz”' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'No results found for "xyz"' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse all movies' }).getAttribute('href')).toBe('/movie-genres/All-movies');
  });

  it('fandom and artists', async () => {
    cache.listLatest.mockResolvedValue([card(1, 10), card(2, 50)]);
    let view = renderWithProviders(await FandomPage({ params: localeParams('en') }));
    expect(screen.getByRole('heading', { level: 1, name: 'For all the curiosity of movie fans' })).toBeTruthy();
    expect(screen.getByText('Most loved')).toBeTruthy();
    expect(screen.getByText('#2 on lists')).toBeTruthy();
    view.unmount();
    view = renderWithProviders(await ArtistPage({ params: localeParams('en') }));
    expect(screen.getByRole('heading', { name: 'No artists yet' })).toBeTruthy();
    expect(screen.getByText('Artist profiles are coming soon.')).toBeTruthy();
  });
});

describe('loading states', () => {
  it('say what loads in the page language', () => {
    const view = renderWithProviders(<SeriesLoading />, { locale: 'fil' });
    expect(screen.getByRole('status').textContent).toBe('Nilo-load ang mga serye…');
    view.unmount();
    renderWithProviders(<TagLoading />);
    expect(screen.getByRole('status').textContent).toBe('Loading titles…');
  });
});
