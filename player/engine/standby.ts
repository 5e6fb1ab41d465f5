import type shaka from 'shaka-player';
import type { PlaybackMedia } from '@/lib/contracts/playback';
import type { BufferingGoal } from '../constants';
import { createPlayer, startSteps, type Shaka } from './create';
import { onNextFrame } from './frames';
import { loadSteps } from './load';
import { PRELOAD_AFTER_PLAYING_MS } from './preload';
import type { SessionEnv } from './session-env';

/** Only the first frame and a moment after it are needed before the swap; the swap restores the device's goals. */
const STANDBY_BUFFERING: BufferingGoal = { bufferingGoal: 2, rebufferingGoal: 0.5, bufferBehind: 2 };

/** The longest a warm-up play waits for a frame before it pauses anyway. */
const WARM_UP_MAX_MS = 500;

/**
 * The warm-up's volume: -80 dB, not heard, but not 0 either: Chromium plays a silent element (volume 0 or muted)
 * without an audio output, and a swap that then turns the sound up opens one first (~15 ms more, measured).
 */
const WARM_UP_VOLUME = 0.0001;

/** After a swap, the element left keeps its last frame this long (the page re-renders over it) before it is emptied. */
const RELEASE_AFTER_MS = 1000;

/**
 * Whether the next episode may be decoded ahead on a second <video>: a desktop layout on a desktop browser that is not
 * a low-end device (spec §9), not Safari/iOS (HLS and FairPlay keep the preload), and not on data saver. Two decoders
 * and two buffers are what it costs; elsewhere the next episode is preloaded into the one player.
 */
export function canDecodeAhead(env: SessionEnv, isMobile: boolean): boolean {
  return !isMobile && env.platform(false) === 'desktop' && env.quality() !== 'saver' && env.deviceClass() !== 'low';
}

/**
 * The next episode decoded ahead: a second <video>, drawn invisibly behind the playing one, with its own Shaka player,
 * holding the next episode loaded and paused on its first frame. 'Next' then plays it and swaps the two (the session's
 * switchTo): no new source, decoder or first decode after the click. After a swap the standby holds the element and
 * player just left, and loads the episode after that once the new one plays.
 */
export class Standby {
  player: shaka.Player | null = null;
  /** The episode planned (loading or loaded), and the one loaded with its first frame decoded. */
  private wanted: string | null = null;
  private loadedFor: string | null = null;
  private planned: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private releaseTimer: ReturnType<typeof setTimeout> | undefined;
  private seq = 0;

  constructor(
    public video: HTMLVideoElement,
    /** Where Shaka draws the subtitles (the session's text layer, read when the player is made). */
    private readonly textLayer: () => HTMLElement | null,
  ) {}

  /**
   * `next` is to be decoded ahead, PRELOAD_AFTER_PLAYING_MS from now (the playing episode's start-up comes first);
   * `plan` names the circumstances, as Preloads.plan does: the same plan again changes nothing, null stops a load not
   * started yet.
   */
  plan(plan: string | null, next: PlaybackMedia | null, s: Shaka, env: SessionEnv): void {
    if (plan === this.planned) return;
    this.planned = plan;
    clearTimeout(this.timer);
    if (plan === null || !next || next.videoId === this.wanted) return;
    this.timer = setTimeout(() => this.load(next, s, env), PRELOAD_AFTER_PLAYING_MS);
  }

  /** `videoId` is loaded, paused, with a frame to show: a swap to it shows that frame at once. */
  isReady(videoId: string): boolean {
    return this.loadedFor === videoId && this.player !== null && this.video.readyState >= 2;
  }

  /**
   * The swap: the standby gives up its element and player (now the session's) and takes the ones left, which it
   * empties after RELEASE_AFTER_MS, ready for the next plan.
   */
  exchange(video: HTMLVideoElement, player: shaka.Player): { video: HTMLVideoElement; player: shaka.Player } {
    const given = { video: this.video, player: this.player! };
    this.video = video;
    this.player = player;
    this.forget();
    const seq = this.seq;
    this.releaseTimer = setTimeout(() => {
      if (seq === this.seq) void player.unload().catch(() => undefined);
    }, RELEASE_AFTER_MS);
    return given;
  }

  /** Destroys the player (the element stays, for a later start). */
  destroy(): void {
    this.forget();
    void this.player?.destroy();
    this.player = null;
  }

  private forget(): void {
    this.seq += 1;
    this.wanted = this.loadedFor = this.planned = null;
    clearTimeout(this.timer);
    clearTimeout(this.releaseTimer);
  }

  private load(media: PlaybackMedia, s: Shaka, env: SessionEnv): void {
    const seq = ++this.seq;
    const stale = () => seq !== this.seq;
    this.wanted = media.videoId;
    this.loadedFor = null;
    void (async () => {
      if (!this.player) {
        const player = createPlayer(s, env.takeLicence);
        this.player = player;
        const layer = this.textLayer();
        if (layer) player.setVideoContainer(layer);
        await player.attach(this.video);
        if (stale()) return;
      }
      const player = this.player;
      const steps = startSteps(media, 'desktop', { isMobile: false, buffering: STANDBY_BUFFERING, env: env.drm, quality: env.quality() });
      this.video.autoplay = false;
      const outcome = await loadSteps(player, steps, { pending: undefined, startTime: null, stale });
      if (outcome === 'stale' || stale()) return;
      if (outcome !== 'loaded') return console.info('decode-ahead failed; Next loads as before', outcome.error);
      await warmUp(this.video);
      if (!stale()) this.loadedFor = media.videoId;
    })().catch((err: unknown) => console.info('decode-ahead failed', err));
  }
}

/**
 * Plays the loaded element silently until it presents a new frame, then pauses it where it is. Measured in Chromium,
 * an element that has played and paused presents its next frame 40-50 ms after play(), like any paused video;
 * one that has only loaded (or seeked) takes 90-100 ms, as its media pipeline (the audio output included) starts.
 * The viewer misses the episode's first frames (a few hundredths of a second). Nearly silent (the swap sets the
 * volume). A refused play leaves the element as loaded.
 */
async function warmUp(video: HTMLVideoElement): Promise<void> {
  video.volume = WARM_UP_VOLUME;
  try {
    await video.play();
    await new Promise<void>((resolve) => onNextFrame(video, resolve, WARM_UP_MAX_MS));
  } catch {
    // Autoplay refused: the first play comes with the swap, a little later.
  }
  video.pause();
}
