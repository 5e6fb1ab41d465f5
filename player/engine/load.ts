import type shaka from 'shaka-player';
import { mimeTypeOf, type StartStep } from './create';

/** shaka.util.Error.Code.LOAD_INTERRUPTED / OBJECT_DESTROYED: our own cancellations, not failures. */
export const CANCELLED_CODES = new Set([7000, 7003]);

export type ShakaError = { category?: number; code?: number; severity?: number; message?: string };

export type LoadOutcome = 'loaded' | 'stale' | { error: unknown };

/**
 * Loads a video into `player` through its manifest chain (spec §8): the preloaded manager first when there is one,
 * else each manifest in turn with its own configuration, until one loads. `stale` says a newer load (or the session's
 * end) took over: every step after an await checks it.
 */
export async function loadSteps(
  player: shaka.Player,
  steps: StartStep[],
  opts: { pending: Promise<shaka.media.PreloadManager | null> | undefined; startTime: number | null; stale: () => boolean },
): Promise<LoadOutcome> {
  let lastError: unknown = null;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    try {
      const manager = i === 0 && opts.pending ? await opts.pending : null;
      if (opts.stale()) {
        void manager?.destroy();
        return 'stale';
      }
      if (manager) {
        // A preloaded source brings its own configuration: configuring the player first would only make it
        // re-evaluate (tracks, buffers) the content this load is about to unload.
        try {
          await player.load(manager);
          return 'loaded';
        } catch (err) {
          if (opts.stale()) return 'stale';
          console.warn('preloaded source failed; loading again', err);
        }
      }
      player.resetConfiguration();
      player.configure(step.config);
      await player.load(step.url, opts.startTime, mimeTypeOf(step.url));
      return 'loaded';
    } catch (err) {
      if (opts.stale()) return 'stale';
      lastError = err;
      console.warn(`manifest ${i + 1}/${steps.length} failed`, err);
    }
  }
  return { error: lastError };
}

/** Spec §7 (mobile): a HEAD on the manifest as an accessibility check; the result is only logged. */
export function checkManifest(url: string): void {
  void fetch(url, { method: 'HEAD' }).then(
    (r) => console.info('manifest check', r.status),
    (e) => console.info('manifest check failed', e instanceof Error ? e.message : e),
  );
}

/** Shows (`on`) or hides the manifest's first text track, if it has any; that track, or null. */
export function showTextTrack(player: shaka.Player, on: boolean): shaka.extern.TextTrack | null {
  const [first] = player.getTextTracks();
  if (!first) return null;
  // Shaka 5 shows a text track by selecting it and hides it by selecting none.
  player.selectTextTrack(on ? first : null);
  return first;
}
