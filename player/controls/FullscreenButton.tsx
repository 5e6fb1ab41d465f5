'use client';

import { useTranslations } from 'next-intl';
import { ExitFullscreenGlyph, FullscreenGlyph } from '../icons';
import { ControlButton, type ButtonLook } from './ControlButton';

/** Enter / leave fullscreen: named for what a press does now. */
export function FullscreenButton({ look, fullscreen, onToggle }: { look: ButtonLook; fullscreen: boolean; onToggle: () => void }) {
  const t = useTranslations('player.controls');
  return (
    <ControlButton look={look} label={fullscreen ? t('exitFullscreen') : t('fullscreen')} onClick={onToggle} testId="fullscreen-toggle">
      {fullscreen ? <ExitFullscreenGlyph /> : <FullscreenGlyph />}
    </ControlButton>
  );
}
