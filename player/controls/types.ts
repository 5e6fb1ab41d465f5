import type { SkipDirection } from '../skip';
import type { VideoState } from '../use-video-state';

/** What the player hands a control layout: the video's state and the actions its controls call. */
export type ControlsProps = {
  state: VideoState;
  onTogglePlay: () => void;
  onSkip: (direction: SkipDirection) => void;
  onSeek: (time: number) => void;
  onVolume: (volume: number) => void;
  onToggleMute: () => void;
  /** The manifest has subtitles: only then is their toggle shown. */
  hasTextTracks: boolean;
  subtitlesOn: boolean;
  onToggleSubtitles: () => void;
  fullscreen: boolean;
  onToggleFullscreen: () => void;
};
