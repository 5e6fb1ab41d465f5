'use client';

import { useCallback } from 'react';

/**
 * A ref for a layout's control bar: while it is in the page, the player's container carries its height as
 * `--player-controls-h`, for what must clear the bar (the subtitles, lifted while the controls show; the episode
 * page's overlays). Follows the bar's size (fonts, a wrapped row); removed with the bar.
 */
export function useBarHeight(): (bar: HTMLElement | null) => (() => void) | undefined {
  return useCallback((bar: HTMLElement | null) => {
    const player = bar?.closest<HTMLElement>('[data-testid="episode-player"]');
    if (!bar || !player) return undefined;
    const measure = () => player.style.setProperty('--player-controls-h', `${bar.offsetHeight}px`);
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      player.style.removeProperty('--player-controls-h');
    };
  }, []);
}
