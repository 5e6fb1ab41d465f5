import type shaka from 'shaka-player';
import { allows, variantFor } from '../data-use';
import { abrFor, type Quality } from '../quality';

/** The variant Shaka streams now (its frame and total bitrate): the snapshot's `variant`. */
export type ActiveVariant = Readonly<{ width: number; height: number; bandwidth: number }>;

/** The active variant of `player`; `previous` itself when nothing changed, so the snapshot stays the same object. */
export function activeVariant(player: shaka.Player, previous: ActiveVariant | null): ActiveVariant | null {
  const track = player.getVariantTracks().find((t) => t.active);
  if (!track?.width || !track.height) return null;
  const { width, height, bandwidth } = track;
  if (previous && previous.width === width && previous.height === height && previous.bandwidth === bandwidth) return previous;
  return Object.freeze({ width, height, bandwidth });
}

/**
 * A new quality while a video plays: Shaka's ABR takes the new limits, and a variant outside them is left now rather
 * than at ABR's next estimate. Down to data saver the buffer is kept (it is paid for); up to HD it is replaced.
 */
export function applyQuality(player: shaka.Player, quality: Quality): void {
  player.configure({ abr: abrFor(quality) });
  keepQuality(player, quality);
}

/**
 * After any variant change: back inside the choice's limits when a fitting variant is playable. ABR keeps to them, but
 * Shaka's own recoveries (a variant disabled after a failed request, then re-enabled) switch without asking ABR's
 * limits; a variant Shaka disabled is not playable, so this never fights its failover. Returns the active variant.
 */
export function followVariant(player: shaka.Player, quality: Quality, previous: ActiveVariant | null): ActiveVariant | null {
  keepQuality(player, quality);
  return activeVariant(player, previous);
}

function keepQuality(player: shaka.Player, quality: Quality): void {
  if (quality === 'auto') return;
  const tracks = player.getVariantTracks();
  const active = tracks.find((t) => t.active);
  const target = variantFor(tracks, quality);
  if (!target || (active && (allows(quality, active) || target.id === active.id))) return;
  player.selectVariantTrack(target, quality === 'hd');
}
