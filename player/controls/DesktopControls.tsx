'use client';

import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { FullscreenButton } from './FullscreenButton';
import { PlayButton } from './PlayButton';
import { QualitySelect } from './QualitySelect';
import { SeekBar } from './SeekBar';
import { SkipButtons } from './SkipButtons';
import { SubtitlesButton } from './SubtitlesButton';
import { TimeDisplay } from './TimeDisplay';
import type { ControlsProps } from './types';
import { useBarHeight } from './use-bar-height';
import { VolumeControl } from './VolumeControl';

/**
 * The desktop layout: skip buttons on the video's sides, and a control bar along the bottom with the seek bar over
 * play/pause, time, volume, quality, subtitles (when the manifest has them) and fullscreen. While playing, the bar shows only
 * with the pointer over the player or focus inside it.
 */
export function DesktopControls({ state, onTogglePlay, onSkip, onSeek, onVolume, onToggleMute, hasTextTracks, subtitlesOn, onToggleSubtitles, fullscreen, onToggleFullscreen }: ControlsProps) {
  const t = useTranslations('player.controls');
  const barRef = useBarHeight();
  const { currentTime, duration, isPlaying, volume, muted } = state;
  return (
    <>
      <SkipButtons onSkip={onSkip} />
      <div
        ref={barRef}
        className={clsx(
          'absolute inset-x-0 bottom-0 z-10 bg-gradient-to-t from-black/85 via-black/50 to-transparent px-3 pb-3 pt-10 transition-opacity',
          isPlaying ? 'opacity-0 group-hover:opacity-100 focus-within:opacity-100' : 'opacity-100',
        )}
        role="group"
        aria-label={t('group')}
        data-testid="control-bar"
      >
        <SeekBar currentTime={currentTime} duration={duration} onSeek={onSeek} className="w-full cursor-pointer" />
        <div className="mt-2 flex items-center gap-1.5">
          <PlayButton look="bar" playing={isPlaying} onToggle={onTogglePlay} />
          <TimeDisplay currentTime={currentTime} duration={duration} className="min-w-[5.5rem]" />
          <span className="flex-1" />
          <VolumeControl look="bar" volume={volume} muted={muted} onVolume={onVolume} onToggleMute={onToggleMute} />
          <QualitySelect look="bar" />
          {hasTextTracks && <SubtitlesButton look="bar" on={subtitlesOn} onToggle={onToggleSubtitles} />}
          <FullscreenButton look="bar" fullscreen={fullscreen} onToggle={onToggleFullscreen} />
        </div>
      </div>
    </>
  );
}
