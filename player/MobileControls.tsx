'use client';

import { useEffect, useRef } from 'react';
import { formatClock, spokenDuration } from './format-time';
import { CaptionsGlyph, ExitFullscreenGlyph, FullscreenGlyph, PauseGlyph, PlayGlyph } from './icons';
import type { SkipDirection } from './skip';
import { createTapRecognizer, sideOf } from './taps';
import type { VideoState } from './use-video-state';

/** What the player's info overlay shows of the episode (the episode page passes it down). */
export type EpisodeInfo = { heading: string; subheading: string; description: string };

const roundButton =
  'grid size-10 place-items-center rounded-full bg-black/45 text-white backdrop-blur focus-visible:outline-2 focus-visible:outline-white aria-pressed:text-kilig-300';

type Props = {
  state: VideoState;
  onTogglePlay: () => void;
  onSkip: (direction: SkipDirection) => void;
  onSeek: (time: number) => void;
  hasTextTracks: boolean;
  subtitlesOn: boolean;
  onToggleSubtitles: () => void;
  fullscreen: boolean;
  onToggleFullscreen: () => void;
};

/**
 * The mobile layout's overlays: a tap surface (double tap on the left half skips back, on the right half forward; a
 * single tap toggles play after 300 ms), the fullscreen toggle, and a slim bar with play, seek and subtitles.
 */
export function MobileControls({ state, onTogglePlay, onSkip, onSeek, hasTextTracks, subtitlesOn, onToggleSubtitles, fullscreen, onToggleFullscreen }: Props) {
  const handlers = useRef({ onTogglePlay, onSkip });
  useEffect(() => {
    handlers.current = { onTogglePlay, onSkip };
  });
  const recognizer = useRef<ReturnType<typeof createTapRecognizer> | null>(null);
  useEffect(() => {
    const r = createTapRecognizer({
      onSingleTap: () => handlers.current.onTogglePlay(),
      onDoubleTap: (side) => handlers.current.onSkip(side === 'left' ? 'back' : 'forward'),
    });
    recognizer.current = r;
    return () => {
      r.dispose();
      recognizer.current = null;
    };
  }, []);

  const { currentTime, duration, isPlaying } = state;
  return (
    <>
      {/* Taps, not clicks of a control: screen-reader and keyboard users have the play button below. */}
      <div
        className="absolute inset-x-0 bottom-20 top-16 z-10 touch-manipulation select-none"
        data-testid="tap-overlay"
        aria-hidden
        onClick={(e) => recognizer.current?.tap(performance.now(), sideOf(e.clientX, e.currentTarget.getBoundingClientRect()))}
      />
      <div className="absolute right-3 top-3 z-20 flex gap-2">
        {hasTextTracks && (
          <button type="button" className={roundButton} onClick={onToggleSubtitles} aria-pressed={subtitlesOn} aria-label="Subtitles" data-testid="subtitles-toggle">
            <CaptionsGlyph />
          </button>
        )}
        <button type="button" className={roundButton} onClick={onToggleFullscreen} aria-label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'} data-testid="fullscreen-toggle">
          {fullscreen ? <ExitFullscreenGlyph /> : <FullscreenGlyph />}
        </button>
      </div>
      <div className="absolute inset-x-0 bottom-0 z-20 flex items-center gap-2 bg-gradient-to-t from-black/80 to-transparent px-3 pb-3 pt-8" role="group" aria-label="Video controls">
        <button type="button" className={roundButton} onClick={onTogglePlay} aria-label={isPlaying ? 'Pause' : 'Play'} data-testid="play-toggle">
          {isPlaying ? <PauseGlyph /> : <PlayGlyph />}
        </button>
        <input
          type="range"
          min={0}
          max={duration || 0}
          step={0.1}
          value={Math.min(currentTime, duration || 0)}
          onChange={(e) => onSeek(Number(e.target.value))}
          aria-label="Seek"
          aria-valuetext={`${spokenDuration(currentTime)} of ${spokenDuration(duration)}`}
          className="h-1.5 flex-1 accent-kilig-500"
          disabled={!duration}
        />
        <span className="text-xs tabular-nums text-white/85" aria-hidden>
          {formatClock(currentTime)} / {formatClock(duration)}
        </span>
      </div>
    </>
  );
}

/** Shown for 5 s after a pause on mobile: what is playing, and a way back to it. */
export function MobileInfoOverlay({ info, onPlay }: { info: EpisodeInfo; onPlay: () => void }) {
  return (
    <div className="pointer-events-none absolute inset-x-0 bottom-16 top-16 z-10 flex flex-col justify-end bg-gradient-to-t from-black/80 via-black/30 to-transparent p-4" data-testid="paused-info">
      <p className="text-xs font-semibold uppercase tracking-wider text-kilig-300">{info.subheading}</p>
      <p className="mt-1 text-lg font-bold text-white">{info.heading}</p>
      {info.description && <p className="mt-1 line-clamp-3 text-sm text-white/80">{info.description}</p>}
      <button type="button" onClick={onPlay} className="pointer-events-auto mt-3 inline-flex w-fit items-center gap-2 rounded-full bg-white/90 px-4 py-2 text-sm font-semibold text-black">
        <PlayGlyph size={16} /> Resume
      </button>
    </div>
  );
}
