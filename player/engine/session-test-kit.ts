import { afterEach, beforeEach, vi } from 'vitest';
import type { EngineEvent, EngineEventName } from './events';
import { PlayerSession } from './session';
import { fakeEnv, FakePlayer, FakeVideo, media } from './test-fakes';
import type { SessionInput } from './types';

/** What the player session's unit tests share: the page's address, two videos, a started session, the globals. */

export const ORIGIN = 'http://localhost:3000';
export const A = media('aaaaaaaaaaaaaaaaaaaaaaaa');
export const B = media('bbbbbbbbbbbbbbbbbbbbbbbb');
export const input = (over: Partial<SessionInput> = {}): SessionInput => ({ media: A, startTime: null, isMobile: false, preload: null, autoPlay: true, ...over });

/** Fake timers, the browser globals a session reads, quiet console, and a fresh count of Shaka players, per test. */
export function withSessionGlobals(): void {
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
}

/** A session on a fake <video>, started with `first`; `events` records every named event by name. */
export function started(first: Partial<SessionInput> = {}, env = fakeEnv()) {
  const session = new PlayerSession(env);
  const video = new FakeVideo();
  const events: [EngineEventName, EngineEvent][] = [];
  for (const name of ['ready', 'play', 'playing', 'pause', 'ended', 'time', 'error'] as const) session.on(name, (e) => events.push([name, e]));
  session.update(input(first));
  session.start(video as unknown as HTMLVideoElement);
  return { session, video, events, env, names: () => events.map(([n]) => n) };
}

export const settle = () => vi.advanceTimersByTimeAsync(0);
