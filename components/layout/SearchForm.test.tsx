import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiTitle } from '@/lib/contracts/catalog';
import { navigation, renderWithProviders } from '@/tests/fixtures/render';
import { SearchForm } from './SearchForm';
// The dropdown is a chunk of its own that loads when it first opens; imported here so that opening it takes only a tick.
import '@/components/search/SearchDropdown';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
vi.mock('@/lib/api/catalog', () => ({ getContentBySearch: vi.fn() }));
const api = vi.mocked(await import('@/lib/api/catalog'));

const hit = (i: number): ApiTitle => ({
  _id: `0123456789abcdef0123${String(i).padStart(4, '0')}`,
  name: `Lihim ${i}`,
  description: '',
  thumbnail: '',
  banner: '',
  type: 2,
  isPremium: i === 0,
  totalEpisodes: 4,
  totalAddedToList: 0,
  releaseYear: 2025,
  tags: [],
  genres: [],
  isAddedToList: i === 1,
  isAddedList: i === 1,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

const box = () => screen.getByRole('combobox', { name: 'Search movies and series' });
const type = (value: string) => fireEvent.change(box(), { target: { value } });
const dropdown = () => screen.getByTestId('search-dropdown');
const live = () => screen.getByRole('status');

async function settle(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('SearchForm', () => {
  it("hints 'Start typing to search movies and TV series' until there are 3 characters", async () => {
    renderWithProviders(<SearchForm />);
    fireEvent.focus(box());
    await settle(0);
    expect(dropdown().textContent).toBe('Start typing to search movies and TV series');
    type('  ka ');
    expect(dropdown().textContent).toBe('Start typing to search movies and TV series');
    expect(api.getContentBySearch).not.toHaveBeenCalled();
  });

  it("waits 500 ms after the last key, shows 'Searching...', then at most 8 results with the total and 'View all N results'", async () => {
    let answer: (v: unknown) => void = () => undefined;
    api.getContentBySearch.mockReturnValueOnce(new Promise((r) => (answer = r)) as never);
    renderWithProviders(<SearchForm />);
    type('lih');
    type('lihim');
    await settle(0);
    expect(dropdown().textContent).toBe('Searching...');
    expect(live().textContent).toBe('Searching...');
    await settle(499);
    expect(api.getContentBySearch).not.toHaveBeenCalled();
    await settle(1);
    expect(api.getContentBySearch).toHaveBeenCalledTimes(1);
    expect(api.getContentBySearch.mock.calls[0][0]).toMatchObject({ searchString: 'lihim', limit: 8 });
    await act(async () => answer({ status: true, message: '', searchData: Array.from({ length: 8 }, (_, i) => hit(i)), total: 12 }));

    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getAllByRole('option')).toHaveLength(8);
    expect(screen.getByTestId('search-total').textContent).toBe('12 results');
    expect(live().textContent).toBe('12 results');
    expect(within(listbox).getAllByText('My List')).toHaveLength(1);
    const viewAll = screen.getByRole('link', { name: 'View all 12 results' });
    expect(viewAll.getAttribute('href')).toBe('/search?keyword=lihim');
  });

  it("says 'No results found for \"…\"' when nothing matches", async () => {
    api.getContentBySearch.mockResolvedValueOnce({ status: true, message: '', searchData: [], total: 0 });
    renderWithProviders(<SearchForm />);
    type('zzzqqq');
    await settle(500);
    expect(dropdown().textContent).toBe('No results found for "zzzqqq"');
    expect(live().textContent).toBe('No results found for "zzzqqq"');
  });

  it('moves through the results with the arrow keys, opens one with Enter and closes with Escape', async () => {
    api.getContentBySearch.mockResolvedValueOnce({ status: true, message: '', searchData: [hit(0), hit(1), hit(2)], total: 3 });
    renderWithProviders(<SearchForm />);
    type('lihim');
    await settle(500);
    expect(screen.queryByRole('link', { name: /View all/ })).toBeNull();
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    const options = screen.getAllByRole('option');
    expect(options[1].getAttribute('aria-selected')).toBe('true');
    expect(box().getAttribute('aria-activedescendant')).toBe(options[1].id);
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    expect(screen.getAllByRole('option')[2].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(screen.queryByTestId('search-dropdown')).toBeNull();
    expect(box().getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(navigation.router.push).toHaveBeenCalledWith('/movie/Lihim-0-0123456789abcdef01230000');
  });

  it('submits the trimmed text to the search page; an empty submit does nothing', () => {
    const onSubmitted = vi.fn();
    renderWithProviders(<SearchForm onSubmitted={onSubmitted} />);
    type('   ');
    fireEvent.submit(screen.getByRole('search'));
    expect(navigation.router.push).not.toHaveBeenCalled();
    type('  kasal sa  ');
    fireEvent.submit(screen.getByRole('search'));
    expect(navigation.router.push).toHaveBeenCalledWith('/search?keyword=kasal%20sa');
    expect(onSubmitted).toHaveBeenCalledTimes(1);
  });

  it("names its search landmark, so the search page's two boxes are two distinct landmarks", () => {
    renderWithProviders(
      <>
        <SearchForm />
        <SearchForm suggestions={false} label="Search again" />
      </>,
    );
    expect(screen.getAllByRole('search').map((form) => form.getAttribute('aria-label'))).toEqual(['Site search', 'Search again']);
  });

  it('is a plain search form without suggestions', () => {
    renderWithProviders(<SearchForm suggestions={false} defaultValue="lihim" />);
    expect(screen.getByRole('searchbox', { name: 'Search movies and series' })).toBeTruthy();
    fireEvent.focus(screen.getByRole('searchbox'));
    expect(screen.queryByTestId('search-dropdown')).toBeNull();
  });
});

describe('SearchForm in Filipino', () => {
  it('labels the box and hints in Filipino', async () => {
    renderWithProviders(<SearchForm />, { locale: 'fil' });
    const input = screen.getByRole('combobox', { name: 'Maghanap ng pelikula at serye' });
    expect(screen.getByRole('search', { name: 'Maghanap sa site' })).toBeTruthy();
    fireEvent.focus(input);
    await settle(0);
    expect(dropdown().textContent).toBe('Mag-type para maghanap ng pelikula at serye');
    api.getContentBySearch.mockResolvedValueOnce({ status: true, message: '', searchData: [], total: 0 });
    fireEvent.change(input, { target: { value: 'wala' } });
    await settle(500);
    expect(dropdown().textContent).toBe('Walang nahanap para sa "wala"');
  });
});
