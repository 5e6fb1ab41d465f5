'use client';

import { useEffect, useState, type RefObject } from 'react';

/** Player video state (spec §3): currentTime, duration, isPlaying, isLoaded, volume; plus what the controls show. */
export type VideoState = {
  currentTime: number;
  duration: number;
  isPlaying: boolean;
  isLoaded: boolean;
  volume: number;
  muted: boolean;
  isBuffering: boolean;
  ended: boolean;
};

export const INITIAL_VIDEO_STATE: VideoState = {
  currentTime: 0,
  duration: 0,
  isPlaying: false,
  isLoaded: false,
  volume: 1,
  muted: false,
  isBuffering: false,
  ended: false,
};

const EVENTS = ['timeupdate', 'durationchange', 'loadedmetadata', 'loadeddata', 'canplay', 'play', 'playing', 'pause', 'ended', 'volumechange', 'waiting', 'seeked', 'emptied'] as const;

/** Playing or about to (play() called, not paused, not at the end): also a play that came before a listener did. */
export const isPlaying = (v: HTMLVideoElement) => !v.paused && !v.ended;

function snapshot(v: HTMLVideoElement, previous: VideoState, type: string): VideoState {
  return {
    currentTime: v.currentTime,
    duration: Number.isFinite(v.duration) ? v.duration : 0,
    isPlaying: isPlaying(v),
    isLoaded: type === 'emptied' ? false : previous.isLoaded || v.readyState >= 2,
    volume: v.volume,
    muted: v.muted,
    isBuffering: type === 'waiting' ? true : type === 'playing' || type === 'pause' || type === 'seeked' ? false : previous.isBuffering,
    ended: v.ended,
  };
}

/** The <video>'s state as React state, kept current by its media events; listeners removed on unmount. */
export function useVideoState(videoRef: RefObject<HTMLVideoElement | null>): VideoState {
  const [state, setState] = useState<VideoState>(INITIAL_VIDEO_STATE);
  useEffect(() => {
    const v = videoRef.current;
    if (!v) return;
    const onEvent = (e: Event) => setState((prev) => snapshot(v, prev, e.type));
    for (const type of EVENTS) v.addEventListener(type, onEvent);
    return () => {
      for (const type of EVENTS) v.removeEventListener(type, onEvent);
    };
  }, [videoRef]);
  return state;
}
