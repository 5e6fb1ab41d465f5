import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Banner } from '@/lib/contracts/catalog';
import { renderWithProviders as render } from '@/tests/fixtures/render';
import { BannerCarousel } from './BannerCarousel';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);

const banner = (n: number): Banner => ({
  _id: `b${n}`,
  movieSeriesId: `0123456789abcdef0123456${n}`,
  name: `Title ${n}`,
  description: `Story ${n}`,
  image: `/demo/art/t${n}-banner.svg`,
  type: n === 1 ? 1 : 2,
  isPremium: n === 2,
});
const banners = [banner(1), banner(2), banner(3)];

let reducedMotion = false;
beforeEach(() => {
  reducedMotion = false;
  vi.useFakeTimers();
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: reducedMotion,
    media: query,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  })) as unknown as typeof window.matchMedia;
});
afterEach(() => vi.useRealTimers());

const current = () => screen.getByRole('button', { current: true }).getAttribute('aria-label');

describe('BannerCarousel', () => {
  it('shows every banner with title, description, Play and More info links', () => {
    render(<BannerCarousel banners={banners} />);
    expect(screen.getByRole('heading', { name: 'Title 1' })).toBeTruthy();
    expect(screen.getByText('Story 1')).toBeTruthy();
    const play = screen.getAllByRole('link', { name: /Play/, hidden: true })[0];
    expect(play.getAttribute('href')).toBe('/episodes/episode-1-Title-1-0123456789abcdef01234561');
    expect(screen.getAllByRole('link', { name: /More info/, hidden: true })[0].getAttribute('href')).toBe(
      '/movie/Title-1-0123456789abcdef01234561',
    );
    expect(screen.getByRole('img', { name: 'Title 1 banner' }).getAttribute('width')).toBe('1600');
  });

  it('advances on its own and wraps around', () => {
    render(<BannerCarousel banners={banners} intervalMs={1000} />);
    expect(current()).toBe('Show slide 1: Title 1');
    act(() => void vi.advanceTimersByTime(1000));
    expect(current()).toBe('Show slide 2: Title 2');
    act(() => void vi.advanceTimersByTime(1000));
    expect(current()).toBe('Show slide 3: Title 3');
    act(() => void vi.advanceTimersByTime(1000));
    expect(current()).toBe('Show slide 1: Title 1');
  });

  it('pauses while hovered', () => {
    render(<BannerCarousel banners={banners} intervalMs={1000} />);
    const carousel = screen.getByRole('region', { name: 'Featured titles' });
    fireEvent.mouseEnter(carousel);
    act(() => void vi.advanceTimersByTime(5000));
    expect(current()).toBe('Show slide 1: Title 1');
    fireEvent.mouseLeave(carousel);
    act(() => void vi.advanceTimersByTime(1000));
    expect(current()).toBe('Show slide 2: Title 2');
  });

  it('stops with the pause button until play is pressed (WCAG 2.2.2)', () => {
    render(<BannerCarousel banners={banners} intervalMs={1000} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    // The pointer and focus leave: the viewer's pause stays.
    const carousel = screen.getByRole('region', { name: 'Featured titles' });
    fireEvent.mouseLeave(carousel);
    fireEvent.blur(screen.getByRole('button', { name: 'Play slideshow' }));
    act(() => void vi.advanceTimersByTime(5000));
    expect(current()).toBe('Show slide 1: Title 1');
    expect(carousel.getAttribute('data-paused')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Pause slideshow' }));
    act(() => void vi.advanceTimersByTime(1000));
    expect(current()).toBe('Show slide 2: Title 2');
  });

  it('does not auto-advance for people who prefer reduced motion', () => {
    reducedMotion = true;
    render(<BannerCarousel banners={banners} intervalMs={1000} />);
    act(() => void vi.advanceTimersByTime(5000));
    expect(current()).toBe('Show slide 1: Title 1');
  });

  it('moves with the dots, the arrows and the Left/Right keys, and hides inactive slides', () => {
    render(<BannerCarousel banners={banners} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 3: Title 3' }));
    expect(current()).toBe('Show slide 3: Title 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(current()).toBe('Show slide 1: Title 1');
    const carousel = screen.getByRole('region', { name: 'Featured titles' });
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    expect(current()).toBe('Show slide 3: Title 3');
    fireEvent.keyDown(carousel, { key: 'ArrowRight' });
    expect(current()).toBe('Show slide 1: Title 1');
    const slides = screen.getAllByRole('group', { hidden: true }).filter((el) => el.getAttribute('aria-roledescription') === 'slide');
    expect(slides.map((s) => s.getAttribute('aria-hidden'))).toEqual(['false', 'true', 'true']);
  });

  it('renders nothing without banners', () => {
    const { container } = render(<BannerCarousel banners={[]} />);
    expect(container.innerHTML).toBe('');
  });

  it('speaks Filipino on a Filipino page: its links, its controls and the slide names', () => {
    render(<BannerCarousel banners={banners} />, { locale: 'fil' });
    expect(screen.getByRole('region', { name: 'Mga tampok na title' })).toBeTruthy();
    const play = screen.getAllByRole('link', { name: /Panoorin/, hidden: true })[0];
    expect(play.getAttribute('href')).toBe('/fil/episodes/episode-1-Title-1-0123456789abcdef01234561');
    expect(screen.getByRole('button', { name: 'I-pause ang slideshow' })).toBeTruthy();
    expect(current()).toBe('Ipakita ang slide 1: Title 1');
    expect(screen.getByText('Pelikula')).toBeTruthy();
  });
});
