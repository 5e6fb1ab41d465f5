import type shaka from 'shaka-player';
import type { PlaybackMedia } from '@/lib/contracts/playback';
import { TEXT_TRACK_CHECK_MS } from '../constants';
import { isPlayableManifestUrl } from '../manifest-chain';
import { MobileRetries } from '../retry';
import { INITIAL_VIDEO_STATE, isPlaying, VIDEO_EVENTS, nextVideoState } from '../use-video-state';
import { takeOver } from './adopt';
import { startSteps, type Shaka } from './create';
import { listen } from './events';
import type { BootedStart } from './handoff';
import { CANCELLED_CODES, checkManifest, loadSteps, showTextTrack, type ShakaError } from './load';
import { startOwnPlayer } from './own-start';
import { Preloads } from './preload';
import { browserEnv, type SessionEnv } from './session-env';
import { EngineStore } from './store';
import type { SessionInput } from './types';
import { activeVariant, applyQuality, followVariant } from './variant';
import { VideoControls } from './video-controls';
import { warmUp } from './warm-up';

const CRITICAL = 2;

/**
 * Shaka Player for one <video>, without React: created once the layout is known (or the inline start's player adopted),
 * each source loaded through the manifest fallback chain, mobile retries (spec §8), all released by destroy() (a later
 * start() begins again: React's strict mode). React reads it through use-player-session.ts. What comes next (preload,
 * decode-ahead, switch) is PlayerSession's (session.ts).
 */
export abstract class SessionCore extends EngineStore {
  /** Play, seek, volume, skips: what the controls do to the <video>. */
  readonly controls = new VideoControls();
  protected input: SessionInput = { media: null, startTime: null, isMobile: null, preload: null, autoPlay: true };
  /** The player that plays (null until created or adopted) and the one this start owns (destroyed at the end). */
  protected player: shaka.Player | null = null;
  protected owned: shaka.Player | null = null;
  private creating = false;
  /** Bumped by destroy(): the async steps of an earlier start check it. */
  protected generation = 0;
  private attempt = 0;
  private loadSeq = 0;
  private loadedKey: string | null = null;
  private lastSynced: string | null = null;
  /** The video being loaded or played (a switch sets it before the page renders the new one). */
  protected current: PlaybackMedia | null = null;
  /** The current video showed a frame ('playing') since its load began: the next one may preload. */
  protected startedFor: string | null = null;
  private readonly retries = new MobileRetries();
  protected readonly preloads = new Preloads();
  private textTimer: ReturnType<typeof setTimeout> | undefined;
  private firstTextTrack: shaka.extern.TextTrack | null = null;
  protected textLayer: HTMLElement | null = null;
  private unlisten: (() => void)[] = [];
  /** What removes the listeners on the playing <video> and on its player (a swap moves them to the other pair). */
  protected videoOff: (() => void) | null = null;
  protected playerOff: (() => void) | null = null;
  protected shaka: Shaka | null = null;

  constructor(protected readonly env: SessionEnv = browserEnv) {
    super();
  }

  /** Starts what the player will need while the page is still hydrating (warm-up.ts): during render, once. */
  warmUp(input: SessionInput): void {
    warmUp(input, this.env);
  }

  /** The page's wishes: a new video or a retry is loaded; a render with the video a switch left does not move back. */
  update(input: SessionInput): void {
    if (input.media?.videoId !== this.input.media?.videoId || input.media?.videoId === this.current?.videoId) this.current = input.media;
    this.input = input;
    this.sync();
  }

  /**
   * Takes the <video> (its events feed the snapshot and the named events) and starts the player once it can. Shaka
   * draws subtitles in `textLayer` (null: native text tracks); a new quality choice (data saver) applies at once.
   */
  start(video: HTMLVideoElement, textLayer: HTMLElement | null = null): void {
    this.video = video;
    this.textLayer = textLayer;
    this.controls.attach(video);
    this.videoOff = this.listenToVideo(video);
    this.unlisten.push(this.env.onQualityChange((quality) => this.player && applyQuality(this.player, quality)));
    this.set({ video: nextVideoState(video, INITIAL_VIDEO_STATE, 'start'), slot: 0 });
    this.sync();
  }

  /** Releases everything: listeners, timers, preloads, the player. */
  destroy(): void {
    this.generation += 1;
    this.loadSeq += 1;
    this.loadedKey = this.lastSynced = null;
    this.creating = false;
    clearTimeout(this.textTimer);
    this.retries.cancel();
    for (const off of this.unlisten.splice(0)) off();
    [this.videoOff, this.playerOff].forEach((off) => off?.());
    this.videoOff = this.playerOff = null;
    this.preloads.clear();
    void this.owned?.destroy();
    this.owned = this.player = this.video = null;
    this.controls.detach();
  }

