import { fireEvent, screen, within } from '@testing-library/react';
import toast from 'react-hot-toast/headless';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Episode, Genre, TitleCard, TitleDetail } from '@/lib/contracts/catalog';
import { renderWithProviders } from '@/tests/fixtures/render';
import { MovieDetail } from './MovieDetail';
import { FullEpisodes } from './FullEpisodes';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);

const genres: Genre[] = [{ _id: 'g1', name: 'Romance', slug: 'romance' }];

const episode = (n: number, extra: Partial<Episode> = {}): Episode => ({
  _id: `e${n}`,
  episodeNumber: n,
  title: null,
  description: `About episode ${n}`,
  thumbnail: `/demo/art/ep${n}.svg`,
  duration: 65,
  isPremium: false,
  coinPrice: 0,
  season: null,
  ...extra,
});

const LONG_PLOT =
  'A contract marriage that turns real. Mara signs for one year; Adrian expects nothing. Then the cameras leave and the two of them stay.';

const title = (extra: Partial<TitleDetail> = {}): TitleDetail => ({
  _id: '0123456789abcdef01234567',
  name: 'Kasal sa Kontrata',
  description: 'A contract marriage that turns real.',
  thumbnail: '/demo/art/kasal-poster.svg',
  banner: '/demo/art/kasal-banner.svg',
  type: 1,
  isPremium: true,
  totalEpisodes: 2,
  totalAddedToList: 1234,
  releaseYear: 2025,
  tags: ['Romantic'],
  genres: ['Romance'],
  seasons: [],
  episodes: [episode(0), episode(1, { title: 'Ang Simula' }), episode(2, { isPremium: true })],
  artists: [],
  trailerUrl: '/media/x/manifest.mpd',
  trailerImage: null,
  trailerDuration: 16,
  ...extra,
});

const card = (i: number, extra: Partial<TitleCard> = {}): TitleCard => ({
  _id: `0123456789abcdef0123${String(i).padStart(4, '0')}`,
  name: `Related Title Number ${i} With A Long Name`,
  description: '',
  thumbnail: `/demo/art/r${i}.svg`,
  banner: '',
  type: 2,
  isPremium: i % 2 === 0,
  totalEpisodes: 3,
  totalAddedToList: 0,
  releaseYear: 2025,
  tags: [],
  genres: [],
  ...extra,
});

afterEach(() => vi.restoreAllMocks());

