import { MOBILE_MAX_RETRIES, MOBILE_MEDIA_ERROR_RETRY_MS, MOBILE_RETRY_DELAY_MS } from './constants';

/**
 * The spec numbers its error kinds 2 manifest, 3 media, 4 DRM (spec §8). Shaka's own categories differ
 * (shaka.util.Error.Category: 1 NETWORK, 3 MEDIA, 4 MANIFEST, 6 DRM), so they are mapped by meaning. A network
 * failure before the player is ready is a manifest or segment fetch: it retries like a manifest error.
 */
export const SPEC_KIND_OF_SHAKA_CATEGORY: Record<number, number> = { 1: 2, 4: 2, 3: 3, 6: 4 };

/**
 * Spec §8 mobile retries: manifest errors after 2 s, media after 3 s, DRM after 2 s; the video element's error code 4
 * after 3 s. Only on mobile, only while the player is not ready, and at most MOBILE_MAX_RETRIES per kind for one
 * episode. Null: no retry (the error state stays).
 */
export function mobileRetryDelay(opts: {
  isMobile: boolean;
  isReady: boolean;
  source: 'shaka' | 'video';
  /** Shaka error category, or the MediaError code for source 'video'. */
  code: number;
  attemptsSoFar: number;
}): number | null {
  if (!opts.isMobile || opts.isReady || opts.attemptsSoFar >= MOBILE_MAX_RETRIES) return null;
  if (opts.source === 'video') return opts.code === 4 ? MOBILE_MEDIA_ERROR_RETRY_MS : null;
  const kind = SPEC_KIND_OF_SHAKA_CATEGORY[opts.code];
  return kind === undefined ? null : (MOBILE_RETRY_DELAY_MS[kind] ?? null);
}

/** One player's mobile retries (spec §8): counted per error kind until the episode loads, one pending at a time. */
export class MobileRetries {
  private readonly counts = new Map<number, number>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** Schedules `retry` after the failure's delay, when it gets one (mobileRetryDelay); false when it does not. */
  after(failure: Omit<Parameters<typeof mobileRetryDelay>[0], 'attemptsSoFar'>, retry: () => void): boolean {
    const kind = failure.source === 'video' ? -failure.code : failure.code;
    const attemptsSoFar = this.counts.get(kind) ?? 0;
    const delay = mobileRetryDelay({ ...failure, attemptsSoFar });
    if (delay === null) return false;
    this.counts.set(kind, attemptsSoFar + 1);
    clearTimeout(this.timer);
    this.timer = setTimeout(retry, delay);
    return true;
  }

  /** The episode loaded: every kind's count starts again. */
  reset(): void {
    this.counts.clear();
  }

  cancel(): void {
    clearTimeout(this.timer);
  }
}
