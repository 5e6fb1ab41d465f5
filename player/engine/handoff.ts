import type shaka from 'shaka-player';

/**
 * The hand-over between the episode page's inline start (page-start.ts, run before hydration) and the app's player
 * session: the start leaves this on `window.__kiligBoot`, the session takes its player (or its prefetched licence).
 */
export type BootedStart = {
  videoId: string;
  video: HTMLVideoElement | null;
  player: shaka.Player | null;
  mobile: boolean | null;
  /** Absolute licence URL → the prefetched answer as a `data:` URI (null: refused or failed). */
  licences: Map<string, Promise<string | null>>;
  /** The first play() after the load (autoplay), once `done` says 'loaded'. */
  play: Promise<void> | null;
  done: Promise<'loaded' | 'failed'>;
  error?: unknown;
};

type BootWindow = Window & { __kiligBoot?: BootedStart };

const current = (): BootedStart | null => (typeof window === 'undefined' ? null : ((window as BootWindow).__kiligBoot ?? null));

/** Opens the hand-over for the page's start of `videoId`; `done` is settled through the returned `settle`. */
export function openHandoff(videoId: string): { boot: BootedStart; settle: (outcome: 'loaded' | 'failed') => void } {
  let settle!: (outcome: 'loaded' | 'failed') => void;
  const done = new Promise<'loaded' | 'failed'>((resolve) => (settle = resolve));
  const boot: BootedStart = { videoId, video: null, player: null, mobile: null, licences: new Map(), play: null, done };
  (window as BootWindow).__kiligBoot = boot;
  return { boot, settle };
}

/** True while the page's inline start is (or may still be) starting `videoId`: the app then does not start it again. */
export function bootIsStarting(videoId: string): boolean {
  const boot = current();
  return boot !== null && boot.videoId === videoId && !boot.error;
}

/** The licence the inline start prefetched for `url`, handed out once. */
export function takeBootLicence(url: string): Promise<string | null> | null {
  const boot = current();
  const licence = boot?.licences.get(url) ?? null;
  boot?.licences.delete(url);
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
  // The app's own start then asks for the licence itself (Shaka's request, with the Bearer token).
  void boot.player?.destroy();
  return null;
}
