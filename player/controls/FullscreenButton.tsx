'use client';

import { ExitFullscreenGlyph, FullscreenGlyph } from '../icons';
import { ControlButton, type ButtonLook } from './ControlButton';

/** Enter / leave fullscreen: named for what a press does now. */
export function FullscreenButton({ look, fullscreen, onToggle }: { look: ButtonLook; fullscreen: boolean; onToggle: () => void }) {
  return (
    <ControlButton look={look} label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'} onClick={onToggle} testId="fullscreen-toggle">
      {fullscreen ? <ExitFullscreenGlyph /> : <FullscreenGlyph />}
    </ControlButton>
  );
}
