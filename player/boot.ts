import type shaka from 'shaka-player';
import { BOOT_DATA_ID, CRITICAL_PATH_CAP_MS } from './constants';

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

/** `__kiligBoot` null: the app has taken the start over (a boot file that runs later does nothing). */
type BootWindow = Window & { __kiligBoot?: BootedStart | null; __kiligCriticalPath?: Promise<void> };

const current = (): BootedStart | null => (typeof window === 'undefined' ? null : ((window as BootWindow).__kiligBoot ?? null));

/** The page carries a player start whose async file has not run yet (it runs only while the document loads). */
const bootPending = () => !('__kiligBoot' in window) && document.readyState !== 'complete' && document.getElementById(BOOT_DATA_ID) !== null;

/**
 * Settles once the page's player start has shown its first frame (or failed, or after CRITICAL_PATH_CAP_MS): what is
 * not needed for the first frame (identity) waits for it. At once on pages with no player start. The boot file is
 * async: if it has not run yet, this waits for it to announce itself ('kilig:boot').
 */
export function criticalPath(): Promise<void> {
  const w = window as BootWindow;
  if (w.__kiligCriticalPath) return w.__kiligCriticalPath;
  if (!bootPending()) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, CRITICAL_PATH_CAP_MS);
    w.addEventListener(
      'kilig:boot',
      () => {
        clearTimeout(timer);
        void (w.__kiligCriticalPath ?? Promise.resolve()).then(resolve);
      },
      { once: true },
    );
  });
}

/** True while the page's inline start is (or may still be) starting `videoId`: the app then does not start it again. */
export function bootIsStarting(videoId: string): boolean {
  const boot = current();
  if (boot) return boot.videoId === videoId && !boot.error;
  return typeof window !== 'undefined' && bootPending();
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
  (window as BootWindow).__kiligBoot = null;
  if (!boot) return null;
  const fits = boot.player !== null && !boot.error && boot.video === video && boot.videoId === videoId && boot.mobile === isMobile;
  if (fits) return boot;
  boot.error ??= new Error('taken over by the app');
  // Its unused licence stays usable by the app's own start (clearkey-prefetch.ts asks takeBootLicence first).
  void boot.player?.destroy();
  return null;
}
