/** Player constants of spec §9, in one module. */

import { NARROW_SCREEN_MAX_PX } from '@/lib/constants';

/** The mobile layout: narrow screens (under 769 px, spec §9) and touch-only devices. */
export const MOBILE_LAYOUT_QUERY = `(max-width: ${NARROW_SCREEN_MAX_PX}px), (hover: none) and (pointer: coarse)`;
/** Its complement, the desktop layout: wide screens with a mouse or another fine pointer. */
export const DESKTOP_LAYOUT_QUERY = `(min-width: ${NARROW_SCREEN_MAX_PX + 1}px) and (hover: hover), (min-width: ${NARROW_SCREEN_MAX_PX + 1}px) and (pointer: fine)`;

/**
 * How long Shaka shuns a stream after a failed request (`streaming.maxDisabledTime`) or, on Auto, after too many
 * dropped frames (`abr.advanced.droppedFramesBanDuration`); Shaka's default is 30 s for both. Meanwhile it plays another
 * variant whatever the ABR limits or the viewer's choice say. Seen under load: one aborted 720p request, and HD chosen
 * seconds later stayed on 360p for the rest of the 30 s. A few seconds, then the stream is tried again.
 */
export const MAX_DISABLED_SECONDS = 4;

export const SKIP_SECONDS = 10;
export const SKIP_BACK_TO_START_WITHIN = 3; // under 3 s from the start, back jumps to 0
export const SKIP_BACK_MIN_TIME = 1;
export const SKIP_FORWARD_IGNORE_WITHIN_END = 2;
export const SKIP_FORWARD_END_MARGIN = 1; // forward caps at duration − 1 s
export const SEEK_RECOVERY_TIMEOUT_MS = 3000;
export const DOUBLE_TAP_MIN_MS = 100;
export const DOUBLE_TAP_MAX_MS = 300;
export const SINGLE_TAP_DELAY_MS = 300;
export const SKIP_INDICATOR_MS = 1500;
export const MOBILE_PAUSED_OVERLAY_MS = 5000;
export const PLAYER_INIT_DELAY_MS = { mobile: 200, desktop: 50 } as const;
export const TEXT_TRACK_CHECK_MS = 1000;
export const VOLUME_STEP = 0.1;
export const FAIRPLAY_CERT_TIMEOUT_MS = 10_000;

export type BufferingGoal = { bufferingGoal: number; rebufferingGoal: number; bufferBehind: number };
export const BUFFERING: Record<'default' | 'poorNetwork' | 'excellentNetwork' | 'lowEndDevice' | 'highEndDevice', BufferingGoal> = {
  default: { bufferingGoal: 5, rebufferingGoal: 1, bufferBehind: 15 },
  poorNetwork: { bufferingGoal: 2, rebufferingGoal: 0.3, bufferBehind: 5 },
  excellentNetwork: { bufferingGoal: 8, rebufferingGoal: 1.5, bufferBehind: 20 },
  lowEndDevice: { bufferingGoal: 3, rebufferingGoal: 0.5, bufferBehind: 8 },
  highEndDevice: { bufferingGoal: 10, rebufferingGoal: 2, bufferBehind: 30 },
};

type Retry = { timeout: number; maxAttempts: number };
export const RETRY: Record<'desktop' | 'mobile', { drm: Retry; streaming: Retry; manifest: Retry }> = {
  desktop: { drm: { timeout: 3000, maxAttempts: 2 }, streaming: { timeout: 15000, maxAttempts: 2 }, manifest: { timeout: 10000, maxAttempts: 2 } },
  mobile: { drm: { timeout: 4000, maxAttempts: 1 }, streaming: { timeout: 8000, maxAttempts: 1 }, manifest: { timeout: 6000, maxAttempts: 1 } },
};

/** Mobile retry delays by the spec's error kinds (spec §8): 2 manifest, 3 media, 4 DRM (see player/retry.ts for Shaka's categories). */
export const MOBILE_RETRY_DELAY_MS: Record<number, number> = { 2: 2000, 3: 3000, 4: 2000 };
export const MOBILE_MEDIA_ERROR_RETRY_MS = 3000;

/** Network classes (spec §9): excellent is 4g with downlink over 10 Mbit/s; good over 5; fair is 3g or over 2. */
export const NETWORK_CLASS = { excellentDownlink: 10, goodDownlink: 5, fairDownlink: 2 } as const;
/** Device classes (spec §9): high needs 4 GB memory and 4 cores or more; medium 2 and 2. */
export const DEVICE_CLASS = { high: { memory: 4, cores: 4 }, medium: { memory: 2, cores: 2 } } as const;

// Ours (not in the spec), kept here so every player timing lives in one module:
/** Watch-session progress update while playing. */
export const SESSION_HEARTBEAT_MS = 15_000;
/** Local watch-history write while playing (also on pause, end and leaving). */
export const HISTORY_SAVE_MS = 5_000;
/** Mobile retries per error category for one episode, so a broken stream does not retry forever. */
export const MOBILE_MAX_RETRIES = 2;
/** Desktop control bar hides after this long without pointer movement while playing. */
export const CONTROLS_IDLE_MS = 2500;
/** Where the FairPlay certificate is fetched from on the product's host (spec §7; the result is only checked). */
export const FAIRPLAY_CERT_PATH = '/drm/fairplay.cer';
/** How long the player waits for the engine script the page started before giving up (an error, not a hang). */
export const ENGINE_LOAD_TIMEOUT_MS = 20_000;
/** After previous/next switched from data already at hand, fetch the episode's full answer this much later. */
export const STEP_REFRESH_DELAY_MS = 400;
/** After a switch, the page's re-render for the new episode waits for its first frame, at most this long. */
export const SWITCH_RENDER_WAIT_MS = 250;
/** Binge flow: the end card counts down this long before the next episode starts. */
export const END_CARD_COUNTDOWN_S = 5;
/** A vertical swipe (touch screens) moves to the next (up) or previous (down) episode. */
export const SWIPE = { minDistancePx: 60, dominance: 1.5, maxDurationMs: 800, clickGuardMs: 500 } as const;
/** On an episode page, work the first frame does not need (identity) waits for it, but never longer than this. */
export const CRITICAL_PATH_CAP_MS = 3000;
