import { describe, expect, it, vi } from 'vitest';
import type { EngineEventName } from './events';
import type { BootedStart } from './handoff';
import { PlayerSession } from './session';
import { A, B, input, ORIGIN, settle, started, withSessionGlobals } from './session-test-kit';
import { fakeEnv, FakeManager, FakePlayer, FakeVideo } from './test-fakes';

withSessionGlobals();

describe('player session: create and load', () => {
  it('waits for the layout, then creates one player, preloads the first video during the init delay, attaches and loads it', async () => {
    const { session, video, names } = started({ isMobile: null });
    await vi.advanceTimersByTimeAsync(500);
    expect(FakePlayer.made).toHaveLength(0);
    expect(session.getSnapshot().phase).toBe('preparing');

    session.update(input());
    await settle();
    const [player] = FakePlayer.made;
    expect(player.preload).toHaveBeenCalledWith(`${ORIGIN}/media/${A.videoId}/manifest.mpd`, null, 'application/dash+xml', expect.anything(), true);
    expect(player.attach).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(50); // the desktop init delay (spec §9)
    expect(player.attach).toHaveBeenCalledWith(video);
    expect(player.load.mock.calls[0][0]).toBeInstanceOf(FakeManager);
    expect(session.getSnapshot()).toMatchObject({ phase: 'ready', readyFor: A.videoId, error: null });
    expect(video.autoplay).toBe(true);
    expect(video.play).toHaveBeenCalledTimes(1);
    expect(names()).toEqual(['ready', 'play']);
    expect(FakePlayer.made).toHaveLength(1);
  });

  it('loads a new video into the same player, through its manifest chain, and not again on a render with the same one', async () => {
    const { session } = started();
    await vi.advanceTimersByTimeAsync(100);
    const [player] = FakePlayer.made;
    session.update(input({ media: B }));
    expect(session.getSnapshot()).toMatchObject({ phase: 'loading', readyFor: null });
    await settle();
    expect(player.load).toHaveBeenLastCalledWith(`${ORIGIN}/media/${B.videoId}/manifest.mpd`, null, 'application/dash+xml');
    expect(session.getSnapshot()).toMatchObject({ phase: 'ready', readyFor: B.videoId });
    session.update(input({ media: B }));
    await settle();
    expect(player.load).toHaveBeenCalledTimes(2);
    expect(FakePlayer.made).toHaveLength(1);
  });

  it('an unsupported browser is an error, with no player', async () => {
    FakePlayer.supported = false;
    const { session, names } = started();
    await vi.advanceTimersByTimeAsync(100);
    expect(session.getSnapshot().phase).toBe('error');
    expect(String(session.getSnapshot().error)).toMatch(/cannot play DRM-protected video/);
    expect(names()).toEqual(['error']);
    expect(FakePlayer.made).toHaveLength(0);
  });

  it("shows the first text track 1 s after the load, and hides it when subtitles are turned off", async () => {
    const env = fakeEnv();
    const { session } = started({}, env);
    await settle();
    const [player] = FakePlayer.made;
    player.textTracks = [{ id: 1 }];
    await vi.advanceTimersByTimeAsync(60);
    expect(session.getSnapshot().hasTextTracks).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(session.getSnapshot().hasTextTracks).toBe(true);
    expect(player.selectTextTrack).toHaveBeenLastCalledWith({ id: 1 });
    session.setSubtitlesOn(false);
    expect(player.selectTextTrack).toHaveBeenLastCalledWith(null);
    expect(session.getSnapshot().subtitlesOn).toBe(false);
  });

  it("asks for a gesture when autoplay is refused, and plays from it", async () => {
    const { session, video } = started();
    video.refusePlay = new DOMException('no', 'NotAllowedError');
    await vi.advanceTimersByTimeAsync(100);
    expect(session.getSnapshot().phase).toBe('needs-gesture');
    video.refusePlay = null;
    session.startFromGesture();
    await settle();
    expect(session.getSnapshot().phase).toBe('ready');
    expect(video.paused).toBe(false);
  });
});

describe('player session: the page start adopted', () => {
  function boot(video: FakeVideo, outcome: 'loaded' | 'failed'): BootedStart {
    const player = new FakePlayer();
    return { videoId: A.videoId, video: video as unknown as HTMLVideoElement, player: player as never, mobile: false, licences: new Map(), play: Promise.resolve(), done: Promise.resolve(outcome) };
  }

  it('takes over the playing player (no second one), is ready, and tells its play to listeners before and after', async () => {
    const env = fakeEnv();
    const session = new PlayerSession(env);
    const video = new FakeVideo();
    video.paused = false;
    video.readyState = 4;
    const booted = boot(video, 'loaded');
    vi.mocked(env.takeBooted).mockReturnValue(booted);
    const early: EngineEventName[] = [];
    session.on('play', () => early.push('play'));
    session.update(input());
    session.start(video as unknown as HTMLVideoElement);
    await settle();
    expect(env.takeBooted).toHaveBeenCalledWith(video, A.videoId, false);
    expect(FakePlayer.made).toHaveLength(1);
    const [player] = FakePlayer.made;
    expect(player.load).not.toHaveBeenCalled();
    expect(player.configure).toHaveBeenCalledWith(expect.objectContaining({ streaming: expect.objectContaining({ bufferingGoal: 10, rebufferingGoal: 2, bufferBehind: 30 }) }));
    expect(session.getSnapshot()).toMatchObject({ phase: 'ready', readyFor: A.videoId });
    expect(early).toEqual(['play']);

    // A listener that comes later (the viewer's identity after the first frame) hears 'ready' and 'play' once, at once.
    const late: [EngineEventName, string | null][] = [];
    session.on('ready', (e) => late.push(['ready', e.videoId]));
    session.on('play', (e) => late.push(['play', e.videoId]));
    expect(late).toEqual([['ready', A.videoId], ['play', A.videoId]]);
    // Not once it paused.
    video.pause();
    const afterPause: EngineEventName[] = [];
    session.on('play', () => afterPause.push('play'));
    expect(afterPause).toEqual([]);
  });

  it('starts again itself when the page start failed, and destroys its player', async () => {
    const env = fakeEnv();
    const video = new FakeVideo();
    const booted = boot(video, 'failed');
    vi.mocked(env.takeBooted).mockReturnValue(booted);
    const session = new PlayerSession(env);
    session.update(input());
    session.start(video as unknown as HTMLVideoElement);
    await vi.advanceTimersByTimeAsync(100);
    const [bootPlayer, own] = FakePlayer.made;
    expect(bootPlayer.destroy).toHaveBeenCalled();
    expect(own.attach).toHaveBeenCalledWith(video);
    expect(own.load).toHaveBeenCalled();
    expect(session.getSnapshot()).toMatchObject({ phase: 'ready', readyFor: A.videoId });
  });
});

