'use client';

import { useTranslations } from 'next-intl';
import { FullscreenButton } from './FullscreenButton';
import { PlayButton } from './PlayButton';
import { QualitySelect } from './QualitySelect';
import { SeekBar } from './SeekBar';
import { SubtitlesButton } from './SubtitlesButton';
import { TapOverlay } from './TapOverlay';
import { TimeDisplay } from './TimeDisplay';
import type { ControlsProps } from './types';
import { useBarHeight } from './use-bar-height';

/**
 * The mobile layout: the tap surface (double-tap skips, single-tap play), quality, subtitles and fullscreen in the top
 * corner, and a slim bar with play, seek and time. No volume: phones use their own buttons.
 */
export function MobileControls({ state, onTogglePlay, onSkip, onSeek, hasTextTracks, subtitlesOn, onToggleSubtitles, fullscreen, onToggleFullscreen }: ControlsProps) {
  const t = useTranslations('player.controls');
  const barRef = useBarHeight();
  const { currentTime, duration, isPlaying } = state;
  return (
    <>
      <TapOverlay onTogglePlay={onTogglePlay} onSkip={onSkip} />
      <div className="absolute right-3 top-3 z-20 flex items-center gap-2">
        <QualitySelect look="round" />
        {hasTextTracks && <SubtitlesButton look="round" on={subtitlesOn} onToggle={onToggleSubtitles} />}
        <FullscreenButton look="round" fullscreen={fullscreen} onToggle={onToggleFullscreen} />
      </div>
      <div
        ref={barRef}
        className="absolute inset-x-0 bottom-0 z-20 flex items-center gap-2 bg-gradient-to-t from-black/80 to-transparent px-3 pb-3 pt-8"
        role="group"
        aria-label={t('group')}
        data-testid="mobile-bar"
      >
        <PlayButton look="round" playing={isPlaying} onToggle={onTogglePlay} />
        <SeekBar currentTime={currentTime} duration={duration} onSeek={onSeek} className="flex-1" />
        <TimeDisplay currentTime={currentTime} duration={duration} />
      </div>
    </>
  );
}
