import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWatchSession, updateWatchSession } from '@/lib/api/sessions';
import { recordWatchProgress } from '@/lib/watch-history';
import type { BootedStart } from './engine/handoff';
import { PlayerSession } from './engine/session';
import { fakeEnv, FakePlayer, FakeVideo, media } from './engine/test-fakes';
import { intlWrapper } from './test-intl';
import { usePlayerAnnouncements } from './use-announcer';
import { useWatchHistory } from './use-watch-history';
import { useWatchSession } from './use-watch-session';

vi.mock('@/lib/api/sessions', () => ({
  createWatchSession: vi.fn(async () => ({ _id: 's1' })),
  updateWatchSession: vi.fn(async () => null),
  sendWatchSessionUpdateOnExit: vi.fn(),
}));
vi.mock('@/lib/watch-history', () => ({ recordWatchProgress: vi.fn() }));

const A = media('aaaaaaaaaaaaaaaaaaaaaaaa');

/**
 * The page's inline start played the episode before hydration: the session adopts its player, and the watch session,
 * the watch history and the announcer, subscribing only now (or, for the watch session, once the viewer's identity
 * arrives), still see the start, once, with no catch-up code of their own.
 */
async function adoptedWhilePlaying() {
  const video = new FakeVideo();
  video.paused = false;
  video.readyState = 4;
  video.currentTime = 3;
  video.duration = 30;
  const player = new FakePlayer();
  const boot: BootedStart = { videoId: A.videoId, video: video as never, player: player as never, mobile: false, licences: new Map(), play: Promise.resolve(), done: Promise.resolve('loaded') };
  const session = new PlayerSession(fakeEnv({ takeBooted: vi.fn(() => boot) }));
  session.update({ media: A, startTime: null, isMobile: false, preload: null, autoPlay: true });
  session.start(video as unknown as HTMLVideoElement);
  await vi.advanceTimersByTimeAsync(0);
  expect(session.getSnapshot().readyFor).toBe(A.videoId);
  return { session, video };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.clearAllMocks();
});
afterEach(() => vi.useRealTimers());

describe('listeners of the player session, after a start before hydration', () => {
  it('the watch session of a viewer known only now: created, then active once', async () => {
    const { session, video } = await adoptedWhilePlaying();
    const { rerender } = renderHook((p: { userId: string | null }) => useWatchSession({ session, userId: p.userId, videoId: A.videoId, isTrailer: false, isMobile: false }), {
      initialProps: { userId: null as string | null },
    });
    expect(createWatchSession).not.toHaveBeenCalled();
    rerender({ userId: 'u1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(createWatchSession).toHaveBeenCalledTimes(1);
    expect(vi.mocked(updateWatchSession).mock.calls.map(([, body]) => body.status)).toEqual(['active']);
    video.pause();
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.mocked(updateWatchSession).mock.calls.map(([, body]) => body.status)).toEqual(['active', 'paused']);
  });

  it('the watch history records the episode at once, with where it is', async () => {
    const { session } = await adoptedWhilePlaying();
    const progress = { title: { _id: 't1' }, episodeNumber: 1 } as never;
    renderHook(() => useWatchHistory({ session, videoId: A.videoId, progress }));
    expect(recordWatchProgress).toHaveBeenCalledTimes(1);
    expect(recordWatchProgress).toHaveBeenCalledWith(expect.objectContaining({ currentTime: 3, duration: 30, episodeNumber: 1 }));
  });

  it('the announcer names the episode once; a pause is said, and the next play is just "Playing"', async () => {
    const { session, video } = await adoptedWhilePlaying();
    const announce = vi.fn();
    renderHook(() => usePlayerAnnouncements(session, { videoId: A.videoId, label: 'Lihim – Ep 1' }, announce), { wrapper: intlWrapper() });
    expect(announce.mock.calls.map(([m]) => m)).toEqual(['Playing Lihim – Ep 1']);
    video.pause();
    await video.play();
    expect(announce.mock.calls.map(([m]) => m)).toEqual(['Playing Lihim – Ep 1', 'Paused', 'Playing']);
  });

  it('a next episode that plays before the page renders it (a switch) is named once the page has', async () => {
    const { session, video } = await adoptedWhilePlaying();
    const B = media('bbbbbbbbbbbbbbbbbbbbbbbb');
    const standby = new FakeVideo();
    session.setStandby(standby as unknown as HTMLVideoElement);
    session.update({ media: A, startTime: null, isMobile: false, preload: B, autoPlay: true });
    video.startPlaying();
    await vi.advanceTimersByTimeAsync(300); // decode-ahead: the standby loads B, plays silently for a frame
    standby.readyState = 2;
    standby.dispatch('timeupdate');
    await vi.advanceTimersByTimeAsync(0);
    const announce = vi.fn();
    const { rerender } = renderHook((p: { videoId: string; label: string }) => usePlayerAnnouncements(session, p, announce), {
      wrapper: intlWrapper(),
      initialProps: { videoId: A.videoId, label: 'Lihim – Ep 1' },
    });
    expect(session.switchTo(B)).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(announce.mock.calls.map(([m]) => m)).toEqual(['Playing Lihim – Ep 1']);
    rerender({ videoId: B.videoId, label: 'Lihim – Ep 2' });
    expect(announce.mock.calls.map(([m]) => m)).toEqual(['Playing Lihim – Ep 1', 'Playing Lihim – Ep 2']);
  });

  it('on a Filipino page the announcer speaks Filipino', async () => {
    const { session, video } = await adoptedWhilePlaying();
    const announce = vi.fn();
    renderHook(() => usePlayerAnnouncements(session, { videoId: A.videoId, label: 'Lihim – Ep 1' }, announce), { wrapper: intlWrapper('fil') });
    video.pause();
    expect(announce.mock.calls.map(([m]) => m)).toEqual(['Pinapanood: Lihim – Ep 1', 'Naka-pause']);
  });
});
