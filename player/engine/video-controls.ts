import { SEEK_RECOVERY_TIMEOUT_MS } from '../constants';
import { skipTarget, type SkipDirection } from '../skip';

type FullscreenVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

/**
 * What the controls do to the <video>: play/pause, seek, volume, mute, fullscreen, and the spec §5 skips, which are
 * ignored while a seek is under way (recovered after 3 s at most). No state of its own beyond the seek guard: the
 * session's snapshot follows the element's events.
 */
export class VideoControls {
  // Arrow functions: the controls take them as handlers as they are.
  private video: HTMLVideoElement | null = null;
  private seeking = false;
  private seekTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly onSeeked = () => this.endSeek();

  attach(video: HTMLVideoElement): void {
    this.video = video;
    video.addEventListener('seeked', this.onSeeked);
  }

  detach(): void {
    this.video?.removeEventListener('seeked', this.onSeeked);
    this.video = null;
    this.endSeek();
  }

  readonly togglePlay = (): void => {
    const v = this.video;
    if (!v) return;
    if (v.paused || v.ended) v.play().catch((err: unknown) => console.info('play refused', err instanceof Error ? err.message : err));
    else v.pause();
  };

  /** Skips 10 s back or forward (spec §5); the time it went to, or null when it did not (no media, a seek under way). */
  readonly skip = (direction: SkipDirection): number | null => {
    const v = this.video;
    if (!v || v.readyState < 1 || this.seeking || v.seeking) return null;
    const target = skipTarget(direction, v.currentTime, v.duration);
    if (target === null) return null;
    this.seeking = true;
    if (this.seekTimer) clearTimeout(this.seekTimer);
    this.seekTimer = setTimeout(() => (this.seeking = false), SEEK_RECOVERY_TIMEOUT_MS);
    v.currentTime = target;
    return target;
  };

  readonly seekTo = (time: number): void => {
    if (this.video && Number.isFinite(time)) this.video.currentTime = time;
  };

  readonly setVolume = (volume: number): void => {
    const v = this.video;
    if (!v) return;
    v.volume = Math.min(1, Math.max(0, volume));
    v.muted = volume === 0;
  };

  readonly toggleMute = (): void => {
    const v = this.video;
    if (!v) return;
    v.muted = !v.muted;
    if (!v.muted && v.volume === 0) v.volume = 0.5;
  };

  /** Fullscreen for `container` (the player's box), or the video's own on iOS, which has no element fullscreen. */
  readonly toggleFullscreen = (container: HTMLElement | null): void => {
    const v = this.video as FullscreenVideo | null;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else if (container?.requestFullscreen) void container.requestFullscreen().catch(() => v?.webkitEnterFullscreen?.());
    else v?.webkitEnterFullscreen?.();
  };

  private endSeek(): void {
    this.seeking = false;
    if (this.seekTimer) clearTimeout(this.seekTimer);
    this.seekTimer = null;
  }
}
