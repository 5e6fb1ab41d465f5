'use client';

import { useEffect, useRef } from 'react';
import { createWatchSession, sendWatchSessionUpdateOnExit, updateWatchSession } from '@/lib/api/sessions';
import type { DeviceInfo } from '@/lib/contracts/sessions';
import { SESSION_HEARTBEAT_MS } from './constants';
import type { EngineEvent } from './engine/events';
import type { PlayerSession } from './engine/session';
import { WatchSessionTracker, type SessionApi } from './watch-session-tracker';

const api: SessionApi = { create: createWatchSession, update: updateWatchSession, updateOnExit: sendWatchSessionUpdateOnExit };

function deviceInfo(isMobile: boolean): DeviceInfo {
  return {
    userAgent: navigator.userAgent.slice(0, 512),
    platform: ((navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform ?? '').slice(0, 64),
    screenResolution: `${window.screen.width}x${window.screen.height}`,
    viewport: `${window.innerWidth}x${window.innerHeight}`,
    isMobile,
  };
}

const percentOf = ({ currentTime, duration }: Pick<EngineEvent, 'currentTime' | 'duration'>) => (duration > 0 ? (currentTime / duration) * 100 : 0);

/**
 * Watch-session lifecycle (spec §4) for the episode on screen: only with a user, never for trailers; created when the
 * video is ready; active / paused / completed from the player session's events, progress every 15 s while playing;
 * stopped on leaving the page, changing episode or unmounting. A new episode gets a new tracker, so every counter
 * starts at 0. A tracker made after the video became ready or started playing (the viewer's identity arrives after
 * the first frame) hears 'ready' and 'play' at once: the session tells a late listener the state it is in.
 */
export function useWatchSession(opts: { session: PlayerSession; userId: string | null; videoId: string | null; isTrailer: boolean; isMobile: boolean }): void {
  const { session, userId, videoId, isTrailer, isMobile } = opts;
  const isMobileRef = useRef(isMobile);
  useEffect(() => {
    isMobileRef.current = isMobile;
  });

  useEffect(() => {
    if (!userId || !videoId || isTrailer) return;
    const tracker = new WatchSessionTracker(api, { userId, videoId, deviceInfo: deviceInfo(isMobileRef.current) });
    const ours = (fn: (e: EngineEvent) => void) => (e: EngineEvent) => e.videoId === videoId && fn(e);
    const now = () => percentOf(session.getSnapshot().video);
    const onPageHide = () => tracker.stop(now(), true);
    const off = [
      session.on('ready', ours(() => tracker.ready())),
      session.on('play', ours(() => tracker.play())),
      // The browser pauses before 'ended' at the end: that is an end, not a pause.
      session.on('pause', ours((e) => !session.getSnapshot().video.ended && tracker.pause(percentOf(e)))),
      session.on('ended', ours(() => tracker.ended())),
    ];
    window.addEventListener('pagehide', onPageHide);
    const heartbeat = setInterval(() => tracker.heartbeat(now()), SESSION_HEARTBEAT_MS);
    return () => {
      clearInterval(heartbeat);
      for (const unsubscribe of off) unsubscribe();
      window.removeEventListener('pagehide', onPageHide);
      tracker.stop(now());
    };
  }, [session, userId, videoId, isTrailer]);
}
