import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { isId } from '@/lib/ids';
import { imageUrl, mediaUrl, titleVisible, videoReleased } from '@/lib/server/catalog';
import type { Db } from '@/lib/server/db/client';
import { movieSeries, premiumVideoPrices, seasons, videos } from '@/lib/server/db/schema';
import { watchableVideoIds, type Viewer } from '@/lib/server/entitlement/can-watch';
import { effectivePrice, lowestPaid } from '@/lib/server/coins/price';
import { coinPriceOf } from '@/lib/server/premium/sale';
import type { Playback, PlaybackEpisode, PlaybackMedia, PlaybackStep } from '@/lib/contracts/playback';


type Row = {
  id: string;
  episodeNumber: number;
  title: string | null;
  description: string;
  duration: number;
  isPremium: boolean;
  coinPrice: number;
  premiumPriceCentavos: number | null;
  mediaPath: string;
  drmKeyId: string;
  thumbnail: string | null;
  hasSubtitles: boolean;
  seasonNumber: number | null;
  seasonTitle: string | null;
};

/** A locked episode's thumbnail is the title's art: its own media folder (thumb.jpg) would reveal where its manifest is. */
function toEpisode(r: Row, isLocked: boolean, titleArt: string, paidInSeries: number | null): PlaybackEpisode {
  const coinPrice = coinPriceOf(r.coinPrice, r.premiumPriceCentavos);
  return {
    _id: r.id,
    episodeNumber: r.episodeNumber,
    title: r.title,
    description: r.description,
    duration: r.duration,
    isPremium: r.isPremium,
    // One currency of access besides VIP (premium/sale.ts): a video with a premium price is never offered for coins.
    // This viewer's price (what an unlock charges: never above the lowest list price they had in the series).
    coinPrice: coinPrice > 0 ? effectivePrice(coinPrice, paidInSeries) : 0,
    premiumPriceCentavos: r.premiumPriceCentavos,
    isLocked,
    thumbnail: r.thumbnail ? imageUrl(r.thumbnail) : isLocked ? titleArt : mediaUrl(r.mediaPath, 'thumb.jpg'),
    season: r.seasonNumber === null ? null : { seasonNumber: r.seasonNumber, title: r.seasonTitle },
  };
}

/**
 * The media of one video. Only ever called for a video the viewer may watch: this is the single place a media path
 * turns into URLs, so a locked episode's manifests cannot leak through another field.
 */
function toMedia(r: Row): PlaybackMedia {
  const dash = mediaUrl(r.mediaPath, 'manifest.mpd');
  const hls = mediaUrl(r.mediaPath, 'master.m3u8');
  return {
    videoId: r.id,
    dashManifest: dash,
    safariManifest: hls,
    mobileManifest: dash,
    fallbackManifest: hls,
    videoUrl: dash,
    licenseUrl: `/api/drm/clearkey/${r.id}`,
    drmKeyId: r.drmKeyId,
    posterUrl: mediaUrl(r.mediaPath, 'poster.jpg'),
    hasSubtitles: r.hasSubtitles,
  };
}

/**
 * Everything the player needs for one episode of one title, for this viewer: `isLocked` from the one entitlement
 * rule, media (manifests, license URL, key id) only when watchable, and the neighbouring episodes so previous/next
 * switch at once (the next one is preloaded). Null when the title or episode does not exist or viewers may not see it
 * (catalog/visibility.ts).
 */
export async function getPlayback(db: Db, viewer: Viewer, titleId: string, episodeNumber: number): Promise<Playback | null> {
  if (!isId(titleId) || !Number.isSafeInteger(episodeNumber) || episodeNumber < 0) return null;
  const [title] = await db
    .select({ _id: movieSeries.id, name: movieSeries.name, type: movieSeries.type, thumbnail: movieSeries.thumbnail })
    .from(movieSeries)
    .where(and(eq(movieSeries.id, titleId), titleVisible))
    .limit(1);
  if (!title) return null;

  const rows: Row[] = await db
    .select({
      id: videos.id,
      episodeNumber: videos.episodeNumber,
      title: videos.title,
      description: videos.description,
      duration: videos.durationSeconds,
      isPremium: videos.isPremium,
      coinPrice: videos.coinPrice,
      premiumPriceCentavos: premiumVideoPrices.priceCentavos,
      mediaPath: videos.mediaPath,
      drmKeyId: videos.drmKeyId,
      thumbnail: videos.thumbnail,
      hasSubtitles: videos.hasSubtitles,
      seasonNumber: seasons.seasonNumber,
      seasonTitle: seasons.title,
    })
    .from(videos)
    .leftJoin(seasons, eq(seasons.id, videos.seasonId))
    .leftJoin(premiumVideoPrices, and(eq(premiumVideoPrices.videoId, videos.id), eq(premiumVideoPrices.isActive, true)))
    // Only visible episodes: a hidden one is 404 itself and is skipped by previous/next (numbers are not shifted).
    .where(and(eq(videos.movieSeriesId, titleId), videoReleased))
    .orderBy(asc(videos.episodeNumber));

  const current = rows.find((r) => r.episodeNumber === episodeNumber);
  if (!current) return null;
  const trailer = rows.find((r) => r.episodeNumber === 0) ?? null;
  const episodes = rows.filter((r) => r.episodeNumber > 0);
  const index = episodes.findIndex((r) => r.id === current.id);
  const previous = index > 0 ? episodes[index - 1] : null;
  const next = index >= 0 && index < episodes.length - 1 ? episodes[index + 1] : null;

  // One entitlement query for the episode and its neighbours.
  const asked = [current, previous, next].filter((r): r is Row => r !== null);
  const [watchable, paidInSeries] = await Promise.all([watchableVideoIds(db, viewer, asked), viewer ? lowestPaid(db, viewer.id, titleId) : null]);
  const isLocked = !watchable.has(current.id);
  const titleArt = imageUrl(title.thumbnail);
  // A locked answer carries no manifest at all, not even a neighbour's: "no manifest URL in it" stays a simple rule.
  const step = (r: Row | null): PlaybackStep | null => {
    if (!r) return null;
    const ok = watchable.has(r.id);
    return { episode: toEpisode(r, !ok, titleArt, paidInSeries), media: ok && !isLocked ? toMedia(r) : null };
  };

  const media = isLocked ? null : toMedia(current);
  return {
    title: { _id: title._id, name: title.name, type: title.type as 1 | 2, thumbnail: titleArt },
    episode: toEpisode(current, isLocked, titleArt, paidInSeries),
    isLocked,
    isTrailer: current.episodeNumber === 0,
    media,
    posterUrl: media ? media.posterUrl : titleArt,
    trailer: trailer && trailer.id !== current.id ? { posterUrl: mediaUrl(trailer.mediaPath, 'poster.jpg'), duration: trailer.duration } : null,
    previousEpisode: previous?.episodeNumber ?? null,
    nextEpisode: next?.episodeNumber ?? null,
    previous: step(previous),
    next: step(next),
    totalEpisodes: episodes.length,
  };
}
