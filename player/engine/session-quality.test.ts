import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Quality } from '../quality';
import { PlayerSession } from './session';
import { fakeEnv, FakePlayer, FakeVideo, media } from './test-fakes';
import { activeVariant } from './variant';

/** Data saver in the engine: the stored quality limits Shaka's ABR from the first load, and a change applies at once. */

const ORIGIN = 'http://localhost:3000';
const A = media('aaaaaaaaaaaaaaaaaaaaaaaa');
const B = media('bbbbbbbbbbbbbbbbbbbbbbbb');
const LOW = { id: 1, active: false, width: 360, height: 640, bandwidth: 148_000 };
const HIGH = { id: 2, active: true, width: 720, height: 1280, bandwidth: 328_000 };

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('window', { location: { href: `${ORIGIN}/episodes/x`, origin: ORIGIN } });
  vi.stubGlobal('navigator', { onLine: true, userAgent: 'test' });
  FakePlayer.made = [];
  FakePlayer.supported = true;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function started(quality: Quality) {
  let stored = quality;
  let tell: (q: Quality) => void = () => undefined;
  const env = fakeEnv({ quality: () => stored, onQualityChange: (l) => ((tell = l), () => (tell = () => undefined)) });
  const session = new PlayerSession(env);
  const layer = {} as HTMLElement;
  session.update({ media: A, startTime: null, isMobile: false, preload: null, autoPlay: true });
  session.start(new FakeVideo() as unknown as HTMLVideoElement, layer);
  const change = (q: Quality) => ((stored = q), tell(q));
  return { session, layer, change };
}

describe('player session: quality (data saver)', () => {
  it('configures every load with the stored choice, and draws subtitles in the text layer', async () => {
    const { session, layer, change } = started('saver');
    await vi.advanceTimersByTimeAsync(100);
    const [player] = FakePlayer.made;
    expect(player.setVideoContainer).toHaveBeenCalledWith(layer);
    // The first load came from the preload, whose configuration carries the limits.
    expect(player.preload.mock.calls[0][3]).toMatchObject({ abr: { restrictions: { maxPixels: 360 * 640 } } });
    change('hd');
    session.update({ media: B, startTime: null, isMobile: false, preload: null, autoPlay: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(player.configure.mock.lastCall?.[0]).toMatchObject({ abr: { restrictions: { minPixels: 720 * 1280, maxPixels: Infinity }, droppedFrames: false } });
  });

  it('a change while playing: the new limits, and a variant outside them is left at once', async () => {
    const { session, change } = started('auto');
    await vi.advanceTimersByTimeAsync(100);
    const [player] = FakePlayer.made;
    player.variantTracks = [{ ...LOW }, { ...HIGH }];
    player.dispatch('adaptation');
    expect(session.getSnapshot().variant).toEqual({ width: 720, height: 1280, bandwidth: 328_000 });

    change('saver');
    expect(player.configure).toHaveBeenLastCalledWith({ abr: { restrictions: { minPixels: 0, maxPixels: 360 * 640 }, droppedFrames: false } });
    // Down to data saver the buffer (already paid for) is kept.
    expect(player.selectVariantTrack).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), false);

    player.variantTracks = [{ ...LOW, active: true }, { ...HIGH, active: false }];
    player.dispatch('variantchanged');
    expect(session.getSnapshot().variant).toMatchObject({ height: 640 });
    change('auto');
    expect(player.selectVariantTrack).toHaveBeenCalledTimes(1);
    change('hd');
    expect(player.configure).toHaveBeenLastCalledWith({ abr: { restrictions: { minPixels: 720 * 1280, maxPixels: Infinity }, droppedFrames: false } });
    expect(player.selectVariantTrack).toHaveBeenLastCalledWith(expect.objectContaining({ id: 2 }), true);
  });

  it("Shaka's own switch out of the limits (a recovery) is undone while a fitting variant is playable", async () => {
    const { session } = started('saver');
    await vi.advanceTimersByTimeAsync(100);
    const [player] = FakePlayer.made;
    player.variantTracks = [{ ...LOW }, { ...HIGH }];
    player.dispatch('variantchanged');
    expect(player.selectVariantTrack).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), false);
    // The 360p variant disabled by Shaka (not in the playable tracks): the switch stands.
    player.selectVariantTrack.mockClear();
    player.variantTracks = [{ ...HIGH }];
    player.dispatch('variantchanged');
    expect(player.selectVariantTrack).not.toHaveBeenCalled();
    expect(session.getSnapshot().variant).toMatchObject({ height: 1280 });
  });

  it('data saver does not preload the next episode (it may never be watched); Auto does', async () => {
    for (const quality of ['saver', 'auto'] as const) {
      FakePlayer.made = [];
      const { session } = started(quality);
      await vi.advanceTimersByTimeAsync(100);
      const [player] = FakePlayer.made;
      session.update({ media: A, startTime: null, isMobile: false, preload: B, autoPlay: true });
      (player as unknown as { preload: { mockClear(): void } }).preload.mockClear();
      const video = (session as unknown as { video: FakeVideo }).video;
      video.startPlaying();
      await vi.advanceTimersByTimeAsync(1000);
      expect(player.preload).toHaveBeenCalledTimes(quality === 'saver' ? 0 : 1);
      session.destroy();
    }
  });

  it('the snapshot keeps the same variant object while nothing changed', () => {
    const player = new FakePlayer();
    player.variantTracks = [{ ...HIGH }];
    const first = activeVariant(player as never, null);
    expect(activeVariant(player as never, first)).toBe(first);
    player.variantTracks = [];
    expect(activeVariant(player as never, first)).toBeNull();
  });
});
