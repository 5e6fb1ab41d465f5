import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { TAG_LABELS } from '@/lib/constants';
import { serverEnv } from '@/lib/env';
import { newContentKey, openContentKey, sealContentKey } from '@/lib/server/drm/keys';
import { log } from '@/lib/server/log';
import { IMMUTABLE_CACHE_CONTROL, mediaStorage, type ObjectStorage } from '@/lib/server/storage';
import type { Db } from './types';
import { CONTENT_PAGES } from './policies';
import * as s from './schema';
import {
  ARTISTS,
  BANNER_TITLES,
  COIN_PLANS,
  GENRES,
  SEED_EPOCH,
  SETTINGS,
  TITLES,
  VIP_PLANS,
  type SeedTitle,
} from './seed-data';

/**
 * The demo catalogue seed. Idempotent: ids are derived from natural keys and every write is an upsert on that key, so
 * running it again changes nothing (or updates texts edited in seed-data.ts in place).
 * - Content keys and media folders are made once per video and never replaced (they are not in any upsert's SET).
 * - Counters users change (total_added_to_list) and settings an operator may have edited are only set on insert.
 * - Media: each video's encrypted package is written to media storage at `${media_path}/` unless its manifest.mpd
 *   is there (a folder or a bucket: with STORAGE_DRIVER=s3 a seeded demo plays on every instance).
 */

/** The clear demo clips (MEDIA_SOURCE_DIR), and where packages go (default: mediaStorage(), from the settings). */
export type SeedMediaOptions = { sourceDir: string; storage?: ObjectStorage };
export type SeedOptions = {
  /** Package demo media for every video (needs the clear clips in sourceDir), or false to seed rows only. */
  media?: SeedMediaOptions | false;
  /** Progress messages (default: none). */
  onProgress?: (message: string) => void;
};

export type SeedSummary = {
  titles: number;
  seasons: number;
  videos: number;
  genres: number;
  tags: number;
  artists: number;
  banners: number;
  vipPlans: number;
  coinPlans: number;
  premiumVideoPrices: number;
  contentPages: number;
  media: { packaged: number; existing: number; skipped: number } | false;
};

/** Deterministic 24-hex id of a seeded row: the first 24 hex digits of sha256(`${kind}:${naturalKey}`). */
export function seedId(kind: string, naturalKey: string): string {
  return createHash('sha256').update(`${kind}:${naturalKey}`).digest('hex').slice(0, 24);
}

export type DemoClip = { id: string; kind: 'episode' | 'trailer'; duration: number; hasSubtitles: boolean };

/**
 * Used only when media/demo/clips.json is absent (seeding rows without media before the demo clips exist): the
 * shape `npm run media:demo` produces. With the file present, the file wins.
 */
const FALLBACK_CLIPS: DemoClip[] = [
  ...[1, 2, 3, 4, 5, 6].map((n) => ({ id: `ep-${n}`, kind: 'episode' as const, duration: 32, hasSubtitles: true })),
  ...[1, 2].map((n) => ({ id: `trailer-${n}`, kind: 'trailer' as const, duration: 16, hasSubtitles: false })),
];

export function loadClips(sourceDir: string): DemoClip[] | null {
  const file = path.join(sourceDir, 'clips.json');
  if (!existsSync(file)) return null;
  const raw = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (!Array.isArray(raw)) throw new Error(`${file}: expected an array of clips`);
  return raw.map((c: Partial<DemoClip>, i) => {
    if (typeof c?.id !== 'string' || (c.kind !== 'episode' && c.kind !== 'trailer')) {
      throw new Error(`${file}: clip ${i} needs an id and kind 'episode' | 'trailer'`);
    }
    return { id: c.id, kind: c.kind, duration: Math.round(Number(c.duration) || 0), hasSubtitles: Boolean(c.hasSubtitles) };
  });
}

/** Round-robin clip per video, stable across runs (order of TITLES and episodes). */
function clipAssigner(clips: DemoClip[]) {
  const episodes = clips.filter((c) => c.kind === 'episode');
  const trailers = clips.filter((c) => c.kind === 'trailer');
  if (episodes.length === 0) throw new Error('clips.json has no episode clips');
  let e = 0;
  let t = 0;
  return (kind: 'episode' | 'trailer'): DemoClip =>
    kind === 'trailer' && trailers.length > 0 ? trailers[t++ % trailers.length] : episodes[e++ % episodes.length];
}

