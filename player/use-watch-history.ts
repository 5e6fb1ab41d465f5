'use client';

import { useEffect, useRef, type RefObject } from 'react';
import { recordWatchProgress, type WatchProgress } from '@/lib/watch-history';
import { HISTORY_SAVE_MS } from './constants';
import { isPlaying } from './use-video-state';

/**
 * Keeps the local watch history (spec §3, at most 20, most recent first) current while an episode plays: every 5 s
 * of playback, on pause and end, and when leaving the episode or the page.
 */
export function useWatchHistory(opts: {
  videoRef: RefObject<HTMLVideoElement | null>;
  progress: Omit<WatchProgress, 'currentTime' | 'duration'> | null;
}): void {
  const { videoRef, progress } = opts;
  const progressRef = useRef(progress);
  useEffect(() => {
    progressRef.current = progress;
  });
  const key = progress ? `${progress.title._id}:${progress.episodeNumber}` : null;
  const hydrated = useRef(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !key) return;
    let lastSaved = 0;
    let played = false;
    const save = () => {
      const p = progressRef.current;
      if (!p || !played) return;
      lastSaved = Date.now();
      recordWatchProgress({ ...p, currentTime: video.currentTime, duration: Number.isFinite(video.duration) ? video.duration : 0 });
    };
    const onPlaying = () => {
      played = true;
      save();
    };
    const onTime = () => {
      if (Date.now() - lastSaved >= HISTORY_SAVE_MS) save();
    };
    video.addEventListener('playing', onPlaying);
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('pause', save);
    video.addEventListener('ended', save);
    window.addEventListener('pagehide', save);
    // Playing when the page hydrates (the page's inline start plays before the app: hydration-gate.ts): as if
    // 'playing' came now. Only then: later runs (another episode in place) hear their own 'playing'.
    if (!hydrated.current && isPlaying(video)) onPlaying();
    hydrated.current = true;
    return () => {
      save();
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('pause', save);
      video.removeEventListener('ended', save);
      window.removeEventListener('pagehide', save);
    };
  }, [videoRef, key]);
}
