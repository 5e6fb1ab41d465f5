import { describe, expect, it, vi } from 'vitest';
import { B, input, ORIGIN, settle, started, withSessionGlobals } from './session-test-kit';
import { fakeEnv, FakePlayer, FakeVideo, media } from './test-fakes';
import type { SessionInput } from './types';

/** The next episode: preloaded into the player, or decoded ahead on a second <video> (desktop), and the switch to it. */

withSessionGlobals();

describe('player session: the next episode', () => {
  it('preloads the next video 300 ms after this one plays, and switches to it at once from the preload', async () => {
    const { session, video } = started({ preload: B });
    await vi.advanceTimersByTimeAsync(100);
    const [player] = FakePlayer.made;
    player.preload.mockClear();
    await vi.advanceTimersByTimeAsync(1000);
    expect(player.preload).not.toHaveBeenCalled(); // not before it plays
    video.startPlaying();
    await vi.advanceTimersByTimeAsync(299);
    expect(player.preload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(player.preload).toHaveBeenCalledWith(`${ORIGIN}/media/${B.videoId}/manifest.mpd`, null, 'application/dash+xml', expect.anything(), true);

    expect(session.switchTo(media('cccccccccccccccccccccccc'))).toBe(false);
    expect(session.switchTo(B)).toBe(true);
    await settle();
    const manager = await player.preload.mock.results[0].value;
    expect(player.load).toHaveBeenLastCalledWith(manager);
    expect(session.getSnapshot().readyFor).toBe(B.videoId);
    // A render before the page's own for B (it renders B in a transition) does not move back to A.
    session.update(input({ preload: B }));
    await settle();
    expect(player.load).toHaveBeenCalledTimes(2);
    expect(session.getSnapshot().readyFor).toBe(B.videoId);
    // The page then renders the new video: no second load.
    session.update(input({ media: B }));
    await settle();
    expect(player.load).toHaveBeenCalledTimes(2);
  });
});

describe('player session: decode-ahead (desktop)', () => {
  const C = media('cccccccccccccccccccccccc');
  /** A desktop session with the standby <video> the page renders beside the first. */
  function withStandby(first: Partial<SessionInput> = {}, env = fakeEnv()) {
    const run = started({ preload: B, ...first }, env);
    const standby = new FakeVideo();
    run.session.setStandby(standby as unknown as HTMLVideoElement);
    return { ...run, standby };
  }

  it('decodes the next episode on the standby element 300 ms after this one plays, and swaps to it on Next', async () => {
    const { session, video, standby, events } = withStandby();
    await vi.advanceTimersByTimeAsync(100);
    const [player] = FakePlayer.made;
    video.startPlaying();
    await vi.advanceTimersByTimeAsync(299);
    expect(FakePlayer.made).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const [, second] = FakePlayer.made;
    expect(second.attach).toHaveBeenCalledWith(standby);
    expect(second.load).toHaveBeenCalledWith(`${ORIGIN}/media/${B.videoId}/manifest.mpd`, null, 'application/dash+xml');
    expect(standby.autoplay).toBe(false);
    expect(player.preload).toHaveBeenCalledTimes(1); // only the first video's, during the init delay: none for B

    // Loaded, then played silently until a frame comes (or 500 ms), and paused there; Next meanwhile loads B into
    // the player as before (nothing preloaded: the render does).
    await settle();
    standby.readyState = 2;
    expect(standby.play).toHaveBeenCalledTimes(1);
    expect(standby.volume).toBeLessThan(0.001);
    expect(session.switchTo(B)).toBe(false);
    standby.dispatch('timeupdate');
    await settle();
    expect(standby.pause).toHaveBeenCalledTimes(1);
    expect(session.switchTo(C)).toBe(false);
    video.volume = 0.4;
    video.muted = true;
    const told = vi.fn();
    session.subscribe(told);
    expect(session.switchTo(B)).toBe(true);
    // The flip is made on the elements; the page is told of the new snapshot only after the new frame (below).
    expect([standby.style.opacity, video.style.opacity]).toEqual(['1', '0']);
    expect(standby.play).toHaveBeenCalledTimes(2);
    expect(video.pause).toHaveBeenCalled();
    expect([standby.volume, standby.muted]).toEqual([0.4, true]);
    expect(session.getSnapshot()).toMatchObject({ slot: 1, phase: 'ready', readyFor: B.videoId });
    expect(player.load).toHaveBeenCalledTimes(1); // B was not loaded again
    // The page renders B in a transition: a render before it, still with A, does not move back.
    session.update(input({ preload: B }));
    await settle();
    expect(player.load).toHaveBeenCalledTimes(1);
    expect(second.load).toHaveBeenCalledTimes(1);
    expect(session.getSnapshot()).toMatchObject({ slot: 1, readyFor: B.videoId });
    expect(events.at(-1)).toEqual(['play', expect.objectContaining({ videoId: B.videoId })]);
    // Once its first frame is on screen (here a 'timeupdate': the fake has no frame callback), not before, the device's
    // buffering goals replace the standby's short one.
    expect(second.configure).not.toHaveBeenCalledWith({ streaming: { bufferingGoal: 10, rebufferingGoal: 2, bufferBehind: 30 } });
    expect(told).not.toHaveBeenCalled();
    standby.dispatch('timeupdate');
    expect(told).toHaveBeenCalledTimes(1);
    expect(second.configure).toHaveBeenLastCalledWith(expect.objectContaining({ abr: expect.anything() }));
    expect(second.configure).toHaveBeenCalledWith({ streaming: { bufferingGoal: 10, rebufferingGoal: 2, bufferBehind: 30 } });

    // The snapshot and the controls follow the new element; the old one is no longer listened to.
    events.length = 0;
    video.dispatch('ended');
    expect(events).toEqual([]);
    standby.startPlaying();
    expect(session.getSnapshot().video.isPlaying).toBe(true);
    session.controls.togglePlay();
    expect(standby.pause).toHaveBeenCalled();

    // The element left is emptied a moment later, then decodes the episode after B once B plays.
    expect(player.unload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(player.unload).toHaveBeenCalledTimes(1);
    session.update(input({ media: B, preload: C }));
    standby.startPlaying();
    await vi.advanceTimersByTimeAsync(300);
    expect(player.load).toHaveBeenLastCalledWith(`${ORIGIN}/media/${C.videoId}/manifest.mpd`, null, 'application/dash+xml');
    expect(FakePlayer.made).toHaveLength(2);

    session.destroy();
    expect(player.destroy).toHaveBeenCalled();
    expect(second.destroy).toHaveBeenCalled();
  });

  it.each([
    ['a mobile layout', { isMobile: true }, fakeEnv()],
    ['data saver', {}, fakeEnv({ quality: () => 'saver' })],
    ['a low-end device', {}, fakeEnv({ deviceClass: () => 'low' })],
    ['Safari', {}, fakeEnv({ platform: () => 'apple' })],
  ] as const)('on %s it decodes nothing ahead', async (_name, first, env) => {
    const { video } = withStandby(first, env);
    await vi.advanceTimersByTimeAsync(2000); // past the init delay, mobile's too
    expect(FakePlayer.made[0].load).toHaveBeenCalled();
    video.startPlaying();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakePlayer.made).toHaveLength(1);
  });

  it("afterNextFrame calls back once, at the playing element's next frame or after 250 ms", async () => {
    const { session, video } = started();
    await vi.advanceTimersByTimeAsync(100);
    const frames: (() => void)[] = [];
    Object.assign(video, { requestVideoFrameCallback: (cb: () => void) => frames.push(cb) });
    const then = vi.fn();
    session.afterNextFrame(then);
    expect(then).not.toHaveBeenCalled();
    frames[0]();
    await vi.advanceTimersByTimeAsync(300);
    expect(then).toHaveBeenCalledTimes(1);

    Object.assign(video, { requestVideoFrameCallback: undefined });
    const late = vi.fn();
    session.afterNextFrame(late);
    await vi.advanceTimersByTimeAsync(249);
    expect(late).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('the standby leaving the page destroys its player', async () => {
    const { session, video } = withStandby();
    await vi.advanceTimersByTimeAsync(100);
    video.startPlaying();
    await vi.advanceTimersByTimeAsync(300);
    const [player, second] = FakePlayer.made;
    session.setStandby(null);
    expect(second.destroy).toHaveBeenCalled();
    expect(player.destroy).not.toHaveBeenCalled();
  });
});
