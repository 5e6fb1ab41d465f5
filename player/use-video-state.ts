/**
 * Player video state (spec §3): currentTime, duration, isPlaying, isLoaded, volume; plus what the controls show. The
 * player session (engine/session.ts) keeps it, from the <video>'s media events, in its snapshot; React reads it there.
 */
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

/** The media events the state follows. */
export const VIDEO_EVENTS = ['timeupdate', 'durationchange', 'loadedmetadata', 'loadeddata', 'canplay', 'play', 'playing', 'pause', 'ended', 'volumechange', 'waiting', 'seeking', 'seeked', 'emptied'] as const;

/** Playing or about to (play() called, not paused, not at the end): also a play that came before a listener did. */
export const isPlaying = (v: Pick<HTMLVideoElement, 'paused' | 'ended'>) => !v.paused && !v.ended;

/** The state after the media event `type` (a read of the element; buffering and loaded follow the events). */
export function nextVideoState(v: HTMLVideoElement, previous: VideoState, type: string): VideoState {
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