describe('MovieDetail', () => {
  it("shows the breadcrumb 'Home / title', the poster, the plot, the favourites count and genre/tag chips", () => {
    renderWithProviders(<MovieDetail title={title()} genres={genres} />);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(crumbs.textContent).toBe('Home/Kasal sa Kontrata');
    expect(screen.getByRole('heading', { level: 1, name: 'Kasal sa Kontrata' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Poster of Kasal sa Kontrata' })).toBeTruthy();
    expect(screen.getByText('A contract marriage that turns real.')).toBeTruthy();
    expect(screen.getByTestId('favourites-count').textContent).toBe('1,234 favourites');
    expect(screen.getByRole('link', { name: 'Romance' }).getAttribute('href')).toBe('/movie-genres/All-movies?genre=romance');
    expect(screen.getByRole('link', { name: '#Romantic' }).getAttribute('href')).toBe('/tag/Romantic');
  });

  it("cuts the plot at 100 characters with '...' and toggles Read More / Read Less, the whole text in the HTML", () => {
    renderWithProviders(<MovieDetail title={title({ description: LONG_PLOT })} genres={genres} />);
    const plot = screen.getByTestId('plot');
    const visible = () => [...plot.childNodes].filter((n) => !(n instanceof HTMLElement && n.hidden)).map((n) => n.textContent).join('');
    expect(visible()).toBe(`${LONG_PLOT.slice(0, 100)}...`);
    expect(plot.textContent).toContain(LONG_PLOT.slice(100)); // in the HTML for crawlers
    fireEvent.click(screen.getByRole('button', { name: 'Read More' }));
    expect(visible()).toBe(LONG_PLOT);
    fireEvent.click(screen.getByRole('button', { name: 'Read Less' }));
    expect(visible()).toBe(`${LONG_PLOT.slice(0, 100)}...`);
  });

  it('shows a short plot whole, without Read More', () => {
    renderWithProviders(<MovieDetail title={title()} genres={genres} />);
    expect(screen.queryByRole('button', { name: 'Read More' })).toBeNull();
  });

  it('links Play Now to episode 1 and each tile to its episode', () => {
    renderWithProviders(<MovieDetail title={title()} genres={genres} />);
    expect(screen.getByRole('link', { name: 'Play Now' }).getAttribute('href')).toBe(
      '/episodes/episode-1-Kasal-sa-Kontrata-0123456789abcdef01234567',
    );
    const tiles = screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/episodes/'));
    const hrefs = tiles.map((a) => a.getAttribute('href'));
    expect(hrefs).toContain('/episodes/episode-0-Kasal-sa-Kontrata-0123456789abcdef01234567');
    expect(hrefs).toContain('/episodes/episode-2-Kasal-sa-Kontrata-0123456789abcdef01234567');
  });

  it("titles tiles 'Trailer' for episode 0, else the title or 'Episode {n}', with PREMIUM and duration", () => {
    renderWithProviders(<MovieDetail title={title()} genres={genres} />);
    const episodes = screen.getByRole('region', { name: 'Episodes' });
    const names = within(episodes).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(names).toEqual(['Trailer', 'Ang Simula', 'Episode 2']);
    expect(within(episodes).getAllByText('PREMIUM')).toHaveLength(1);
    expect(within(episodes).getAllByText('1:05')).toHaveLength(3);
    expect(within(episodes).getByRole('link', { name: /All 2 episodes/ }).getAttribute('href')).toBe(
      '/full-episodes/Kasal-sa-Kontrata-0123456789abcdef01234567',
    );
  });

  it("disables Play Now and shows 'No episodes available yet.' and the Coming Soon placeholder without episodes", () => {
    renderWithProviders(<MovieDetail title={title({ episodes: [episode(0)], totalEpisodes: 0 })} genres={genres} />);
    const play = screen.getByRole('button', { name: 'Play Now' });
    expect((play as HTMLButtonElement).disabled).toBe(true);
    expect(play.getAttribute('aria-describedby')).toBe('no-episodes');
    expect(screen.getByText('No episodes available yet.').id).toBe('no-episodes');
    expect(screen.getByText('No Episodes Yet')).toBeTruthy();
    expect(screen.getByText('Coming Soon')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Play Now' })).toBeNull();
  });

  it("groups a series into collapsible seasons titled 'Season {n}' or 'Season {n}: {title}'", () => {
    const series = title({
      type: 2,
      seasons: [
        { seasonNumber: 1, title: null },
        { seasonNumber: 2, title: 'Ang Pagbabalik' },
      ],
      episodes: [
        episode(0),
        episode(1, { season: { seasonNumber: 1, title: null } }),
        episode(2, { season: { seasonNumber: 2, title: 'Ang Pagbabalik' } }),
        episode(3, { season: { seasonNumber: 2, title: 'Ang Pagbabalik' } }),
      ],
    });
    renderWithProviders(<MovieDetail title={series} genres={genres} />);
    expect(screen.getByRole('heading', { name: 'Seasons & Episodes' })).toBeTruthy();
    expect(screen.getByText('Season 1')).toBeTruthy();
    expect(screen.getByText('Season 2: Ang Pagbabalik')).toBeTruthy();
    expect(screen.getByText(/2 episodes/, { selector: 'summary span' })).toBeTruthy();
  });

  it("asks a guest to log in when adding to the list: 'Please login first' and the login dialog", async () => {
    const error = vi.spyOn(toast, 'error');
    const { store } = renderWithProviders(<MovieDetail title={title()} genres={genres} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add To My List' }));
    await vi.waitFor(() => expect(store.getState().ui.loginDialogOpen).toBe(true));
    expect(error).toHaveBeenCalledWith('Please login first');
    expect(screen.getByRole('button', { name: 'Add To My List' })).toBeTruthy();
  });

  it("shares natively, else alerts 'Your browser does not support native sharing.'", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderWithProviders(<MovieDetail title={title()} genres={genres} />);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(alert).toHaveBeenCalledWith('Your browser does not support native sharing.');

    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Share' }));
      expect(share).toHaveBeenCalledWith({
        title: 'Kasal sa Kontrata',
        text: 'A contract marriage that turns real.',
        url: 'http://localhost:3000/movie/Kasal-sa-Kontrata-0123456789abcdef01234567',
      });
      expect(alert).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('offers Watch Trailer only when the title has a trailer', () => {
    const { unmount } = renderWithProviders(<MovieDetail title={title()} genres={genres} />);
    expect(screen.getByRole('button', { name: 'Watch Trailer' }).getAttribute('aria-haspopup')).toBe('dialog');
    unmount();
    renderWithProviders(<MovieDetail title={title({ trailerUrl: null, trailerDuration: 0 })} genres={genres} />);
    expect(screen.queryByRole('button', { name: 'Watch Trailer' })).toBeNull();
  });

  it('shows 16 items You Might Like, names cut to 20 characters; premium ones open the title, others episode 1', () => {
    const related = Array.from({ length: 20 }, (_, i) => card(i));
    renderWithProviders(<MovieDetail title={title()} genres={genres} related={related} />);
    const section = screen.getByRole('region', { name: 'You Might Like' });
    const links = within(section).getAllByRole('link');
    expect(links).toHaveLength(16);
    expect(within(section).getAllByRole('heading', { level: 3 })[0].textContent).toBe('Related Title Number...');
    expect(links[0].getAttribute('href')).toBe('/movie/Related-Title-Number-0-With-A-Long-Name-0123456789abcdef01230000');
    expect(links[1].getAttribute('href')).toBe('/episodes/episode-1-Related-Title-Number-1-With-A-Long-Name-0123456789abcdef01230001');
  });
});

describe('FullEpisodes', () => {
  it('lists every episode with a way back to the title', () => {
    renderWithProviders(<FullEpisodes title={title()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Kasal sa Kontrata' })).toBeTruthy();
    expect(screen.getByText('2 episodes')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to details/ }).getAttribute('href')).toBe(
      '/movie/Kasal-sa-Kontrata-0123456789abcdef01234567',
    );
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Trailer',
      'Ang Simula',
      'Episode 2',
    ]);
  });

  it('skips no heading level between the title and the episode names (outside a season too)', () => {
    renderWithProviders(<FullEpisodes title={title()} />);
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1));
  });
});

describe('MovieDetail in Filipino', () => {
  it('speaks Filipino: breadcrumb, counts, buttons, plot and episodes, with /fil links', () => {
    renderWithProviders(<MovieDetail title={title({ description: LONG_PLOT })} genres={genres} />, { locale: 'fil' });
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/fil');
    expect(screen.getByText('Pelikula')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Poster ng Kasal sa Kontrata' })).toBeTruthy();
    expect(screen.getByTestId('favourites-count').textContent).toBe('1,234 na favorite');
    expect(screen.getByRole('link', { name: /Panoorin Na/ }).getAttribute('href')).toBe('/fil/episodes/episode-1-Kasal-sa-Kontrata-0123456789abcdef01234567');
    expect(screen.getByRole('button', { name: 'Idagdag sa Listahan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Basahin Pa' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Kuwento' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Lahat ng 2 na episode/ })).toBeTruthy();
  });

  it("alerts without native sharing (in Filipino) and offers 'Copy link', which copies the Filipino page's address", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const success = vi.spyOn(toast, 'success');
    try {
      renderWithProviders(<MovieDetail title={title()} genres={genres} />, { locale: 'fil' });
      fireEvent.click(screen.getByRole('button', { name: 'I-share' }));
      expect(alert).toHaveBeenCalledWith('Hindi sinusuportahan ng browser mo ang native sharing.');
      fireEvent.click(screen.getByRole('button', { name: 'Kopyahin ang link' }));
      await screen.findByRole('button', { name: 'Nakopya ang link' });
      expect(writeText).toHaveBeenCalledWith('http://localhost:3000/fil/movie/Kasal-sa-Kontrata-0123456789abcdef01234567');
      expect(success).toHaveBeenCalledWith('Nakopya ang link');
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  });
});