const DAY_MS = 86_400_000;
const art = (file: string) => `/demo/art/${file}`;
export const posterPath = (slug: string) => art(`${slug}-poster.svg`);
export const bannerPath = (slug: string) => art(`${slug}-banner.svg`);
export const artistImagePath = (slug: string) => art(`artist-${slug}.svg`);

type VideoSeed = {
  id: string;
  title: SeedTitle;
  episodeNumber: number;
  seasonNumber: number | null;
  name: string | null;
  description: string;
  isPremium: boolean;
  coinPrice: number;
  clip: DemoClip;
};

function videoSeeds(clips: DemoClip[]): VideoSeed[] {
  const next = clipAssigner(clips);
  const out: VideoSeed[] = [];
  for (const t of TITLES) {
    if (t.trailer) {
      out.push({
        id: seedId('video', `${t.slug}:0`),
        title: t,
        episodeNumber: 0,
        seasonNumber: null,
        name: 'Official Trailer',
        description: `Opisyal na trailer ng ${t.name}.`,
        isPremium: false,
        coinPrice: 0,
        clip: next('trailer'),
      });
    }
    for (const ep of t.episodes) {
      const premium = ep.number > t.freeEpisodes;
      out.push({
        id: seedId('video', `${t.slug}:${ep.number}`),
        title: t,
        episodeNumber: ep.number,
        seasonNumber: ep.season ?? null,
        name: ep.title,
        description: ep.description,
        isPremium: premium,
        coinPrice: premium ? t.coinPrice : 0,
        clip: next('episode'),
      });
    }
  }
  return out;
}

