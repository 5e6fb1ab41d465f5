import type shaka from 'shaka-player';

/** What the episode page's inline start (boot-script.ts) leaves on `window.__kiligBoot`. */
export type BootedStart = {
  videoId: string;
  video: HTMLVideoElement | null;
  player: shaka.Player | null;
  mobile: boolean | null;
  /** Absolute licence URL → the prefetched answer as a `data:` URI (null: refused or failed). */
  licences: Record<string, Promise<string | null>>;
  /** The first play() after the load (autoplay), once `done` says 'loaded'. */
  play: Promise<void> | null;
  done: Promise<'loaded' | 'failed'>;
  error?: unknown;
};

type BootWindow = Window & { __kiligBoot?: BootedStart };

const current = (): BootedStart | null => (typeof window === 'undefined' ? null : ((window as BootWindow).__kiligBoot ?? null));

/** True while the page's inline start is (or may still be) starting `videoId`: the app then does not start it again. */
export function bootIsStarting(videoId: string): boolean {
  const boot = current();
  return boot !== null && boot.videoId === videoId && !boot.error;
}

/** The licence the inline start prefetched for `url`, handed out once. */
export function takeBootLicence(url: string): Promise<string | null> | null {
  const boot = current();
  const licence = boot?.licences[url] ?? null;
  if (boot && licence) delete boot.licences[url];
  return licence;
}

/**
 * Hands the inline start's player to the app: only for the same <video> element (hydration kept the server's node),
 * the same video and the same layout. Otherwise it is stopped (its player destroyed) and null returned, and the app
 * starts the video itself. Either way the page's start is over after this call.
 */
export function takeBootedPlayer(video: HTMLVideoElement, videoId: string, isMobile: boolean): BootedStart | null {
  const boot = current();
  if (!boot) return null;
  delete (window as BootWindow).__kiligBoot;
  const fits = boot.player !== null && !boot.error && boot.video === video && boot.videoId === videoId && boot.mobile === isMobile;
  if (fits) return boot;
  boot.error ??= new Error('taken over by the app');
  // Its unused licence stays usable by the app's own start (clearkey-prefetch.ts asks takeBootLicence first).
  void boot.player?.destroy();
  return null;
}
