import { z } from 'zod';

// The messages live in a zod-free module: client components import them there, so zod stays out of the browser (its
// first parse probes `Function('')`, a CSP eval violation).
export { EPISODE_INCOMPLETE, EPISODE_NOT_FOUND } from './playback-messages';

/** Query of GET api/client/shortVideo/playback. Strings here; the episode number is checked by the handler. */
export const playbackQuerySchema = z.object({
  movieSeriesId: z.string().max(64).optional(),
  episodeNumber: z.string().max(12).optional(),
  userId: z.string().max(64).optional(),
});

/** "3" → 3; anything that is not a whole number ≥ 0 → null (episode information is incomplete). */
export function parseEpisodeNumber(raw: string | number | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  const s = String(raw).trim();
  if (!/^\d{1,9}$/.test(s)) return null;
  return Number(s);
}

// ---- wire types (the answers' shapes, read by the client and produced by lib/server/playback) ----

/**
 * Shapes the playback domain returns to the episode page and to `GET api/client/shortVideo/playback`. Type-only
 * (no 'server-only'): the client player imports these with `import type`. Field names follow spec §3 'Video/episode'.
 * A locked episode's media (manifest URLs, license URL, key id) never appear here: `media` is null.
 */

export type PlaybackEpisode = {
  _id: string;
  episodeNumber: number;
  title: string | null;
  description: string;
  duration: number;
  isPremium: boolean;
  /**
   * Coins that unlock this episode (0: not sold for coins, e.g. sold as a premium video instead). The series' price never
   * rises for a viewer mid-series.
   */
  coinPrice: number;
  /** Single-purchase price in centavos when the video is sold as a premium video (spec §3 'Premium video info'), else null. */
  premiumPriceCentavos: number | null;
  /** From the one entitlement rule (lib/server/entitlement/can-watch.ts), for this viewer. */
  isLocked: boolean;
  thumbnail: string;
  season: { seasonNumber: number; title: string | null } | null;
};

/** Everything a player needs to play one watchable video. */
export type PlaybackMedia = {
  videoId: string;
  /** Encrypted DASH (CENC, `cenc:default_KID`). */
  dashManifest: string;
  /** HLS (SAMPLE-AES-CTR) for Safari / iOS. */
  safariManifest: string;
  mobileManifest: string;
  /** Tried when the first manifest fails (spec §8 'Manifest fallback chain'). */
  fallbackManifest: string;
  videoUrl: string;
  /** The app's ClearKey license endpoint (POST, EME JSON). Production multi-DRM URLs come from env on the client. */
  licenseUrl: string;
  /** CENC key id, 32 hex; the FairPlay license URL is built from its upper-cased form (spec §7). */
  drmKeyId: string;
  posterUrl: string;
  hasSubtitles: boolean;
};

/** A neighbouring episode, so previous/next switch at once; `media` only when this viewer may watch it. */
export type PlaybackStep = { episode: PlaybackEpisode; media: PlaybackMedia | null };

export type Playback = {
  title: { _id: string; name: string; type: 1 | 2; thumbnail: string };
  episode: PlaybackEpisode;
  isLocked: boolean;
  /** Episode 0: the trailer layout, no watch session, never locked (spec §6). */
  isTrailer: boolean;
  /** Null when locked: the locked episode's manifests and keys never reach the client. */
  media: PlaybackMedia | null;
  /** The poster shown before playback (the title's art when locked). */
  posterUrl: string;
  /** The title's trailer when one exists (and this is not the trailer); its media load on demand (episode 0). */
  trailer: { posterUrl: string; duration: number } | null;
  /** Episode numbers (trailer excluded) for previous/next; null at the ends. */
  previousEpisode: number | null;
  nextEpisode: number | null;
  previous: PlaybackStep | null;
  /** The next episode, preloaded by the player when its media are present. */
  next: PlaybackStep | null;
  /** Episodes without the trailer (spec §9: episode 0 is not counted). */
  totalEpisodes: number;
};

/** The two Shaka builds the episode route serves (lib/server/playback/engine.ts): DASH-only, and the full one with HLS. */
export type EngineFlavour = 'dash' | 'full';
export type EngineUrls = Record<EngineFlavour, string>;