describe('player session: retries (spec §8)', () => {
  it('on mobile, retries a network failure after 2 s, at most twice, then stays in the error state', async () => {
    const failure = { category: 1, code: 1001, severity: 2 };
    const { session, names } = started({ isMobile: true });
    await settle();
    const [player] = FakePlayer.made;
    // The preload and every manifest of the chain fail: one failure of the load.
    player.preload.mockResolvedValue(null as never);
    player.loadResults = Array(20).fill(failure);
    await vi.advanceTimersByTimeAsync(200);
    expect(session.getSnapshot().phase).toBe('error');
    const loadsAfterFirst = player.load.mock.calls.length;
    await vi.advanceTimersByTimeAsync(1999);
    expect(player.load).toHaveBeenCalledTimes(loadsAfterFirst);
    await vi.advanceTimersByTimeAsync(1);
    expect(player.load.mock.calls.length).toBeGreaterThan(loadsAfterFirst);
    await vi.advanceTimersByTimeAsync(2000);
    const loadsAfterTwo = player.load.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(player.load).toHaveBeenCalledTimes(loadsAfterTwo);
    expect(names().filter((n) => n === 'error')).toHaveLength(3);
  });

  it('on desktop, a failure is an error without a retry; a retry that loads is ready again', async () => {
    const failure = { category: 1, code: 1001, severity: 2 };
    const desktop = started();
    await settle();
    FakePlayer.made[0].loadResults = [failure, failure];
    await vi.advanceTimersByTimeAsync(10_000);
    expect(desktop.session.getSnapshot().phase).toBe('error');
    expect(desktop.session.getSnapshot().error).toEqual(failure);
    expect(FakePlayer.made[0].load).toHaveBeenCalledTimes(2); // the preload's, then the manifest's

    FakePlayer.made = [];
    const mobile = started({ isMobile: true });
    await settle();
    FakePlayer.made[0].loadResults = [failure, failure, failure, failure];
    await vi.advanceTimersByTimeAsync(200);
    expect(mobile.session.getSnapshot().phase).toBe('error');
    await vi.advanceTimersByTimeAsync(2000);
    expect(mobile.session.getSnapshot()).toMatchObject({ phase: 'ready', readyFor: A.videoId, error: null });
  });
});

describe('player session: events and destroy', () => {
  it("follows the <video>'s events in an immutable snapshot and as named events", async () => {
    const { session, video, events } = started();
    await vi.advanceTimersByTimeAsync(100);
    const before = session.getSnapshot();
    video.currentTime = 12;
    video.duration = 60;
    video.dispatch('timeupdate');
    const after = session.getSnapshot();
    expect(after).not.toBe(before);
    expect(Object.isFrozen(after)).toBe(true);
    expect(after.video).toMatchObject({ currentTime: 12, duration: 60, isPlaying: true });
    expect(before.video.currentTime).toBe(0);
    expect(events.at(-1)).toEqual(['time', { videoId: A.videoId, currentTime: 12, duration: 60 }]);
    video.ended = true;
    video.dispatch('ended');
    expect(events.at(-1)?.[0]).toBe('ended');
    const subscriber = vi.fn();
    session.subscribe(subscriber);
    video.dispatch('timeupdate');
    expect(subscriber).not.toHaveBeenCalled(); // nothing changed: no new snapshot
  });

  it('destroy releases the player, the preloads, the timers and the listeners; a later start begins again', async () => {
    const { session, video, names } = started({ preload: B });
    await vi.advanceTimersByTimeAsync(100);
    video.startPlaying();
    await vi.advanceTimersByTimeAsync(300);
    const [player] = FakePlayer.made;
    const manager = await player.preload.mock.results.at(-1)!.value;
    session.destroy();
    await settle();
    expect(player.destroy).toHaveBeenCalled();
    expect(manager.destroy).toHaveBeenCalled();
    expect(video.listening('play') + video.listening('timeupdate') + video.listening('error') + player.listening('error')).toBe(0);
    const heard = names().length;
    video.dispatch('pause');
    expect(names()).toHaveLength(heard);

    session.start(video as unknown as HTMLVideoElement);
    await vi.advanceTimersByTimeAsync(100);
    expect(FakePlayer.made).toHaveLength(2);
    expect(session.getSnapshot().readyFor).toBe(A.videoId);
  });

  it('a destroy during the init delay leaves no player attached', async () => {
    const { session } = started();
    await settle();
    session.destroy();
    await vi.advanceTimersByTimeAsync(100);
    const [player] = FakePlayer.made;
    expect(player.attach).not.toHaveBeenCalled();
    expect(player.destroy).toHaveBeenCalled();
  });
});
