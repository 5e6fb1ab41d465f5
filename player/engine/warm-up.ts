import { PLAYER_INIT_DELAY_MS } from '../constants';
import { isClearKeySetup } from './config';
import { bootIsStarting } from './handoff';
import type { SessionEnv } from './session-env';
import type { SessionInput } from './types';

/** When each video's player was first rendered: the init delay (spec §9) counts from there. */
const firstRenderedAt = new Map<string, number>();

/**
 * Starts what a player will need (the Shaka file, the ClearKey licence of the video it starts with) while the page is
 * still hydrating, instead of after it: cache warms, safe to call during render. Browser only.
 */
export function warmUp(input: SessionInput, env: SessionEnv): void {
  if (typeof window === 'undefined') return;
  const { media } = input;
  if (media && !firstRenderedAt.has(media.videoId)) firstRenderedAt.set(media.videoId, performance.now());
  void env.loadShaka(input.engine).catch(() => undefined);
  // The page's inline start asked for this licence already and hands it to its own player.
  if (media && isClearKeySetup(env.drm) && !bootIsStarting(media.videoId)) env.prefetchLicence(media);
}

/** What is left of the spec §9 player init delay (200 ms mobile, 50 ms desktop), counted from the first render. */
export function initDelayLeft(isMobile: boolean, videoId: string | undefined): number {
  const delay = isMobile ? PLAYER_INIT_DELAY_MS.mobile : PLAYER_INIT_DELAY_MS.desktop;
  const since = videoId && firstRenderedAt.has(videoId) ? performance.now() - firstRenderedAt.get(videoId)! : 0;
  return Math.max(0, delay - since);
}
