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
  const namedFor = useRef<string | null>(null);
  /** A video that plays before the page renders it (a switch runs ahead of the page): told once the page has. */
  const playingAhead = useRef<string | null>(null);
  const sayPlaying = useCallback(() => {
    const { label, videoId } = videoRef.current;
    if (namedFor.current === videoId) return announce(tRef.current('announce.playing'));
    namedFor.current = videoId;
    announce(tRef.current('announce.playingTitle', { label }));
  }, [announce]);
  useEffect(() => {
    videoRef.current = video;
    tRef.current = t;
    if (playingAhead.current !== video.videoId) return;
    playingAhead.current = null;
    sayPlaying();
  });
  useEffect(() => {
    let lastPhase = session.getSnapshot().phase;
    const onChange = () => {
      const { phase } = session.getSnapshot();
      if (phase === lastPhase) return;
      lastPhase = phase;
      if (phase === 'loading') announce(tRef.current('status.loading'));
      else if (phase === 'needs-gesture') announce(tRef.current('status.startOverlay'));
    };
    const off = [
      session.subscribe(onChange),
      session.on('play', (e) => {
        if (e.videoId !== null && e.videoId !== videoRef.current.videoId) playingAhead.current = e.videoId;
        else sayPlaying();
      }),
      session.on('pause', () => !session.getSnapshot().video.ended && announce(tRef.current('announce.paused'))),
      session.on('ended', () => announce(tRef.current('announce.finished'))),
    ];
    return () => off.forEach((unsubscribe) => unsubscribe());
  }, [session, announce, sayPlaying]);
}
