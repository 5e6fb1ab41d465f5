'use client';

import { useEffect, useRef } from 'react';
import { recordWatchProgress, type WatchProgress } from '@/lib/watch-history';
import { HISTORY_SAVE_MS } from './constants';
import type { PlayerSession } from './engine/session';

/**
 * Keeps the local watch history (spec §3, at most 20, most recent first) current while an episode plays: every 5 s
 * of playback, on pause and end, and when leaving the episode or the page. From the player session's events: an
 * episode already playing when this subscribes (the page's inline start, before hydration) is told 'playing' at once.
 */
export function useWatchHistory(opts: { session: PlayerSession; videoId: string; progress: Omit<WatchProgress, 'currentTime' | 'duration'> | null }): void {
  const { session, videoId, progress } = opts;
  const progressRef = useRef(progress);
  useEffect(() => {
    progressRef.current = progress;
  });
  const key = progress ? `${progress.title._id}:${progress.episodeNumber}` : null;

  useEffect(() => {
    if (!key) return;
    let lastSaved = 0;
    let played = false;
    const save = () => {
      const p = progressRef.current;
      if (!p || !played) return;
      lastSaved = Date.now();
      const { currentTime, duration } = session.getSnapshot().video;
      recordWatchProgress({ ...p, currentTime, duration });
    };
    const ours = (fn: () => void) => (e: { videoId: string | null }) => e.videoId === videoId && fn();
    const off = [
      session.on(
        'playing',
        ours(() => {
          played = true;
          save();
        }),
      ),
      session.on(
        'time',
        ours(() => Date.now() - lastSaved >= HISTORY_SAVE_MS && save()),
      ),
      session.on('pause', ours(save)),
      session.on('ended', ours(save)),
    ];
    window.addEventListener('pagehide', save);
    return () => {
      save();
      for (const unsubscribe of off) unsubscribe();
      window.removeEventListener('pagehide', save);
    };
  }, [session, videoId, key]);
}
