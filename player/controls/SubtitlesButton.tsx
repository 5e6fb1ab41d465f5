'use client';

import { useTranslations } from 'next-intl';
import { CaptionsGlyph } from '../icons';
import { ControlButton, type ButtonLook } from './ControlButton';

/** Subtitles on/off, a pressed toggle; the layouts show it only when the manifest has text tracks. */
export function SubtitlesButton({ look, on, onToggle }: { look: ButtonLook; on: boolean; onToggle: () => void }) {
  const t = useTranslations('player.controls');
  return (
    <ControlButton look={look} label={t('subtitles')} onClick={onToggle} pressed={on} testId="subtitles-toggle">
      <CaptionsGlyph />
    </ControlButton>
  );
}
