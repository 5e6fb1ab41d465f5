import { act, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Playback } from '@/lib/contracts/playback';
import { renderWithProviders } from '@/tests/fixtures/render';
import { TIME_ZONE } from '@/i18n/routing';
import { MESSAGES } from '@/messages';
import { makeStore } from '@/store/store';
import EpisodeView from './EpisodeView';
import { PLAYBACK_ERROR_DESKTOP, PLAYBACK_ERROR_MOBILE, PlaybackErrorPanel } from '@/player/PlaybackErrorPanel';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);
// The viewer's own answer fails the way a network error does, whatever listens on this machine's ports.
vi.mock('@/lib/api/playback', () => ({ fetchPlayback: vi.fn(() => Promise.reject(new Error('Network Error'))) }));

const ENGINE = { dash: '/episodes/player-assets/shaka-0000000000000000.dash.js', full: '/episodes/player-assets/shaka-0000000000000000.full.js' };
const TITLE = { _id: '0123456789abcdef01234567', name: 'Lihim ng Bilyonaryo', type: 2 as const, thumbnail: '/demo/art/lihim.svg' };

function lockedPlayback(n: number, total = 6, trailer = true): Playback {
  return {
    title: TITLE,
    episode: { _id: `aaaaaaaaaaaaaaaaaaaaaaa${n}`, episodeNumber: n, title: `Kabanata ${n}`, description: 'Isang lihim.', duration: 32, isPremium: true, coinPrice: 10, premiumPriceCentavos: null, isLocked: true, thumbnail: TITLE.thumbnail, season: null },
    isLocked: true,
    isTrailer: false,
    media: null,
    posterUrl: TITLE.thumbnail,
    trailer: trailer ? { posterUrl: '/media/ffff/poster.jpg', duration: 16 } : null,
    previousEpisode: n > 1 ? n - 1 : null,
    nextEpisode: n < total ? n + 1 : null,
    previous: null,
    next: null,
    totalEpisodes: total,
  };
}

let narrow = false;
beforeEach(() => {
  narrow = false;
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: narrow,
    media: query,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  })) as unknown as typeof window.matchMedia;
});
afterEach(() => localStorage.clear());

