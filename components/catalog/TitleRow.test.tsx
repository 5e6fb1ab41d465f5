import { act, fireEvent, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TitleCard } from '@/lib/contracts/catalog';
import { renderWithProviders } from '@/tests/fixtures/render';
import { TitleRow as Row } from './TitleRow';
import { cardViewsOf } from './card-view';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);

const card = (i: number): TitleCard => ({
  _id: `0123456789abcdef0123${String(i).padStart(4, '0')}`,
  name: `Title ${i}`,
  thumbnail: `/demo/art/t${i}.svg`,
  description: '', banner: '', type: 2, isPremium: false, totalEpisodes: 3, totalAddedToList: 0, releaseYear: 2025, tags: [], genres: [],
});

/** A row as home renders it: its cards among the card views the rows share. */
const TitleRow = (props: Omit<ComponentProps<typeof Row>, 'cards'>) => <Row {...props} cards={cardViewsOf([props.titles])} />;

/** jsdom lays nothing out: the list's widths and position are set by hand, as a 1440 px row of 20 posters would be. */
function layOut(list: HTMLElement, { scrollLeft = 0, clientWidth = 1376, scrollWidth = 4160 } = {}) {
  Object.defineProperty(list, 'clientWidth', { configurable: true, value: clientWidth });
  Object.defineProperty(list, 'scrollWidth', { configurable: true, value: scrollWidth });
  list.scrollLeft = scrollLeft;
  act(() => {
    list.dispatchEvent(new Event('scroll'));
  });
}

describe('TitleRow scrolling with a mouse', () => {
  it('offers next (not previous) at the start, scrolls by the visible width, and offers each direction until its end', () => {
    renderWithProviders(<TitleRow title="Trending" titles={Array.from({ length: 20 }, (_, i) => card(i))} seeAllHref="/series" />);
    const list = screen.getByRole('list');
    const scrollBy = vi.fn();
    list.scrollBy = scrollBy as unknown as typeof list.scrollBy;
    layOut(list);

    expect(screen.queryByRole('button', { name: 'Previous titles: Trending' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next titles: Trending' }));
    expect(scrollBy).toHaveBeenCalledWith(expect.objectContaining({ left: 1376 }));

    layOut(list, { scrollLeft: 1376 });
    fireEvent.click(screen.getByRole('button', { name: 'Previous titles: Trending' }));
    expect(scrollBy).toHaveBeenLastCalledWith(expect.objectContaining({ left: -1376 }));
    expect(screen.getByRole('button', { name: 'Next titles: Trending' })).toBeTruthy();

    layOut(list, { scrollLeft: 4160 - 1376 });
    expect(screen.queryByRole('button', { name: 'Next titles: Trending' })).toBeNull();
  });

  it('counts a row resting inside its side padding (where snapping leaves it) as at its start', () => {
    renderWithProviders(<TitleRow title="Trending" titles={Array.from({ length: 20 }, (_, i) => card(i))} />);
    const list = screen.getByRole('list');
    list.style.paddingLeft = '32px';
    layOut(list, { scrollLeft: 16 });
    expect(screen.queryByRole('button', { name: 'Previous titles: Trending' })).toBeNull();
    layOut(list, { scrollLeft: 40 });
    expect(screen.getByRole('button', { name: 'Previous titles: Trending' })).toBeTruthy();
  });

  it('shows no buttons when every poster fits', () => {
    renderWithProviders(<TitleRow title="New" titles={[card(1), card(2)]} />);
    layOut(screen.getByRole('list'), { clientWidth: 1376, scrollWidth: 1376 });
    expect(screen.queryByRole('button', { name: /titles: New/ })).toBeNull();
  });
});

describe('TitleRow measuring its ends', () => {
  /** A media query list for `(pointer: fine)` whose answer the test sets, and tells its listeners about. */
  function pointerQuery(fine: boolean) {
    const listeners = new Set<() => void>();
    const query = {
      matches: fine,
      addEventListener: (_: string, fn: () => void) => listeners.add(fn),
      removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
    };
    vi.stubGlobal('matchMedia', vi.fn(() => query));
    return (now: boolean) => {
      query.matches = now;
      act(() => listeners.forEach((fn) => fn()));
    };
  }
  afterEach(() => vi.unstubAllGlobals());

  it('does not measure on a touch screen, where the arrows never show, and starts once a mouse is the pointer', () => {
    const setFine = pointerQuery(false);
    renderWithProviders(<TitleRow title="Trending" titles={Array.from({ length: 20 }, (_, i) => card(i))} />);
    const list = screen.getByRole('list');
    layOut(list);
    expect(screen.queryByRole('button', { name: 'Next titles: Trending' })).toBeNull();
    setFine(true);
    layOut(list);
    expect(screen.getByRole('button', { name: 'Next titles: Trending' })).toBeTruthy();
  });

  it('reads the widths when the ResizeObserver reports the laid-out list, not while the page hydrates', () => {
    pointerQuery(true);
    const reports: (() => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly report: () => void) {}
        observe() {
          reports.push(() => this.report());
        }
        disconnect() {}
      },
    );
    const computed = vi.spyOn(window, 'getComputedStyle');
    renderWithProviders(<TitleRow title="Trending" titles={Array.from({ length: 20 }, (_, i) => card(i))} />);
    expect(computed).not.toHaveBeenCalled();
    const list = screen.getByRole('list');
    Object.defineProperty(list, 'clientWidth', { configurable: true, value: 1376 });
    Object.defineProperty(list, 'scrollWidth', { configurable: true, value: 4160 });
    expect(reports).toHaveLength(1);
    act(() => reports[0]());
    expect(computed).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Next titles: Trending' })).toBeTruthy();
    computed.mockRestore();
  });
});

describe('TitleRow in Filipino', () => {
  it("names 'See all', the row's buttons and the posters in Filipino, and links stay Filipino", () => {
    renderWithProviders(<TitleRow title="Pinakabago" titles={Array.from({ length: 20 }, (_, i) => card(i))} seeAllHref="/series" />, { locale: 'fil' });
    expect(screen.getByRole('link', { name: /^Tingnan lahat\s*ng Pinakabago$/ }).getAttribute('href')).toBe('/fil/series');
    expect(screen.getByRole('img', { name: 'Poster ng Title 1' })).toBeTruthy();
    expect(screen.getAllByText('3 na episode').length).toBe(20);
    expect(screen.getAllByRole('button', { name: 'Idagdag sa Listahan: Title 1' }).length).toBe(1);
    const list = screen.getByTestId('title-row').querySelector('ul')!;
    layOut(list);
    expect(screen.getByRole('button', { name: 'Susunod na mga title: Pinakabago' })).toBeTruthy();
  });
});
