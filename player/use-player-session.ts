'use client';

import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import { PlayerSession } from './engine/session';
import { INITIAL_SNAPSHOT, type EngineSnapshot, type SessionInput } from './engine/types';

const serverSnapshot = () => INITIAL_SNAPSHOT;

/**
 * The player session of one <video> (engine/session.ts), for React: made once per component, its snapshot read with
 * useSyncExternalStore, the page's wishes handed over after every render, started on the <video> once it is in the
 * document and destroyed when it leaves. Components subscribe to its named events themselves (session.on).
 */
export function usePlayerSession(
  videoRef: RefObject<HTMLVideoElement | null>,
  input: SessionInput,
  /** Where Shaka draws the subtitles (the player's text layer); none: native text tracks. */
  textLayerRef?: RefObject<HTMLElement | null>,
): { session: PlayerSession; snapshot: EngineSnapshot } {
  const [session] = useState(() => {
    const made = new PlayerSession();
    // While hydrating, before any effect runs: the Shaka file and the first licence download meanwhile.
    made.warmUp(input);
    return made;
  });
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot, serverSnapshot);
  useEffect(() => session.update(input));
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    session.start(video, textLayerRef?.current ?? null);
    return () => session.destroy();
  }, [session, videoRef, textLayerRef]);
  return { session, snapshot };
}
