import type { PlaybackMedia } from '@/lib/contracts/playback';
import { deepMerge } from '@/lib/deep-merge';
import { MAX_DISABLED_SECONDS, RETRY, type BufferingGoal } from '../constants';
import { abrFor, type Quality } from '../quality';

/**
 * Production multi-DRM license servers (NEXT_PUBLIC_DRM_*; the app's values: drm-env.ts); all empty means the app's
 * own ClearKey endpoint. Passed in rather than read here, so the page's inline start (page-start.ts) can use this
 * module without the app's environment module.
 */
export type DrmServers = { widevine: string; playready: string; fairplay: string };

/** True when no production licence server is configured: local ClearKey with the app's licence endpoint. */
export const isClearKeySetup = (env: DrmServers) => !env.widevine && !env.playready && !env.fairplay;

export const KEY_SYSTEMS = {
  clearKey: 'org.w3.clearkey',
  widevine: 'com.widevine.alpha',
  playready: 'com.microsoft.playready',
  fairplay: 'com.apple.fps',
} as const;

/**
 * License servers for one video. Locally: ClearKey with the app's license endpoint. In production: Widevine and
 * PlayReady from env, and FairPlay built from the upper-cased drmKeyId (spec §7).
 */
export function drmServersFor(media: Pick<PlaybackMedia, 'licenseUrl' | 'drmKeyId'>, env: DrmServers, origin: string): Record<string, string> {
  const servers: Record<string, string> = {};
  if (env.widevine) servers[KEY_SYSTEMS.widevine] = env.widevine;
  if (env.playready) servers[KEY_SYSTEMS.playready] = env.playready;
  if (env.fairplay) servers[KEY_SYSTEMS.fairplay] = `${env.fairplay}${media.drmKeyId.toUpperCase()}`;
  if (Object.keys(servers).length === 0) servers[KEY_SYSTEMS.clearKey] = new URL(media.licenseUrl, origin).href;
  return servers;
}

export type ConfigInput = {
  media: Pick<PlaybackMedia, 'licenseUrl' | 'drmKeyId'>;
  drm: boolean;
  isMobile: boolean;
  buffering: BufferingGoal;
  env: DrmServers;
  origin: string;
  /** The viewer's stored quality (data saver): Shaka's ABR keeps to it from the first variant on. */
  quality: Quality;
};

/**
 * The Shaka configuration for one video: DRM servers, retry parameters (desktop or mobile, spec §9), buffering goals,
 * and the ABR limits of the viewer's quality.
 */
export function playerConfig({ media, drm, isMobile, buffering, env, origin, quality }: ConfigInput) {
  const retry = isMobile ? RETRY.mobile : RETRY.desktop;
  return {
    drm: {
      servers: drm ? drmServersFor(media, env, origin) : {},
      retryParameters: { ...retry.drm },
    },
    // Start on our buffering goals, not the MPD's minBufferTime (4 s in the packaged media): short dramas start fast.
    manifest: { retryParameters: { ...retry.manifest }, dash: { ignoreMinBufferTime: true } },
    streaming: {
      retryParameters: { ...retry.streaming },
      bufferingGoal: buffering.bufferingGoal,
      rebufferingGoal: buffering.rebufferingGoal,
      bufferBehind: buffering.bufferBehind,
      maxDisabledTime: MAX_DISABLED_SECONDS,
    },
    // A stream banned for dropped frames (Auto only) comes back after the same time as one banned after an error.
    abr: { ...abrFor(quality), advanced: { droppedFramesBanDuration: MAX_DISABLED_SECONDS } },
  };
}

export type PlayerConfig = ReturnType<typeof playerConfig>;

/**
 * Our per-video settings over a full Shaka configuration (what `player.preload` expects): plain objects merge,
 * anything else (functions, factories, arrays) is kept or replaced as a whole, never cloned. DRM servers replace the
 * old ones entirely, so one video's licence settings never leak into the next.
 */
export function mergeInto<T extends object>(full: T, ours: PlayerConfig): T {
  const merged = deepMerge(full, ours) as T & { drm: Record<string, unknown> };
  merged.drm = { ...merged.drm, servers: ours.drm.servers };
  return merged;
}
