'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchEpisodeMedia } from '@/lib/api/studio-media';
import type { EpisodeMediaView } from '@/lib/contracts/studio-media';
import { studioErrorMessage } from '@/lib/api/studio';

/** How often the panel asks for progress while an ingest is queued or running. */
export const POLL_MS = 1000;

const isActive = (view: EpisodeMediaView | null) => view?.ingest?.state === 'queued' || view?.ingest?.state === 'running';

/**
 * The episode's media status and latest ingest: loaded once, then polled every second while an ingest is queued or
 * running (and only then). `onSettled` is called when a followed ingest ends (ready or failed).
 */
export function useEpisodeMedia(videoId: string, onSettled?: () => void) {
  const [view, setView] = useState<EpisodeMediaView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const settled = useRef(onSettled);
  const wasActive = useRef(false);
  useEffect(() => {
    settled.current = onSettled;
  }, [onSettled]);

  const received = useCallback((next: EpisodeMediaView) => {
    setLoadError(null);
    setView(next);
    if (wasActive.current && !isActive(next)) settled.current?.();
    wasActive.current = isActive(next);
  }, []);

  const fetchOnce = useCallback(
    (signal: AbortSignal) =>
      fetchEpisodeMedia(videoId, signal).then(received, (err: unknown) => {
        if (!signal.aborted) setLoadError(studioErrorMessage(err));
      }),
    [videoId, received],
  );

  useEffect(() => {
    const controller = new AbortController();
    void fetchOnce(controller.signal);
    return () => controller.abort();
  }, [fetchOnce]);

  const active = isActive(view);
  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    const timer = setInterval(() => void fetchOnce(controller.signal), POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [active, fetchOnce]);

  /** A view the panel got from its own call (start, retry): polling follows it from there. */
  const show = useCallback((next: EpisodeMediaView) => {
    wasActive.current = isActive(next);
    setView(next);
  }, []);

  return { view, show, loadError };
}
