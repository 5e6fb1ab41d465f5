import { isPlaying, nextVideoState } from '../use-video-state';
import { EngineEvents, type EngineEvent, type EngineEventName, type EngineListener } from './events';
import { INITIAL_SNAPSHOT, type EngineSnapshot } from './types';

/** The video state is read anew at each event: equal when every field is. */
const sameVideo = (a: EngineSnapshot['video'], b: EngineSnapshot['video']) => (Object.keys(a) as (keyof typeof a)[]).every((k) => a[k] === b[k]);

const VIDEO_EVENT_NAMES = new Set<string>(['play', 'playing', 'pause', 'ended', 'seeking', 'seeked', 'emptied']);

/**
 * The session's outside: an immutable snapshot for useSyncExternalStore (subscribe/getSnapshot) and the named events
 * (on). The session says what a late listener is told at once (`replay`, events.ts).
 */
export abstract class EngineStore {
  private snapshot: EngineSnapshot = INITIAL_SNAPSHOT;
  private readonly listeners = new Set<() => void>();
  private readonly events = new EngineEvents((name) => this.replay(name));
  protected video: HTMLVideoElement | null = null;
  /** The current video played since its load began ('play' or 'playing' seen; reset by a new load). */
  protected playedFor: string | null = null;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly getSnapshot = (): EngineSnapshot => this.snapshot;

  /** A named event; 'ready', 'play' and 'playing' are also told at once when the session is in that state. */
  readonly on = (name: EngineEventName, listener: EngineListener): (() => void) => this.events.on(name, listener);

  /** The video the session is on, for the events. */
  protected abstract currentVideoId(): string | null;

  /**
   * A media event of the <video>: the snapshot follows it and the named event goes out. Also how the session tells
   * of a play that came before it listened (the page's inline start).
   */
  protected followVideo(video: HTMLVideoElement, type: string): void {
    this.set({ video: nextVideoState(video, this.snapshot.video, type) });
    if (type === 'play' || type === 'playing') this.playedFor = this.currentVideoId();
    if (type === 'timeupdate') this.emit('time');
    else if (VIDEO_EVENT_NAMES.has(type)) this.emit(type as EngineEventName);
  }

  /** A new snapshot with `patch`, told to the subscribers (once `hold` is over); nothing when nothing changed. */
  protected set(patch: Partial<EngineSnapshot>): void {
    const keys = Object.keys(patch) as (keyof EngineSnapshot)[];
    if (keys.every((k) => (k === 'video' ? sameVideo(this.snapshot.video, patch.video!) : this.snapshot[k] === patch[k]))) return;
    this.snapshot = Object.freeze({ ...this.snapshot, ...patch });
    if (this.held) this.untold = true;
    else this.tell();
  }

  private held = false;
  private untold = false;

  /**
   * Until the returned release is called, the snapshot changes but its subscribers are not told (a render would be
   * work in front of a switch's first frame); then they are told once, if anything changed.
   */
  protected hold(): () => void {
    this.held = true;
    return () => {
      if (!this.held) return;
      this.held = false;
      if (this.untold) this.tell();
    };
  }

  private tell(): void {
    this.untold = false;
    for (const listener of [...this.listeners]) listener();
  }

  protected emit(name: EngineEventName, error?: unknown): void {
    this.events.emit(name, this.eventNow(error));
  }

  private eventNow(error?: unknown): EngineEvent {
    const { currentTime, duration } = this.snapshot.video;
    return { videoId: this.currentVideoId(), currentTime, duration, ...(error === undefined ? {} : { error }) };
  }

  /** Ready for the current video; playing it ('play', 'playing'): it played since its load began and still does. */
  private replay(name: EngineEventName): EngineEvent | null {
    const id = this.currentVideoId();
    if (id === null) return null;
    const ready = name === 'ready' && this.snapshot.readyFor === id;
    const playing = (name === 'play' || name === 'playing') && this.playedFor === id && this.video !== null && isPlaying(this.video);
    return ready || playing ? this.eventNow() : null;
  }
}
