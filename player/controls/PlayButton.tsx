'use client';

import { PauseGlyph, PlayGlyph } from '../icons';
import { ControlButton, type ButtonLook } from './ControlButton';

/** Play / pause: named for what a press does now. */
export function PlayButton({ look, playing, onToggle }: { look: ButtonLook; playing: boolean; onToggle: () => void }) {
  return (
    <ControlButton look={look} label={playing ? 'Pause' : 'Play'} onClick={onToggle} testId="play-toggle">
      {playing ? <PauseGlyph /> : <PlayGlyph />}
    </ControlButton>
  );
}
