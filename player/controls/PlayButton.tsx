'use client';

import { useTranslations } from 'next-intl';
import { PauseGlyph, PlayGlyph } from '../icons';
import { ControlButton, type ButtonLook } from './ControlButton';

/** Play / pause: named for what a press does now. */
export function PlayButton({ look, playing, onToggle }: { look: ButtonLook; playing: boolean; onToggle: () => void }) {
  const t = useTranslations('player.controls');
  return (
    <ControlButton look={look} label={playing ? t('pause') : t('play')} onClick={onToggle} testId="play-toggle">
      {playing ? <PauseGlyph /> : <PlayGlyph />}
    </ControlButton>
  );
}
