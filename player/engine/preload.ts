import type shaka from 'shaka-player';
import type { PlaybackMedia } from '@/lib/contracts/playback';
import { mergeInto } from './config';
import { mimeTypeOf, startSteps } from './create';
import type { SessionEnv } from './session-env';

type PreloadManager = shaka.media.PreloadManager;

/**
 * Preloads a video into `player` (Shaka's preload manager: manifest, licence, first segments) for a later
 * `player.load(manager)`; null when it cannot be preloaded, and the load then starts from the manifest URL.
 */
export function preloadInto(player: shaka.Player, media: PlaybackMedia, startTime: number | null, isMobile: boolean, env: SessionEnv): Promise<PreloadManager | null> {
  const [first] = startSteps(media, env.platform(isMobile), { isMobile, buffering: env.buffering(), env: env.drm, quality: env.quality() });
  if (!first) return Promise.resolve(null);
  const config = mergeInto(player.getConfiguration(), first.config);
  // Throwing (not an 'error' event, which would show the error panel) where Shaka cannot preload (native HLS): the
  // load then simply starts from the manifest URL.
  return player.preload(first.url, startTime, mimeTypeOf(first.url), config, true).catch((err: unknown) => {
    console.info('preload failed', err);
    return null;
  });
}

/** After the current episode starts playing, wait this long before preloading the next: start-up comes first. */
export const PRELOAD_AFTER_PLAYING_MS = 300;

/** The preloads a session holds, by video id; each handed out once (`take`) or destroyed. */
export class Preloads {
  private readonly byVideo = new Map<string, Promise<PreloadManager | null>>();
  private planned: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  /**
   * The next video is to be preloaded (`preload(next)`), PRELOAD_AFTER_PLAYING_MS from now, every other preload
   * destroyed; `plan` names the circumstances (null, or no `next`: nothing to preload). The same plan again changes
   * nothing; a new one cancels a preload not started yet.
   */
  plan(plan: string | null, next: PlaybackMedia | null, preload: (next: PlaybackMedia) => Promise<PreloadManager | null>): void {
    if (plan === this.planned) return;
    this.planned = plan;
    clearTimeout(this.timer);
    if (plan === null || !next) return;
    this.keepOnly(next.videoId);
    if (this.has(next.videoId)) return;
    this.timer = setTimeout(() => this.set(next.videoId, preload(next)), PRELOAD_AFTER_PLAYING_MS);
  }

  has(videoId: string): boolean {
    return this.byVideo.has(videoId);
  }

  set(videoId: string, preload: Promise<PreloadManager | null>): void {
    this.byVideo.set(videoId, preload);
  }

  take(videoId: string): Promise<PreloadManager | null> | undefined {
    const preload = this.byVideo.get(videoId);
    this.byVideo.delete(videoId);
    return preload;
  }

  /** Destroys every preload but `videoId`'s. */
  keepOnly(videoId: string | null): void {
    for (const [id, preload] of this.byVideo) {
      if (id === videoId) continue;
      this.byVideo.delete(id);
      void preload.then((m) => m?.destroy()).catch(() => undefined);
    }
  }

  clear(): void {
    this.plan(null, null, () => Promise.resolve(null));
    this.keepOnly(null);
  }
}
