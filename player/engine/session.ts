import type { PlaybackMedia } from '@/lib/contracts/playback';
import { SWITCH_RENDER_WAIT_MS } from '../constants';
import { INITIAL_VIDEO_STATE, nextVideoState } from '../use-video-state';
import { onNextFrame } from './frames';
import { preloadInto } from './preload';
import { SessionCore } from './session-core';
import { canDecodeAhead, Standby } from './standby';
import { applyQuality } from './variant';

/**
 * The player session of one episode player (session-core.ts), with what comes next: once the current video plays, the
 * next one is decoded ahead on a second <video> (desktop, standby.ts) or preloaded into the player, and a switch
 * (previous/next, the end card, a swipe) starts it from the event handler, before the page re-renders.
 */
export class PlayerSession extends SessionCore {
  /** The second <video> that decodes the next episode ahead (desktop), once the page renders it. */
  private standby: Standby | null = null;

  /**
   * The second <video>, behind the first, on which the next episode is decoded ahead (standby.ts); null when the page
   * no longer renders it. Its subtitles go to the same text layer.
   */
  setStandby(video: HTMLVideoElement | null): void {
    if (video === this.standby?.video) return;
    this.standby?.destroy();
    this.standby = video ? new Standby(video, () => this.textLayer) : null;
    this.schedulePreload();
  }

  /** Releases everything, the standby's player too (its element stays, for a later start). */
  destroy(): void {
    super.destroy();
    this.standby?.destroy();
  }

  /**
   * Starts the preloaded `media` right away, from the event handler that moves on to it (previous/next, the end card,
   * a swipe), instead of after the re-render that follows; false when it is not preloaded (the render loads it).
   */
  switchTo(media: PlaybackMedia): boolean {
    if (this.swapTo(media)) return true;
    if (!this.player || !this.preloads.has(media.videoId)) return false;
    this.current = media;
    this.load(this.player, media, this.loadKey(media.videoId), null);
    return true;
  }

  /**
   * Decode-ahead's swap (standby.ts): the standby's element, already on `media`'s first frame, plays, and it and its
   * player become the session's; the element left is paused and becomes the standby. The snapshot's `slot` tells the
   * page which element to show. False when the standby does not hold `media` ready.
   */
  private swapTo(media: PlaybackMedia): boolean {
    const { standby, video: left, player: leftPlayer } = this;
    if (!standby?.isReady(media.videoId) || !left || !leftPlayer) return false;
    const next = standby.video;
    next.volume = left.volume;
    next.muted = left.muted;
    const played = this.input.autoPlay ? next.play() : null;
    // The flip itself, on the elements: the inline opacity the page renders from the snapshot's slot
    // (EpisodePlayer.tsx), written here ahead of that render, so the click's task ends here and the commit that shows
    // the new frame comes at once. The page renders the same values, and the new slot's test id, label and pointer
    // events, and the new state, after that frame (the hold below).
    next.style.opacity = '1';
    left.style.opacity = '0';
    this.videoOff?.();
    this.playerOff?.();
    left.pause();
    const taken = standby.exchange(left, leftPlayer);
    this.video = next;
    this.afterNextFrame(this.hold());
    this.player = this.owned = taken.player;
    this.controls.detach();
    this.controls.attach(next);
    this.videoOff = this.listenToVideo(next);
    this.playerOff = this.listenToPlayer(taken.player);
    const stale = this.beginInPlace(media, false);
    this.set({ slot: this.getSnapshot().slot === 0 ? 1 : 0, video: nextVideoState(next, INITIAL_VIDEO_STATE, 'start') });
    this.loaded(taken.player, media.videoId, stale, played);
    // The device's buffering goals and the viewer's quality (the standby loaded with a short goal), once its first
    // frame is on screen: configuring Shaka is not free, and the frame comes first.
    const settle = () => {
      if (stale()) return;
      taken.player.configure({ streaming: { ...this.env.buffering() } });
      applyQuality(taken.player, this.env.quality());
    };
    if (played) played.then(() => this.afterNextFrame(settle), settle);
    else settle();
    return true;
  }

  /**
   * Calls `then` once, when the playing <video> presents its next frame, or after SWITCH_RENDER_WAIT_MS: after a
   * switch, the page renders the new episode once its first frame is on screen, not in the way of it.
   */
  afterNextFrame(then: () => void): void {
    if (this.video) onNextFrame(this.video, then, SWITCH_RENDER_WAIT_MS);
    else then();
  }

  /**
   * Once the current video plays, the next one is decoded ahead on the standby <video> (desktop, standby.ts) or else
   * preloaded into the player (manifest, licence, first segments); neither on data saver.
   */
  protected schedulePreload(): void {
    const { player, standby, shaka: s } = this;
    const next = this.input.preload;
    const currentId = this.input.media?.videoId ?? null;
    const mobile = this.input.isMobile === true;
    const wanted = player && next && next.videoId !== currentId && this.startedFor === currentId && currentId !== null && this.env.quality() !== 'saver' ? next : null;
    const plan = wanted && `${this.generation}|${currentId}|${wanted.videoId}`;
    const ahead = standby && s && canDecodeAhead(this.env, mobile) ? standby : null;
    ahead?.plan(plan, wanted, s!, this.env);
    this.preloads.plan(ahead ? null : plan, wanted, (media) => preloadInto(player!, media, null, mobile, this.env));
  }
}
