'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlayerSession } from './engine/session';

/**
 * State changes for screen readers: render `message` in a polite live region. Repeating the same text (two skips in
 * a row) still announces, because the text alternates with a zero-width space.
 */
export function useAnnouncer(): [string, (message: string) => void] {
  const [message, setMessage] = useState('');
  const flip = useRef(false);
  const announce = useCallback((text: string) => {
    flip.current = !flip.current;
    setMessage(flip.current ? text : `${text}\u200b`);
  }, []);
  return [message, announce];
}

/**
 * What a player says of itself: 'Loading video...', 'Click to start playing', the first play of each video by name
 * ('Playing <label>'; later ones just 'Playing'), 'Paused', 'Episode finished'. From the session's state and events:
 * a video already playing when this subscribes (the page's inline start, before hydration) is announced at once.
 */
export function usePlayerAnnouncements(session: PlayerSession, video: { videoId: string; label: string }, announce: (message: string) => void): void {
  const videoRef = useRef(video);
  useEffect(() => {
    videoRef.current = video;
  });
  useEffect(() => {
    let lastPhase = session.getSnapshot().phase;
    let namedFor: string | null = null;
    const onChange = () => {
      const { phase } = session.getSnapshot();
      if (phase === lastPhase) return;
      lastPhase = phase;
      if (phase === 'loading') announce('Loading video...');
      else if (phase === 'needs-gesture') announce('Click to start playing');
    };
    const off = [
      session.subscribe(onChange),
      session.on('play', () => {
        const { label, videoId } = videoRef.current;
        if (namedFor === videoId) return announce('Playing');
        namedFor = videoId;
        announce(`Playing ${label}`);
      }),
      session.on('pause', () => !session.getSnapshot().video.ended && announce('Paused')),
      session.on('ended', () => announce('Episode finished')),
    ];
    return () => off.forEach((unsubscribe) => unsubscribe());
  }, [session, announce]);
}