  setSubtitlesOn(on: boolean): void {
    this.set({ subtitlesOn: on });
    if (this.firstTextTrack) this.player?.selectTextTrack(on ? this.firstTextTrack : null);
  }

  /** Plays after the 'Click to start playing' gesture. */
  startFromGesture(): void {
    if (!this.video) return;
    this.set({ phase: 'ready' });
    this.video.play().catch(() => this.set({ phase: 'needs-gesture' }));
  }

  protected currentVideoId(): string | null {
    return this.current?.videoId ?? null;
  }

  private onVideoEvent(video: HTMLVideoElement, type: string): void {
    this.followVideo(video, type);
    if (type !== 'playing') return;
    this.startedFor = this.currentVideoId();
    this.schedulePreload();
  }

  /** Creates the player, or loads a new video (or a retry) into it: only when the video, the attempt or the player changed. */
  private sync(): void {
    const { video, player } = this;
    const { isMobile } = this.input;
    const media = this.current;
    if (!video || isMobile === null) return;
    if (!player) {
      if (!this.creating) this.create(video);
      return;
    }
    const synced = this.syncKey(media?.videoId ?? '');
    if (synced !== this.lastSynced) {
      this.lastSynced = synced;
      const key = media ? this.loadKey(media.videoId) : null;
      if (media && key !== this.loadedKey) this.load(player, media, key!, media.videoId === this.input.media?.videoId ? this.input.startTime : null);
    }
    this.schedulePreload();
  }

  private create(video: HTMLVideoElement): void {
    this.creating = true;
    const generation = this.generation;
    const cancelled = () => generation !== this.generation;
    void (async () => {
      try {
        const s = await this.env.loadShaka(this.input.engine);
        if (cancelled()) return;
        this.shaka = s;
        const mobile = this.input.isMobile === true;
        const first = this.current;
        const booted = first ? this.env.takeBooted(video, first.videoId, mobile) : null;
        if (booted && first && (await this.adopt(s, video, booted, first, cancelled))) return;
        if (cancelled()) return;
        const own = (p: shaka.Player) => (this.owned = p);
        const player = await startOwnPlayer(s, video, first, { isMobile: mobile, startTime: this.input.startTime, env: this.env, preloads: this.preloads, own, cancelled });
        if (!player) return;
        if (this.textLayer) player.setVideoContainer(this.textLayer);
        this.playerOff = this.listenToPlayer(player);
        this.player = player;
        // Load at once rather than after a render: one scheduling round less before the first frame.
        this.sync();
      } catch (err) {
        if (!cancelled()) this.fail('shaka', 0, err);
      }
    })();
  }

  /**
   * The page's inline start (page-start.ts) made a player on this <video> before hydration: take it over where it is
   * (usually loaded and playing already; its 'play' came before anyone listened, so it is told now). False when it
   * failed: the session starts the video itself.
   */
  private async adopt(s: Shaka, video: HTMLVideoElement, boot: BootedStart, first: PlaybackMedia, cancelled: () => boolean): Promise<boolean> {
    const player = (this.owned = boot.player!);
    const stale = this.beginInPlace(first);
    if (isPlaying(video)) this.onVideoEvent(video, 'play');
    if (isPlaying(video) && video.readyState >= 3) this.onVideoEvent(video, 'playing');
    if ((await boot.done) !== 'loaded' || cancelled() || stale()) {
      if (cancelled() || stale()) return true;
      console.info('the page start failed; starting again', boot.error);
      this.owned = null;
      this.loadedKey = this.lastSynced = null;
      void player.destroy();
      return false;
    }
    takeOver(s, player, this.env, this.textLayer);
    this.playerOff = this.listenToPlayer(player);
    this.player = player;
    this.loaded(player, first.videoId, stale, this.input.autoPlay ? boot.play : null);
    this.schedulePreload();
    return true;
  }

  protected listenToVideo(video: HTMLVideoElement): () => void {
    const offs = [
      listen(video, VIDEO_EVENTS, (e) => this.onVideoEvent(video, e.type)),
      listen(video, ['error'], () => video.error?.code && this.fail('video', video.error.code, video.error)),
    ];
    return () => offs.forEach((off) => off());
  }

