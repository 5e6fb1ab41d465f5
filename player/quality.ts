/**
 * The viewer's video quality (issue 22's data saver): Auto (the default: Shaka's ABR picks), Data saver (at most
 * 360p) or HD (720p). One stored choice, read and written here only: by the player's control, by the dashboard's
 * setting, by the player session (which follows a change while it plays) and by the episode page's inline start
 * (page-start.ts bundles this module, so it must stay free of React and of the app's other modules).
 *
 * Not a spec §3 key (lib/storage.ts lists those): a device preference, so 'Log out' and spec §8's clearing of local
 * storage may drop it, and the player is back on Auto.
 */

export type Quality = 'auto' | 'saver' | 'hd';

export const QUALITIES: readonly Quality[] = ['auto', 'saver', 'hd'];

export const QUALITY_STORAGE_KEY = 'kilig.videoQuality';

/** Told in this tab when the choice changes (other tabs hear the 'storage' event). */
const CHANGE_EVENT = 'kilig:videoquality';

export const isQuality = (value: unknown): value is Quality => QUALITIES.includes(value as Quality);

/**
 * The short side of a frame, in pixels, at or under which a variant is 'data saver' (360p) and from which it is 'HD'
 * (720p). Short sides, because our video is vertical (9:16): its 360p rung is 360×640, whose *height* is 640.
 */
export const SAVER_SHORT_SIDE = 360;
export const HD_SHORT_SIDE = 720;

/** Pixels of a 9:16 (or 16:9) frame with this short side: 360 → 360×640. */
const framePixels = (shortSide: number) => shortSide * Math.round((shortSide * 16) / 9);

/**
 * Shaka's ABR restrictions for a choice (`abr.restrictions`): soft limits, so a stream without a fitting variant
 * still plays (Shaka then takes its lowest one). In pixels, so a 9:16 and a 16:9 ladder are limited alike. Both
 * bounds always, Shaka's defaults included: `configure` merges, so a bound left out would keep the last choice's.
 */
export function abrRestrictions(quality: Quality): { minPixels: number; maxPixels: number } {
  if (quality === 'saver') return { minPixels: 0, maxPixels: framePixels(SAVER_SHORT_SIDE) };
  if (quality === 'hd') return { minPixels: framePixels(HD_SHORT_SIDE), maxPixels: Infinity };
  return { minPixels: 0, maxPixels: Infinity };
}

/**
 * Shaka's ABR settings for a choice: its limits, and whether dropped frames may ban the stream that plays (Auto
 * only). Shaka bans the current stream when too many frames drop (15 % over 2 s), whatever the limits, and plays
 * another one: on Data saver that is 720p, on HD 360p. A viewer's own choice holds; on a slow device Auto steps down.
 */
export function abrFor(quality: Quality): { restrictions: { minPixels: number; maxPixels: number }; droppedFrames: boolean } {
  return { restrictions: abrRestrictions(quality), droppedFrames: quality === 'auto' };
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The stored choice; Auto when none (or storage is unavailable, or holds something else). */
export function readQuality(): Quality {
  try {
    const raw = storage()?.getItem(QUALITY_STORAGE_KEY);
    return isQuality(raw) ? raw : 'auto';
  } catch {
    return 'auto';
  }
}

/** Stores the choice and tells this tab's listeners (an open player follows at once). */
export function writeQuality(quality: Quality): void {
  try {
    storage()?.setItem(QUALITY_STORAGE_KEY, quality);
  } catch {
    // quota or privacy mode: the choice holds for this page only
  }
  window.dispatchEvent(new CustomEvent<Quality>(CHANGE_EVENT, { detail: quality }));
}

/** Calls `listener` with the new choice when it changes, in this tab or another; returns the unsubscribe. */
export function onQualityChange(listener: (quality: Quality) => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const here = (e: Event) => listener(isQuality((e as CustomEvent).detail) ? (e as CustomEvent<Quality>).detail : readQuality());
  const elsewhere = (e: StorageEvent) => {
    if (e.key === QUALITY_STORAGE_KEY || e.key === null) listener(readQuality());
  };
  window.addEventListener(CHANGE_EVENT, here);
  window.addEventListener('storage', elsewhere);
  return () => {
    window.removeEventListener(CHANGE_EVENT, here);
    window.removeEventListener('storage', elsewhere);
  };
}
