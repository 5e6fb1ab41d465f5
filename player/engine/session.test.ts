import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EngineEvent, EngineEventName } from './events';
import type { BootedStart } from './handoff';
import { PlayerSession } from './session';
import { fakeEnv, FakeManager, FakePlayer, FakeVideo, media } from './test-fakes';
import type { SessionInput } from './types';

const ORIGIN = 'http://localhost:3000';
const A = media('aaaaaaaaaaaaaaaaaaaaaaaa');
const B = media('bbbbbbbbbbbbbbbbbbbbbbbb');
const input = (over: Partial<SessionInput> = {}): SessionInput => ({ media: A, startTime: null, isMobile: false, preload: null, autoPlay: true, ...over });

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('window', { location: { href: `${ORIGIN}/episodes/x`, origin: ORIGIN } });
  vi.stubGlobal('navigator', { onLine: true, userAgent: 'test' });
  vi.stubGlobal('fetch', vi.fn(async () => new Response(null)));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  FakePlayer.made = [];
  FakePlayer.supported = true;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A session on a fake <video>, started with `first`; `events` records every named event by name. */
function started(first: Partial<SessionInput> = {}, env = fakeEnv()) {
  const session = new PlayerSession(env);
  const video = new FakeVideo();
  const events: [EngineEventName, EngineEvent][] = [];
  for (const name of ['ready', 'play', 'playing', 'pause', 'ended', 'time', 'error'] as const) session.on(name, (e) => events.push([name, e]));
  session.update(input(first));
  session.start(video as unknown as HTMLVideoElement);
  return { session, video, events, env, names: () => events.map(([n]) => n) };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

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
    expect(session.switchTo(B)).toBe(true);
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
    // Once playing, the device's buffering goals replace the standby's short one.
    expect(second.configure).toHaveBeenLastCalledWith(expect.objectContaining({ abr: expect.anything() }));
    expect(second.configure).toHaveBeenCalledWith({ streaming: { bufferingGoal: 10, rebufferingGoal: 2, bufferBehind: 30 } });
    expect(events.at(-1)).toEqual(['play', expect.objectContaining({ videoId: B.videoId })]);

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
