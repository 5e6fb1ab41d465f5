'use client';

import clsx from 'clsx';
import { VOLUME_STEP } from './constants';
import { formatClock, spokenDuration } from './format-time';
import { CaptionsGlyph, ExitFullscreenGlyph, FullscreenGlyph, MutedGlyph, PauseGlyph, PlayGlyph, SkipBackGlyph, SkipForwardGlyph, VolumeGlyph } from './icons';
import type { SkipDirection } from './skip';
import type { VideoState } from './use-video-state';

const iconButton =
  'grid size-9 shrink-0 place-items-center rounded-full text-white transition hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white aria-pressed:text-kilig-300';

/** Back / forward 10 s in the middle of the video's sides, shown while the pointer is over the player (or focused). */
export function HoverSkipButtons({ onSkip }: { onSkip: (direction: SkipDirection) => void }) {
  const cls =
    'absolute top-1/2 z-10 grid size-14 -translate-y-1/2 place-items-center rounded-full bg-black/50 text-white opacity-0 transition group-hover:opacity-100 hover:bg-black/70 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-white';
  return (
    <>
      <button type="button" className={clsx(cls, 'left-4')} onClick={() => onSkip('back')} aria-label="Back 10 seconds" data-testid="skip-back">
        <SkipBackGlyph size={28} />
      </button>
      <button type="button" className={clsx(cls, 'right-4')} onClick={() => onSkip('forward')} aria-label="Forward 10 seconds" data-testid="skip-forward">
        <SkipForwardGlyph size={28} />
      </button>
    </>
  );
}

type Props = {
  state: VideoState;
  onTogglePlay: () => void;
  onSeek: (time: number) => void;
  onVolume: (volume: number) => void;
  onToggleMute: () => void;
  hasTextTracks: boolean;
  subtitlesOn: boolean;
  onToggleSubtitles: () => void;
  fullscreen: boolean;
  onToggleFullscreen: () => void;
};

/** The desktop control bar: play/pause, seek, time, volume (0–1, step 0.1), subtitles (when the manifest has them), fullscreen. */
export function DesktopControls({ state, onTogglePlay, onSeek, onVolume, onToggleMute, hasTextTracks, subtitlesOn, onToggleSubtitles, fullscreen, onToggleFullscreen }: Props) {
  const { currentTime, duration, isPlaying, volume, muted } = state;
  const shownVolume = muted ? 0 : volume;
  return (
    <div
      className={clsx(
        'absolute inset-x-0 bottom-0 z-10 bg-gradient-to-t from-black/85 via-black/50 to-transparent px-3 pb-3 pt-10 transition-opacity',
        isPlaying ? 'opacity-0 group-hover:opacity-100 focus-within:opacity-100' : 'opacity-100',
      )}
      role="group"
      aria-label="Video controls"
      data-testid="control-bar"
    >
      <input
        type="range"
        min={0}
        max={duration || 0}
        step={0.1}
        value={Math.min(currentTime, duration || 0)}
        onChange={(e) => onSeek(Number(e.target.value))}
        aria-label="Seek"
        aria-valuetext={`${spokenDuration(currentTime)} of ${spokenDuration(duration)}`}
        className="h-1.5 w-full cursor-pointer accent-kilig-500"
        disabled={!duration}
      />
      <div className="mt-2 flex items-center gap-1.5">
        <button type="button" className={iconButton} onClick={onTogglePlay} aria-label={isPlaying ? 'Pause' : 'Play'} data-testid="play-toggle">
          {isPlaying ? <PauseGlyph /> : <PlayGlyph />}
        </button>
        <span className="min-w-[5.5rem] text-xs tabular-nums text-white/85" aria-hidden>
          {formatClock(currentTime)} / {formatClock(duration)}
        </span>
        <span className="flex-1" />
        <button type="button" className={iconButton} onClick={onToggleMute} aria-label={muted ? 'Unmute' : 'Mute'}>
          {muted || volume === 0 ? <MutedGlyph /> : <VolumeGlyph />}
        </button>
        <input
          type="range"
          min={0}
          max={1}
          step={VOLUME_STEP}
          value={shownVolume}
          onChange={(e) => onVolume(Number(e.target.value))}
          aria-label="Volume"
          aria-valuetext={`${Math.round(shownVolume * 100)}%`}
          className="h-1 w-20 cursor-pointer accent-kilig-500"
          data-testid="volume"
        />
        {hasTextTracks && (
          <button type="button" className={iconButton} onClick={onToggleSubtitles} aria-pressed={subtitlesOn} aria-label="Subtitles" data-testid="subtitles-toggle">
            <CaptionsGlyph />
          </button>
        )}
        <button type="button" className={iconButton} onClick={onToggleFullscreen} aria-label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'}>
          {fullscreen ? <ExitFullscreenGlyph /> : <FullscreenGlyph />}
        </button>
      </div>
    </div>
  );
}
