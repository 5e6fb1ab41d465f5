import type { EngineUrls, PlaybackMedia } from '@/lib/contracts/playback';
import { INITIAL_VIDEO_STATE, type VideoState } from '../use-video-state';
import type { ActiveVariant } from './variant';

export type PlayerPhase = 'idle' | 'preparing' | 'loading' | 'ready' | 'needs-gesture' | 'error';

/** What the page asks of the session; given again on every render (PlayerSession.update). */
export type SessionInput = {
  /** The video to play; null plays nothing. A new videoId loads a new source into the same player. */
  media: PlaybackMedia | null;
  /** Start position in seconds (continue watching); null starts at the beginning. */
  startTime: number | null;
  /** Null while the layout is not known yet: the player waits. */
  isMobile: boolean | null;
  /** Preloaded once the current video plays, so 'next' starts at once. */
  preload: PlaybackMedia | null;
  autoPlay: boolean;
  /** Where the engine builds are (the page preloads the one this browser needs); none: the bundled build. */
  engine?: EngineUrls;
};

/** The session's state as React reads it (useSyncExternalStore): a new frozen object on every change. */
export type EngineSnapshot = Readonly<{
  phase: PlayerPhase;
  /** Id of the video that is loaded and ready (null while loading or after an error). */
  readyFor: string | null;
  /** The manifest has text tracks (checked 1 s after load). */
  hasTextTracks: boolean;
  subtitlesOn: boolean;
  /** The last failure (null from the next load on). */
  error: unknown;
  /** The <video>'s own state: current time, duration, playing, volume… */
  video: VideoState;
  /** The variant Shaka streams (data saver keeps it at 360p); null until loaded. */
  variant: ActiveVariant | null;
  /** Which of the player's two <video> elements plays (decode-ahead swaps them, standby.ts): 0 is the page's own. */
  slot: 0 | 1;
}>;

export const INITIAL_SNAPSHOT: EngineSnapshot = Object.freeze({ phase: 'preparing', readyFor: null, hasTextTracks: false, subtitlesOn: true, error: null, video: INITIAL_VIDEO_STATE, variant: null, slot: 0 });
