'use client';

import { useEffect, useRef, type RefObject } from 'react';
import { createWatchSession, sendWatchSessionUpdateOnExit, updateWatchSession } from '@/lib/api/sessions';
import type { DeviceInfo } from '@/lib/contracts/sessions';
import { SESSION_HEARTBEAT_MS } from './constants';
import { isPlaying } from './use-video-state';
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

const percentOf = (v: HTMLVideoElement) => (Number.isFinite(v.duration) && v.duration > 0 ? (v.currentTime / v.duration) * 100 : 0);

/**
 * Watch-session lifecycle (spec §4) for the episode on screen: only with a user, never for trailers; created when the
 * video is ready; active / paused / completed from the video's events, progress every 15 s while playing; stopped on
 * leaving the page, changing episode or unmounting. A new episode gets a new tracker, so every counter starts at 0.
 */
export function useWatchSession(opts: {
  videoRef: RefObject<HTMLVideoElement | null>;
  userId: string | null;
  videoId: string | null;
  isTrailer: boolean;
  isReady: boolean;
  isMobile: boolean;
}): void {
  const { videoRef, userId, videoId, isTrailer, isReady, isMobile } = opts;
  const trackerRef = useRef<WatchSessionTracker | null>(null);
  const isMobileRef = useRef(isMobile);
  useEffect(() => {
    isMobileRef.current = isMobile;
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !userId || !videoId || isTrailer) return;
    const tracker = new WatchSessionTracker(api, { userId, videoId, deviceInfo: deviceInfo(isMobileRef.current) });
    trackerRef.current = tracker;
    const onPlay = () => tracker.play();
    // The browser pauses before 'ended' at the end: that is an end, not a pause.
    const onPause = () => !video.ended && tracker.pause(percentOf(video));
    const onEnded = () => tracker.ended();
    const onPageHide = () => tracker.stop(percentOf(video), true);
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    video.addEventListener('ended', onEnded);
    window.addEventListener('pagehide', onPageHide);
    const heartbeat = setInterval(() => tracker.heartbeat(percentOf(video)), SESSION_HEARTBEAT_MS);
    return () => {
      clearInterval(heartbeat);
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('ended', onEnded);
      window.removeEventListener('pagehide', onPageHide);
      tracker.stop(percentOf(video));
      if (trackerRef.current === tracker) trackerRef.current = null;
    };
  }, [videoRef, userId, videoId, isTrailer]);

  useEffect(() => {
    const tracker = trackerRef.current;
    if (!isReady || !tracker) return;
    tracker.ready();
    // This video already plays and no 'play' was heard: the page's inline start plays before the app hydrates
    // (hydration-gate.ts), and a viewer's identity arrives after the first frame.
    const video = videoRef.current;
    if (video && isPlaying(video)) tracker.playingUnheard();
  }, [isReady, videoId, userId, videoRef]);
}