  protected listenToPlayer(player: shaka.Player): () => void {
    const onError = (event: Event) => {
      const detail = (event as unknown as { detail?: ShakaError }).detail;
      if (detail && detail.severity === CRITICAL && !CANCELLED_CODES.has(detail.code ?? 0)) this.fail('shaka', detail.category ?? 0, detail);
    };
    const onVariant = () => this.set({ variant: followVariant(player, this.env.quality(), this.getSnapshot().variant) });
    const offs = [listen(player, ['error'], onError), listen(player, ['adaptation', 'variantchanged', 'trackschanged'], onVariant)];
    return () => offs.forEach((off) => off());
  }

  /** The load of a video at this attempt, and the session's state a render has been synced to. */
  protected loadKey = (videoId: string) => `${videoId}#${this.attempt}`;
  private syncKey = (videoId: string) => `${this.generation}|${videoId}|${this.attempt}`;

  /** begin() for a video already on its element (adopted, swapped): synced, so no render loads it; `loading` false: ready. */
  protected beginInPlace(media: PlaybackMedia, loading = true): () => boolean {
    const stale = this.begin(media, this.loadKey(media.videoId), loading);
    this.lastSynced = this.syncKey(media.videoId);
    return stale;
  }

  /** A new load of `media` begins: older ones are stale from here; returns the check for this one. */
  private begin(media: PlaybackMedia, key: string, loading = true): () => boolean {
    this.loadedKey = key;
    const seq = ++this.loadSeq;
    clearTimeout(this.textTimer);
    this.current = media;
    this.playedFor = this.startedFor = null;
    this.firstTextTrack = null;
    this.set({ ...(loading ? { phase: 'loading', readyFor: null } : {}), hasTextTracks: false, error: null, variant: null });
    return () => seq !== this.loadSeq;
  }

  protected load(player: shaka.Player, media: PlaybackMedia, key: string, startTime: number | null): void {
    const video = this.video;
    if (!video) return;
    const stale = this.begin(media, key);
    const mobile = this.input.isMobile === true;
    const steps = startSteps(media, this.env.platform(mobile), { isMobile: mobile, buffering: this.env.buffering(), env: this.env.drm, quality: this.env.quality() });
    if (steps.length === 0 || !steps.every((s) => isPlayableManifestUrl(s.url))) {
      return this.fail('shaka', 4, new Error('The manifest URL must begin with http or //.')); // 4: Shaka's MANIFEST category
    }
    if (mobile) checkManifest(steps[0].url);
    performance.mark('player:load');
    // Plays as soon as the element has enough data, not one promise later (the explicit play() below then only
    // reports a refusal: 'Click to start playing').
    const autoPlay = this.input.autoPlay;
    video.autoplay = autoPlay;
    void loadSteps(player, steps, { pending: this.preloads.take(media.videoId), startTime, stale }).then((outcome) => {
      if (outcome === 'stale' || stale()) return;
      if (outcome !== 'loaded') {
        const e = outcome.error as ShakaError;
        if (!CANCELLED_CODES.has(e?.code ?? 0)) this.fail('shaka', e?.category ?? 0, outcome.error);
        return;
      }
      performance.mark('player:loaded');
      this.loaded(player, media.videoId, stale, autoPlay ? video.play() : null);
    });
  }

  /** The video is loaded: ready, subtitles checked after 1 s, and the autoplay's outcome (`played`, if any). */
  protected loaded(player: shaka.Player, videoId: string, stale: () => boolean, played: Promise<void> | null): void {
    this.retries.reset();
    this.set({ phase: 'ready', readyFor: videoId, variant: activeVariant(player, this.getSnapshot().variant) });
    this.emit('ready');
    this.textTimer = setTimeout(() => {
      if (stale()) return;
      this.firstTextTrack = showTextTrack(player, this.getSnapshot().subtitlesOn);
      if (this.firstTextTrack) this.set({ hasTextTracks: true });
    }, TEXT_TRACK_CHECK_MS);
    played?.catch((err: unknown) => {
      if (stale()) return;
      if (err instanceof DOMException && err.name === 'NotAllowedError') this.set({ phase: 'needs-gesture' });
    });
  }

  /** Spec §8: the error state, and on mobile a retry of the same video after the kind's delay. */
  private fail(source: 'shaka' | 'video', code: number, detail: unknown): void {
    console.warn('video playback error', detail);
    const failure = { isMobile: this.input.isMobile === true, isReady: this.getSnapshot().phase === 'ready', source, code };
    this.set({ phase: 'error', error: detail });
    this.emit('error', detail);
    this.retries.after(failure, () => {
      this.attempt += 1;
      this.sync();
    });
  }

  /** Once the current video plays (and after each sync): the next one is made ready, as the session chooses. */
  protected abstract schedulePreload(): void;
}