/** Seeds (or refreshes) the demo catalogue, plans, settings and content pages. Safe to run any number of times. */
export async function seed(db: Db, opts: SeedOptions = {}): Promise<SeedSummary> {
  const progress = opts.onProgress ?? (() => {});
  let media = opts.media ?? false;
  const clipsDir = media ? media.sourceDir : path.resolve(/*turbopackIgnore: true*/ process.cwd(), serverEnv().MEDIA_SOURCE_DIR);
  const clips = loadClips(clipsDir);
  if (media && !clips) {
    // Rows are still useful without media (the catalogue browses; playback 404s until `npm run db:seed` is rerun).
    log.warn('seed: demo clips not found, seeding without media (run npm run media:demo, then npm run db:seed)', {
      clips: path.join(media.sourceDir, 'clips.json'),
    });
    media = false;
  }
  const planned = videoSeeds(clips ?? FALLBACK_CLIPS);

  const result = await db.transaction(async (tx) => {
    // Genres and tags.
    const genreRows = await tx
      .insert(s.categories)
      .values(GENRES.map((g, i) => ({ id: seedId('category', g.slug), name: g.name, slug: g.slug, sortOrder: i + 1 })))
      .onConflictDoUpdate({
        target: s.categories.slug,
        set: { name: sql`excluded.name`, sortOrder: sql`excluded.sort_order` },
      })
      .returning({ id: s.categories.id, slug: s.categories.slug });
    const genreId = new Map(genreRows.map((r) => [r.slug, r.id]));

    const tagRows = await tx
      .insert(s.tags)
      .values(TAG_LABELS.map((name) => ({ id: seedId('tag', name.toLowerCase()), name })))
      .onConflictDoUpdate({ target: s.tags.name, set: { name: sql`excluded.name` } })
      .returning({ id: s.tags.id, name: s.tags.name });
    const tagId = new Map(tagRows.map((r) => [r.name, r.id]));

    // Titles.
    const titleRows = await tx
      .insert(s.movieSeries)
      .values(
        TITLES.map((t) => ({
          id: seedId('title', t.slug),
          name: t.name,
          slug: t.slug,
          description: t.description,
          type: t.type,
          isPremium: t.isPremium,
          thumbnail: posterPath(t.slug),
          banner: bannerPath(t.slug),
          releaseYear: t.releaseYear,
          totalAddedToList: t.totalAddedToList,
          publishedAt: new Date(SEED_EPOCH.getTime() - t.publishedDaysAgo * DAY_MS),
          createdAt: SEED_EPOCH,
        })),
      )
      .onConflictDoUpdate({
        target: s.movieSeries.slug,
        set: {
          name: sql`excluded.name`,
          description: sql`excluded.description`,
          type: sql`excluded.type`,
          isPremium: sql`excluded.is_premium`,
          thumbnail: sql`excluded.thumbnail`,
          banner: sql`excluded.banner`,
          releaseYear: sql`excluded.release_year`,
          publishedAt: sql`excluded.published_at`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: s.movieSeries.id, slug: s.movieSeries.slug });
    const titleId = new Map(titleRows.map((r) => [r.slug, r.id]));
    const tid = (slug: string) => {
      const id = titleId.get(slug);
      if (!id) throw new Error(`seed: unknown title ${slug}`);
      return id;
    };

    await tx
      .insert(s.movieSeriesCategories)
      .values(TITLES.flatMap((t) => t.genres.map((g) => ({ movieSeriesId: tid(t.slug), categoryId: genreId.get(g)! }))))
      .onConflictDoNothing();
    await tx
      .insert(s.movieSeriesTags)
      .values(TITLES.flatMap((t) => t.tags.map((name) => ({ movieSeriesId: tid(t.slug), tagId: tagId.get(name)! }))))
      .onConflictDoNothing();

    // Seasons.
    const seasonValues = TITLES.flatMap((t) =>
      (t.seasons ?? []).map((se) => ({
        id: seedId('season', `${t.slug}:${se.number}`),
        movieSeriesId: tid(t.slug),
        seasonNumber: se.number,
        title: se.title,
      })),
    );
    const seasonRows = seasonValues.length
      ? await tx
          .insert(s.seasons)
          .values(seasonValues)
          .onConflictDoUpdate({
            target: [s.seasons.movieSeriesId, s.seasons.seasonNumber],
            set: { title: sql`excluded.title`, updatedAt: sql`now()` },
          })
          .returning({ id: s.seasons.id, movieSeriesId: s.seasons.movieSeriesId, seasonNumber: s.seasons.seasonNumber })
      : [];
    const seasonId = new Map(seasonRows.map((r) => [`${r.movieSeriesId}:${r.seasonNumber}`, r.id]));

    // Videos: key material and media folder only on first insert.
    const videoRows = await tx
      .insert(s.videos)
      .values(
        planned.map((v) => {
          const { keyId, key } = newContentKey();
          const seriesId = tid(v.title.slug);
          return {
            id: v.id,
            movieSeriesId: seriesId,
            seasonId: v.seasonNumber ? (seasonId.get(`${seriesId}:${v.seasonNumber}`) ?? null) : null,
            episodeNumber: v.episodeNumber,
            title: v.name,
            description: v.description,
            isPremium: v.isPremium,
            coinPrice: v.coinPrice,
            durationSeconds: v.clip.duration,
            mediaPath: newMediaPath(),
            sourceClipId: v.clip.id,
            drmKeyId: keyId,
            sealedKey: sealContentKey(key),
            hasSubtitles: v.clip.hasSubtitles,
            createdAt: SEED_EPOCH,
          };
        }),
      )
      .onConflictDoUpdate({
        target: [s.videos.movieSeriesId, s.videos.episodeNumber],
        set: {
          seasonId: sql`excluded.season_id`,
          title: sql`excluded.title`,
          description: sql`excluded.description`,
          isPremium: sql`excluded.is_premium`,
          coinPrice: sql`excluded.coin_price`,
          durationSeconds: sql`excluded.duration_seconds`,
          sourceClipId: sql`excluded.source_clip_id`,
          hasSubtitles: sql`excluded.has_subtitles`,
          updatedAt: sql`now()`,
        },
      })
      .returning({
        id: s.videos.id,
        movieSeriesId: s.videos.movieSeriesId,
        episodeNumber: s.videos.episodeNumber,
        mediaPath: s.videos.mediaPath,
        drmKeyId: s.videos.drmKeyId,
        sealedKey: s.videos.sealedKey,
        sourceClipId: s.videos.sourceClipId,
      });

    // Each title's trailer pointer = its episode 0 (null when it has none).
    await tx
      .update(s.movieSeries)
      .set({
        trailerVideoId: sql`(select ${s.videos.id} from ${s.videos} where ${s.videos.movieSeriesId} = ${s.movieSeries.id} and ${s.videos.episodeNumber} = 0)`,
      })
      .where(inArray(s.movieSeries.id, [...titleId.values()]));

    // Premium single-purchase prices (episode 1 of premium movies).
    const priceValues = TITLES.filter((t) => t.premiumPriceCentavos).map((t) => ({
      id: seedId('premium_video_price', t.slug),
      videoId: videoRows.find((v) => v.movieSeriesId === tid(t.slug) && v.episodeNumber === 1)!.id,
      priceCentavos: t.premiumPriceCentavos!,
    }));
    if (priceValues.length) {
      await tx
        .insert(s.premiumVideoPrices)
        .values(priceValues)
        .onConflictDoUpdate({
          target: s.premiumVideoPrices.videoId,
          set: { priceCentavos: sql`excluded.price_centavos`, updatedAt: sql`now()` },
        });
    }

    // Artists.
    const artistRows = await tx
      .insert(s.artists)
      .values(
        ARTISTS.map((a, i) => ({
          id: seedId('artist', a.slug),
          name: a.name,
          slug: a.slug,
          bio: a.bio,
          image: artistImagePath(a.slug),
          sortOrder: i + 1,
        })),
      )
      .onConflictDoUpdate({
        target: s.artists.slug,
        set: { name: sql`excluded.name`, bio: sql`excluded.bio`, image: sql`excluded.image`, sortOrder: sql`excluded.sort_order` },
      })
      .returning({ id: s.artists.id, slug: s.artists.slug });
    const artistId = new Map(artistRows.map((r) => [r.slug, r.id]));
    await tx
      .insert(s.artistTitles)
      .values(
        ARTISTS.flatMap((a) =>
          a.titles.map((t) => ({ artistId: artistId.get(a.slug)!, movieSeriesId: tid(t.slug), role: t.role })),
        ),
      )
      .onConflictDoUpdate({
        target: [s.artistTitles.artistId, s.artistTitles.movieSeriesId],
        set: { role: sql`excluded.role` },
      });

    // Banners.
    await tx
      .insert(s.banners)
      .values(
        BANNER_TITLES.map((slug, i) => ({
          id: seedId('banner', slug),
          movieSeriesId: tid(slug),
          image: bannerPath(slug),
          sortOrder: i + 1,
        })),
      )
      .onConflictDoUpdate({
        target: s.banners.id,
        set: { movieSeriesId: sql`excluded.movie_series_id`, image: sql`excluded.image`, sortOrder: sql`excluded.sort_order` },
      });

    // Plans.
    await tx
      .insert(s.vipPlans)
      .values(
        VIP_PLANS.map((p, i) => ({
          id: seedId('vip_plan', p.subscriptionType),
          subscriptionType: p.subscriptionType,
          priceCentavos: p.priceCentavos,
          validityDays: p.validityDays,
          sortOrder: i + 1,
        })),
      )
      .onConflictDoUpdate({
        target: s.vipPlans.subscriptionType,
        set: {
          priceCentavos: sql`excluded.price_centavos`,
          validityDays: sql`excluded.validity_days`,
          sortOrder: sql`excluded.sort_order`,
        },
      });
    await tx
      .insert(s.coinPlans)
      .values(
        COIN_PLANS.map((p, i) => ({
          id: seedId('coin_plan', `${p.coins}+${p.bonusCoins}`),
          coins: p.coins,
          bonusCoins: p.bonusCoins,
          priceCentavos: p.priceCentavos,
          sortOrder: i + 1,
        })),
      )
      .onConflictDoUpdate({
        target: s.coinPlans.id,
        set: { priceCentavos: sql`excluded.price_centavos`, sortOrder: sql`excluded.sort_order` },
      });

    // Settings (operator edits win) and content pages (texts follow the code).
    await tx
      .insert(s.settings)
      .values(Object.entries(SETTINGS).map(([key, value]) => ({ key, value })))
      .onConflictDoNothing();
    await tx
      .insert(s.contentPages)
      .values(
        CONTENT_PAGES.map((p) => ({ id: seedId('content_page', p.slug), slug: p.slug, title: p.title, body: p.body, sortOrder: p.sortOrder })),
      )
      .onConflictDoUpdate({
        target: s.contentPages.slug,
        set: { title: sql`excluded.title`, body: sql`excluded.body`, sortOrder: sql`excluded.sort_order`, updatedAt: sql`now()` },
      });

    return { videoRows, seasons: seasonRows.length, titles: titleRows.length, genres: genreRows.length, tags: tagRows.length, artists: artistRows.length, premiumVideoPrices: priceValues.length };
  });
  progress(`catalogue seeded: ${result.titles} titles, ${result.videoRows.length} videos`);

  const summary: SeedSummary = {
    titles: result.titles,
    seasons: result.seasons,
    videos: result.videoRows.length,
    genres: result.genres,
    tags: result.tags,
    artists: result.artists,
    banners: BANNER_TITLES.length,
    vipPlans: VIP_PLANS.length,
    coinPlans: COIN_PLANS.length,
    premiumVideoPrices: result.premiumVideoPrices,
    contentPages: CONTENT_PAGES.length,
    media: false,
  };
  if (media) summary.media = await packageMedia(result.videoRows, media, progress);
  return summary;
}

/** Random, so the folder of a locked episode cannot be derived from its id. */
function newMediaPath(): string {
  return randomBytes(8).toString('hex');
}

type PackagedVideo = { id: string; mediaPath: string; drmKeyId: string; sealedKey: string; sourceClipId: string | null };

/** Encrypts the demo clip of every video whose package is missing. Sequential: packaging is CPU-bound. */
async function packageMedia(rows: PackagedVideo[], media: SeedMediaOptions, progress: (m: string) => void) {
  const { encryptPackage } = await import('@/lib/server/media/encrypt-package');
  const storage = media.storage ?? mediaStorage();
  const counts = { packaged: 0, existing: 0, skipped: 0 };
  for (const v of rows) {
    if (await storage.head(`${v.mediaPath}/manifest.mpd`)) {
      counts.existing++;
      continue;
    }
    const sourceDir = v.sourceClipId ? path.join(media.sourceDir, v.sourceClipId) : null;
    if (!sourceDir || !existsSync(sourceDir)) {
      counts.skipped++;
      progress(`no source clip for video ${v.id} (${v.sourceClipId ?? 'none'}); skipped`);
      continue;
    }
    // Encrypted in a scratch folder of this machine, then stored with the manifest last: an interrupted run never
    // leaves a manifest whose segments are missing (the next run would skip it as done).
    const scratch = await mkdtemp(path.join(tmpdir(), 'kilig-seed-'));
    try {
      const pkg = path.join(scratch, 'pkg');
      await encryptPackage({
        sourceDir,
        outDir: pkg,
        keyId: Buffer.from(v.drmKeyId, 'hex'),
        key: openContentKey(v.sealedKey),
        hlsKeyUri: `/api/drm/hls-key/${v.id}`,
      });
      const manifest = path.join(scratch, 'manifest.mpd');
      await rename(path.join(pkg, 'manifest.mpd'), manifest);
      await storage.putFolder(pkg, `${v.mediaPath}/`, { cacheControl: IMMUTABLE_CACHE_CONTROL });
      await storage.putFile(`${v.mediaPath}/manifest.mpd`, manifest, { cacheControl: IMMUTABLE_CACHE_CONTROL });
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    counts.packaged++;
    if (counts.packaged % 10 === 0) progress(`packaged ${counts.packaged} videos …`);
  }
  progress(`media: ${counts.packaged} packaged, ${counts.existing} already there, ${counts.skipped} skipped`);
  return counts;
}

/** For tests and scripts: the ids the seed gives its titles, keyed by slug. */
export function seededTitleIds(): Record<string, string> {
  return Object.fromEntries(TITLES.map((t) => [t.slug, seedId('title', t.slug)]));
}
