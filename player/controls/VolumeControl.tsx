'use client';

import { useTranslations } from 'next-intl';
import { VOLUME_STEP } from '../constants';
import { MutedGlyph, VolumeGlyph } from '../icons';
import { ControlButton, type ButtonLook } from './ControlButton';

type Props = {
  look: ButtonLook;
  volume: number;
  muted: boolean;
  onVolume: (volume: number) => void;
  onToggleMute: () => void;
};

/**
 * Mute and volume (0–1 in steps of 0.1). Muted, the slider shows 0 and the button the muted glyph, as it does at
 * volume 0; the stored volume is kept, so unmuting comes back to it.
 */
export function VolumeControl({ look, volume, muted, onVolume, onToggleMute }: Props) {
  const t = useTranslations('player.controls');
  const shown = muted ? 0 : volume;
  return (
    <>
      <ControlButton look={look} label={muted ? t('unmute') : t('mute')} onClick={onToggleMute} testId="mute-toggle">
        {muted || volume === 0 ? <MutedGlyph /> : <VolumeGlyph />}
      </ControlButton>
      <input
        type="range"
        min={0}
        max={1}
        step={VOLUME_STEP}
        value={shown}
        onChange={(e) => onVolume(Number(e.target.value))}
        aria-label={t('volume')}
        aria-valuetext={t('volumeValue', { percent: Math.round(shown * 100) })}
        className="h-1 w-20 cursor-pointer accent-kilig-500"
        data-testid="volume"
      />
    </>
  );
}
