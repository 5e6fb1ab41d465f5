import type shaka from 'shaka-player';
import type { PlaybackMedia } from '@/lib/contracts/playback';
import { cannotStart, createPlayer, type Shaka } from './create';
import { preloadInto, type Preloads } from './preload';
import type { SessionEnv } from './session-env';
import { initDelayLeft } from './warm-up';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The session's own start, when there is no page start to adopt: a new player (`own` is told at once, so the
 * session's end destroys it), attached to `video` once the spec §9 init delay is over; null when `cancelled` meanwhile.
 * The delay holds back the player's start on the <video>, not the download: while it runs, the first video preloads
 * (manifest, licence, first segments) and then loads from there. With no delay left, a direct load is quicker (it
 * sets up the media pipeline while the segments download).
 */
export async function startOwnPlayer(
  s: Shaka,
  video: HTMLVideoElement,
  first: PlaybackMedia | null,
  opts: { isMobile: boolean; startTime: number | null; env: SessionEnv; preloads: Preloads; own: (player: shaka.Player) => void; cancelled: () => boolean },
): Promise<shaka.Player | null> {
  const { isMobile, env } = opts;
  const refused = cannotStart(s, isMobile);
  if (refused) throw refused;
  const player = createPlayer(s, env.takeLicence);
  opts.own(player);
  const delay = initDelayLeft(isMobile, first?.videoId);
  if (first && delay > 0) opts.preloads.set(first.videoId, preloadInto(player, first, opts.startTime, isMobile, env));
  await sleep(delay);
  if (opts.cancelled()) return null;
  await player.attach(video);
  if (opts.cancelled()) return null;
  if (env.platform(isMobile) === 'apple' && env.drm.fairplay) env.checkFairPlay();
  return player;
}