describe('EpisodeView', () => {
  it('shows a guest the locked panel: the message, Subscribe Now to /subscription (with returnTo), the trailer offer, and no player', () => {
    renderWithProviders(<EpisodeView initial={lockedPlayback(4)} engine={ENGINE} />);
    const panel = screen.getByTestId('episode-locked');
    expect(panel.textContent).toContain('Episode Locked - This episode requires a subscription to watch');
    expect(panel.getAttribute('data-video-id')).toBe('aaaaaaaaaaaaaaaaaaaaaaa4');
    // It carries the episode back to the return page ('Start watching' after paying).
    expect(screen.getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe(
      `/subscription?returnTo=${encodeURIComponent('/episodes/episode-4-Lihim-ng-Bilyonaryo-0123456789abcdef01234567')}`,
    );
    expect(screen.getByRole('button', { name: 'Watch Trailer' })).toBeTruthy();
    expect(document.querySelector('video')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Kabanata 4');
  });

  it('offers no trailer when the title has none', () => {
    renderWithProviders(<EpisodeView initial={lockedPlayback(4, 6, false)} engine={ENGINE} />);
    expect(screen.queryByRole('button', { name: 'Watch Trailer' })).toBeNull();
  });

  it('disables previous on episode 1 and next on the last episode', () => {
    const { unmount } = renderWithProviders(<EpisodeView initial={lockedPlayback(1)} engine={ENGINE} />);
    for (const b of screen.getAllByRole('button', { name: 'Previous episode' })) expect((b as HTMLButtonElement).disabled).toBe(true);
    for (const b of screen.getAllByRole('button', { name: 'Next episode' })) expect((b as HTMLButtonElement).disabled).toBe(false);
    unmount();
    renderWithProviders(<EpisodeView initial={lockedPlayback(6)} engine={ENGINE} />);
    for (const b of screen.getAllByRole('button', { name: 'Next episode' })) expect((b as HTMLButtonElement).disabled).toBe(true);
    for (const b of screen.getAllByRole('button', { name: 'Previous episode' })) expect((b as HTMLButtonElement).disabled).toBe(false);
  });

  it("does not flash the lock at a signed-in viewer: it waits for the viewer's own answer", async () => {
    localStorage.setItem('token', 'a-token');
    localStorage.setItem('user', JSON.stringify({ _id: 'u1' }));
    renderWithProviders(<EpisodeView initial={lockedPlayback(4)} engine={ENGINE} />);
    await waitFor(() => expect(screen.queryByTestId('episode-locked')).toBeNull());
    // The viewer's answer fails (mocked above), and the error panel says so.
    await waitFor(() => expect(screen.getByTestId('playback-error').textContent).toContain('Video Playback Error'), { timeout: 4000 });
  });
});

describe('EpisodeView in Filipino', () => {
  it('says it all in Filipino, and its links stay on Filipino pages', () => {
    renderWithProviders(<EpisodeView initial={lockedPlayback(4)} engine={ENGINE} />, { locale: 'fil' });
    const panel = screen.getByTestId('episode-locked');
    expect(panel.textContent).toContain('Naka-lock ang Episode - Kailangan ng subscription para mapanood ang episode na ito');
    expect(screen.getByRole('link', { name: 'Mag-subscribe Na' }).getAttribute('href')).toBe(
      `/fil/subscription?returnTo=${encodeURIComponent('/fil/episodes/episode-4-Lihim-ng-Bilyonaryo-0123456789abcdef01234567')}`,
    );
    expect(screen.getByRole('button', { name: 'Panoorin ang Trailer' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Episode' }).textContent).toContain('Episode 4 sa 6');
    expect(screen.getAllByRole('button', { name: 'Susunod na episode' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Nakaraang episode' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Lihim ng Bilyonaryo' }).getAttribute('href')).toBe('/fil/movie/Lihim-ng-Bilyonaryo-0123456789abcdef01234567');
    // A locked episode's data use, from the typical ladder (no manifest reaches a locked page): Auto counts 720p.
    expect(screen.getByTestId('data-use').textContent).toMatch(/^Gamit sa data: ≈ 7\.\d MB \(Auto\)$/);
  });
});

/**
 * The episode page hydrates after the player's first frame (decision 0008); until then a click had no handler and was
 * lost (issue 22: 'Next' under load). The server's HTML draws its buttons inert, and hydration makes them live.
 */
describe('EpisodeView before hydration', () => {
  it("renders previous/next (and the actions) inert in the server's HTML, live once hydrated", async () => {
    const store = makeStore();
    const ui = (
      <NextIntlClientProvider locale="en" messages={MESSAGES.en} timeZone={TIME_ZONE}>
        <Provider store={store}>
          <EpisodeView initial={lockedPlayback(3)} engine={ENGINE} />
        </Provider>
      </NextIntlClientProvider>
    ) as ReactNode;
    const html = renderToString(ui);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const nexts = () => [...container.querySelectorAll<HTMLButtonElement>('button[aria-label="Next episode"]')];
    expect(nexts().length).toBe(2);
    for (const b of nexts()) expect(b.getAttribute('aria-disabled')).toBe('true');
    for (const b of container.querySelectorAll('[data-testid^="action-"]')) expect(b.hasAttribute('aria-disabled') || b.hasAttribute('inert')).toBe(true);

    const root = await act(async () => hydrateRoot(container, ui));
    for (const b of nexts()) expect(b.hasAttribute('aria-disabled')).toBe(false);
    for (const b of container.querySelectorAll('[data-testid^="action-"]')) expect(b.hasAttribute('aria-disabled') || b.hasAttribute('inert')).toBe(false);
    act(() => root.unmount());
    container.remove();
  });
});

describe('PlaybackErrorPanel', () => {
  it('has the desktop and the mobile texts and a Retry button', () => {
    const { unmount } = renderWithProviders(<PlaybackErrorPanel isMobile={false} />);
    expect(screen.getByRole('alert').textContent).toContain('Video Playback Error');
    expect(screen.getByRole('alert').textContent).toContain(PLAYBACK_ERROR_DESKTOP);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    unmount();
    renderWithProviders(<PlaybackErrorPanel isMobile />);
    expect(screen.getByRole('alert').textContent).toContain(PLAYBACK_ERROR_MOBILE);
    expect(PLAYBACK_ERROR_MOBILE).toBe('Unable to play video on mobile device. This may be due to device compatibility or network issues.');
    expect(PLAYBACK_ERROR_DESKTOP).toBe('An error occurred while playing video. Please try refreshing the page.');
  });
});
