/** The session's named events: the <video>'s own, plus the engine's ready and error. */
export type EngineEventName = 'ready' | 'play' | 'playing' | 'pause' | 'ended' | 'seeking' | 'seeked' | 'emptied' | 'time' | 'error';

/** What every event carries: the video the session plays and where it is (the <video> read when it happened). */
export type EngineEvent = {
  /** The video the session is on (null before the first). */
  videoId: string | null;
  currentTime: number;
  /** 0 while unknown. */
  duration: number;
  /** For 'error': what failed. */
  error?: unknown;
};

export type EngineListener = (event: EngineEvent) => void;

/**
 * Listeners by event name. A state the session is in ('ready', or playing: 'play' and 'playing') is told to a
 * listener that subscribes later at once (`replay`), as if the event came then: a start that happened before the
 * listener (the page's inline start, before hydration; a viewer's identity that arrives after the first frame) needs
 * no catch-up code in each listener.
 */
export class EngineEvents {
  private readonly listeners = new Map<EngineEventName, Set<EngineListener>>();

  constructor(private readonly replay: (name: EngineEventName) => EngineEvent | null) {}

  on(name: EngineEventName, listener: EngineListener): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener);
    const now = this.replay(name);
    if (now) listener(now);
    return () => void set.delete(listener);
  }

  emit(name: EngineEventName, event: EngineEvent): void {
    for (const listener of [...(this.listeners.get(name) ?? [])]) listener(event);
  }

  clear(): void {
    this.listeners.clear();
  }
}

/** Adds `listener` for each of `types` on `target`; returns what removes them. */
export function listen(target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>, types: readonly string[], listener: (event: Event) => void): () => void {
  for (const type of types) target.addEventListener(type, listener);
  return () => {
    for (const type of types) target.removeEventListener(type, listener);
  };
}
