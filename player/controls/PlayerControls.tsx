'use client';

import { DesktopControls } from './DesktopControls';
import { MobileControls } from './MobileControls';
import type { ControlsProps } from './types';

/**
 * The episode player's controls in the layout of spec §2. Both layouts are drawn from the same controls (one play
 * button, one seek bar, one time display, one subtitles and one fullscreen button); they differ in where those sit,
 * how they look, and what only one layout has (desktop: skip buttons and volume; mobile: the tap surface).
 */
export function PlayerControls({ layout, ...props }: ControlsProps & { layout: 'desktop' | 'mobile' }) {
  return layout === 'mobile' ? <MobileControls {...props} /> : <DesktopControls {...props} />;
}
