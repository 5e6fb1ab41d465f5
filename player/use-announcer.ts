'use client';

import { useTranslations } from 'next-intl';
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
 * What a player says of itself, in the page's language: 'Loading video...', 'Click to start playing', the first play
 * of each video by name ('Playing <label>'; later ones just 'Playing'), 'Paused', 'Episode finished'. From the
 * session's state and events: a video already playing when this subscribes (the page's inline start, before
 * hydration) is announced at once.
 */
export function usePlayerAnnouncements(session: PlayerSession, video: { videoId: string; label: string }, announce: (message: string) => void): void {
  const t = useTranslations('player');
  const videoRef = useRef(video);
  const tRef = useRef(t);
  useEffect(() => {
    videoRef.current = video;
    tRef.current = t;
  });
  useEffect(() => {
    let lastPhase = session.getSnapshot().phase;
    let namedFor: string | null = null;
    const onChange = () => {
      const { phase } = session.getSnapshot();
      if (phase === lastPhase) return;
      lastPhase = phase;
      if (phase === 'loading') announce(tRef.current('status.loading'));
      else if (phase === 'needs-gesture') announce(tRef.current('status.startOverlay'));
    };
    const off = [
      session.subscribe(onChange),
      session.on('play', () => {
        const { label, videoId } = videoRef.current;
        if (namedFor === videoId) return announce(tRef.current('announce.playing'));
        namedFor = videoId;
        announce(tRef.current('announce.playingTitle', { label }));
      }),
      session.on('pause', () => !session.getSnapshot().video.ended && announce(tRef.current('announce.paused'))),
      session.on('ended', () => announce(tRef.current('announce.finished'))),
    ];
    return () => off.forEach((unsubscribe) => unsubscribe());
  }, [session, announce]);
}
