import type shaka from 'shaka-player';
import type { PlaybackMedia } from '@/lib/contracts/playback';
import type { BufferingGoal } from '../constants';
import type { Quality } from '../quality';
import { isAppleWebKit } from '../device';
import { absoluteUrl, manifestChain, type ManifestAttempt, type Platform } from '../manifest-chain';
import { playerConfig, type DrmServers, type PlayerConfig } from './config';
import { addLicenceRequestFilter, registerDataUriScheme } from './licence';

/**
 * The steps of a player start that the app's session and the page's inline start share (page-start.ts bundles this
 * module): what Shaka needs once, a new player with our licence handling, the manifests to try and their settings.
 */

export type Shaka = typeof shaka;

export const mimeTypeOf = (url: string) => (/\.mpd(\?|$)/i.test(url) ? 'application/dash+xml' : /\.m3u8(\?|$)/i.test(url) ? 'application/x-mpegurl' : null);

/** Safari/iOS (HLS, FairPlay), else the layout's own chain. */
export function platformOf(isMobile: boolean): Platform {
  const nav = typeof navigator === 'undefined' ? null : navigator;
  if (nav && isAppleWebKit(nav.userAgent, nav.maxTouchPoints)) return 'apple';
  return isMobile ? 'mobile' : 'desktop';
}

/** Polyfills and the `data:` scheme the prefetched licence needs. */
export function prepareShaka(s: Shaka): void {
  s.polyfill.installAll();
  registerDataUriScheme(s);
}

/** Why this browser cannot start a player now; null when it can. */
export function cannotStart(s: Shaka, isMobile: boolean): Error | null {
  if (!s.Player.isBrowserSupported()) return new Error('This browser cannot play DRM-protected video.');
  if (isMobile && navigator.onLine === false) return new Error('The device is offline.');
  return null;
}

/** A new player (not attached yet) whose licence requests take a prefetched answer (`take`) or the Bearer token. */
export function createPlayer(s: Shaka, take: (url: string) => Promise<string | null> | null): shaka.Player {
  // Marks for the start-up breakdown `npm run bench:player` prints (cheap, harmless in production).
  performance.mark('player:create');
  const player = new s.Player();
  addLicenceRequestFilter(s, player, take);
  return player;
}

export type StartStep = ManifestAttempt & { config: PlayerConfig };

/** The manifests to try for `media` (absolute URLs, spec §8's fallback chain), each with its Shaka configuration. */
export function startSteps(media: PlaybackMediaForStart, platform: Platform, opts: { isMobile: boolean; buffering: BufferingGoal; env: DrmServers; quality: Quality }): StartStep[] {
  const origin = window.location.origin;
  return manifestChain(media, platform).map((step) => ({
    url: absoluteUrl(step.url, window.location.href),
    drm: step.drm,
    config: playerConfig({ media, drm: step.drm, isMobile: opts.isMobile, buffering: opts.buffering, env: opts.env, origin, quality: opts.quality }),
  }));
}

/** What a start needs of a video's playback answer (the page's start gets just this). */
export type PlaybackMediaForStart = Pick<PlaybackMedia, 'videoId' | 'licenseUrl' | 'drmKeyId' | 'dashManifest' | 'mobileManifest' | 'fallbackManifest' | 'safariManifest' | 'videoUrl'>;
