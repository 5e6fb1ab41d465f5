import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlaybackMedia } from '@/lib/contracts/playback';
import { writeQuality } from '@/player/quality';
import { renderWithProviders } from '@/tests/fixtures/render';
import { DataUse } from './DataUse';

vi.mock('next/navigation', async () => (await import('@/tests/fixtures/render')).nextNavigationMock);

/** The demo's packaged manifest: 360×640 at 148 kbit/s and 720×1280 at 328 kbit/s, audio included. */
const MPD = readFileSync(path.join(import.meta.dirname, '..', '..', 'media', 'demo', 'ep-1', 'manifest.mpd'), 'utf8');
const media = (n: number) => ({ dashManifest: `/media/demo-${n}/manifest.mpd` }) as PlaybackMedia;
const episode = { duration: 100 } as never;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('DataUse', () => {
  it("reads the episode's manifest and follows the chosen quality, in Filipino", async () => {
    const fetch = vi.fn(async () => new Response(MPD));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<DataUse playback={{ media: media(1), previous: null, next: null, episode }} />, { locale: 'fil' });
    // Auto counts the richest rung: 328 kbit/s × 100 s = 4.1 MB.
    expect((await screen.findByTestId('data-use')).textContent).toBe('Gamit sa data: ≈ 4.1 MB (Auto)');
    expect(fetch).toHaveBeenCalledWith('/media/demo-1/manifest.mpd', expect.anything());
    // Data saver chosen in the player or the dashboard: the 360p rung, at once.
    act(() => writeQuality('saver'));
    await waitFor(() => expect(screen.getByTestId('data-use').textContent).toBe('Gamit sa data: ≈ 1.9 MB (Data saver)'));
  });

  it("a locked episode uses a neighbour's manifest (same packaging), else the packaging's typical ladder", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(MPD)));
    const { unmount } = renderWithProviders(
      <DataUse playback={{ media: null, previous: { episode: {} as never, media: media(2) }, next: null, episode }} />,
    );
    expect((await screen.findByTestId('data-use')).textContent).toBe('Data use: ≈ 4.1 MB (Auto)');
    unmount();
    renderWithProviders(<DataUse playback={{ media: null, previous: null, next: null, episode }} />);
    // 1.8 Mbit/s video and 96 kbit/s audio for 100 s.
    expect(screen.getByTestId('data-use').textContent).toBe('Data use: ≈ 24 MB (Auto)');
  });
});
