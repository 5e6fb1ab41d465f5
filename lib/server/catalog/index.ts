import 'server-only';
import { and, asc, count, desc, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import { publicEnv } from '@/lib/env';
import { isId } from '@/lib/ids';
import { getDb, type Db } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { coinPriceOf } from '@/lib/server/premium/sale';
import type { Artist, Banner, Episode, Genre, Season, Tag, TitleCard, TitleDetail } from '@/lib/contracts/catalog';
import { titleVisible, videoReleased } from './visibility';

/**
 * The public catalogue: the same functions serve SSR pages and API handlers. Nothing here is per-user (isLocked,
 * isLiked, isAddedToList are filled in by the engagement/entitlement domains) and nothing exposes content keys or the
 * media folders of episodes (only the trailer's manifest, which is never locked).
 *
 * `createCatalog(db)` binds the functions to a database (tests); the module-level exports use the app's getDb().
 * Every function runs a fixed number of queries (no query per row).
 */

export const MAX_LIMIT = 100;
const DEFAULT_LIMIT = 20;

export function clampLimit(limit: number | undefined, fallback = DEFAULT_LIMIT): number {
  const n = Number.isFinite(limit) ? Math.trunc(limit as number) : fallback;
  return Math.min(MAX_LIMIT, Math.max(1, n));
}

export function clampOffset(offset: number | undefined): number {
  const n = Number.isFinite(offset) ? Math.trunc(offset as number) : 0;
  return Math.max(0, n);
}

/** URL of a file in a video's media package, on the app's /media route or a CDN (NEXT_PUBLIC_MEDIA_BASE_URL). */
export function mediaUrl(mediaPath: string, file: string): string {
  return `${publicEnv.NEXT_PUBLIC_MEDIA_BASE_URL.replace(/\/+$/, '')}/${mediaPath}/${file}`;
}

/** Stored image references: site paths ('/demo/art/…') and absolute URLs as they are; anything else is media-relative. */
export function imageUrl(ref: string | null | undefined): string {
  if (!ref) return '';
  if (ref.startsWith('/') || /^https?:\/\//.test(ref)) return ref;
  return `${publicEnv.NEXT_PUBLIC_MEDIA_BASE_URL.replace(/\/+$/, '')}/${ref.replace(/^\/+/, '')}`;
}

const ms = s.movieSeries;

/** Only titles viewers may see (published, publish time come: ./visibility.ts) reach any answer here. */
const published = titleVisible;

/**
 * The outer title's id inside correlated subqueries. Written out qualified on purpose: Drizzle renders columns of a
 * single-table select unqualified ("id"), which inside a subquery over videos would silently mean videos.id.
 */
const outerTitleId = sql`${sql.identifier('movie_series')}.${sql.identifier('id')}`;

/**
 * Visible episodes excluding the trailer (spec: totalEpisodes). A correlated count, evaluated inside the one query.
 * `videoReleased` goes in as one nested SQL: Drizzle qualifies its columns ("videos"."…") even in a single-table select.
 */
const totalEpisodesSql = sql<number>`(select count(*) from ${s.videos} where ${s.videos.movieSeriesId} = ${outerTitleId} and ${s.videos.episodeNumber} > 0 and ${videoReleased})::int`;

const cardColumns = {
  id: ms.id,
  name: ms.name,
  description: ms.description,
  thumbnail: ms.thumbnail,
  banner: ms.banner,
  type: ms.type,
  isPremium: ms.isPremium,
  totalAddedToList: ms.totalAddedToList,
  releaseYear: ms.releaseYear,
  totalEpisodes: totalEpisodesSql,
};

type CardRow = {
  id: string;
  name: string;
  description: string;
  thumbnail: string;
  banner: string;
  type: number;
  isPremium: boolean;
  totalAddedToList: number;
  releaseYear: number;
  totalEpisodes: number;
};

const latestFirst = [desc(ms.publishedAt), asc(ms.id)];

type Source = Db | (() => Promise<Db>);

export function createCatalog(source: Source) {
  const db = typeof source === 'function' ? source : async () => source;

  /**
   * The one place a title row becomes its answer (every list, search and the detail page go through here): tags,
   * genres and the trailer of many titles in three queries, then the cards in the rows' order.
   */
  async function toCards(d: Db, rows: CardRow[]): Promise<TitleCard[]> {
    if (rows.length === 0) return [];
    const ids = [...new Set(rows.map((r) => r.id))];
    const [tagRows, genreRows, trailerRows] = await Promise.all([
      d
        .select({ id: s.movieSeriesTags.movieSeriesId, name: s.tags.name })
        .from(s.movieSeriesTags)
        .innerJoin(s.tags, eq(s.tags.id, s.movieSeriesTags.tagId))
        .where(inArray(s.movieSeriesTags.movieSeriesId, ids))
        .orderBy(asc(s.tags.name)),
      d
        .select({ id: s.movieSeriesCategories.movieSeriesId, name: s.categories.name })
        .from(s.movieSeriesCategories)
        .innerJoin(s.categories, eq(s.categories.id, s.movieSeriesCategories.categoryId))
        .where(inArray(s.movieSeriesCategories.movieSeriesId, ids))
        .orderBy(asc(s.categories.sortOrder), asc(s.categories.name)),
      // Episode 0 is the trailer (one per title: videos_series_episode_uq). Trailers are never locked, so their
      // manifest may be listed; no other episode's media folder is read here.
      d
        .select({ id: s.videos.movieSeriesId, mediaPath: s.videos.mediaPath, thumbnail: s.videos.thumbnail, duration: s.videos.durationSeconds })
        .from(s.videos)
        .where(and(inArray(s.videos.movieSeriesId, ids), eq(s.videos.episodeNumber, 0), videoReleased)),
    ]);
    const group = (list: { id: string; name: string }[]) => {
      const m = new Map<string, string[]>();
      for (const r of list) m.set(r.id, [...(m.get(r.id) ?? []), r.name]);
      return m;
    };
    const tagsOf = group(tagRows);
    const genresOf = group(genreRows);
    const trailerOf = new Map(trailerRows.map((t) => [t.id, t]));
    return rows.map((r) => {
      const poster = imageUrl(r.thumbnail);
      const trailer = trailerOf.get(r.id);
      return {
        _id: r.id,
        name: r.name,
        description: r.description,
        thumbnail: poster,
        banner: imageUrl(r.banner),
        type: r.type === 1 ? 1 : 2,
        isPremium: r.isPremium,
        totalEpisodes: Number(r.totalEpisodes),
        totalAddedToList: r.totalAddedToList,
        releaseYear: r.releaseYear,
        tags: tagsOf.get(r.id) ?? [],
        genres: genresOf.get(r.id) ?? [],
        trailerUrl: trailer ? mediaUrl(trailer.mediaPath, 'manifest.mpd') : null,
        trailerImage: trailer ? (trailer.thumbnail ? imageUrl(trailer.thumbnail) : poster) : null,
        trailerDuration: trailer?.duration ?? 0,
      };
    });
  }

  async function cardsByIds(d: Db, ids: string[]): Promise<Map<string, TitleCard>> {
    if (ids.length === 0) return new Map();
    const rows = await d
      .select(cardColumns)
      .from(ms)
      .where(and(published, inArray(ms.id, [...new Set(ids)])))
      .orderBy(...latestFirst);
    return new Map((await toCards(d, rows)).map((c) => [c._id, c]));
  }

  async function listGenres(): Promise<Genre[]> {
    const d = await db();
    const rows = await d
      .select({ id: s.categories.id, name: s.categories.name, slug: s.categories.slug })
      .from(s.categories)
      .orderBy(asc(s.categories.sortOrder), asc(s.categories.name));
    return rows.map((r) => ({ _id: r.id, name: r.name, slug: r.slug }));
  }

  async function listTags(): Promise<Tag[]> {
    const d = await db();
    const rows = await d.select({ id: s.tags.id, name: s.tags.name }).from(s.tags).orderBy(asc(s.tags.name));
    return rows.map((r) => ({ _id: r.id, name: r.name }));
  }

  async function listBanners(): Promise<Banner[]> {
    const d = await db();
    const rows = await d
      .select({
        id: s.banners.id,
        image: s.banners.image,
        movieSeriesId: ms.id,
        name: ms.name,
        description: ms.description,
        fallbackImage: ms.banner,
        type: ms.type,
        isPremium: ms.isPremium,
      })
      .from(s.banners)
      .innerJoin(ms, eq(ms.id, s.banners.movieSeriesId))
      .where(and(eq(s.banners.isActive, true), published))
      .orderBy(asc(s.banners.sortOrder), asc(s.banners.id));
    return rows.map((r) => ({
      _id: r.id,
      movieSeriesId: r.movieSeriesId,
      name: r.name,
      description: r.description,
      image: imageUrl(r.image || r.fallbackImage),
      type: r.type === 1 ? 1 : 2,
      isPremium: r.isPremium,
    }));
  }

  async function listLatest(opts: { offset?: number; limit?: number } = {}): Promise<TitleCard[]> {
    const d = await db();
    const rows = await d
      .select(cardColumns)
      .from(ms)
      .where(published)
      .orderBy(...latestFirst)
      .limit(clampLimit(opts.limit))
      .offset(clampOffset(opts.offset));
    return toCards(d, rows);
  }

  async function listTitles(
    opts: { type?: 1 | 2; genreSlug?: string; tag?: string; offset?: number; limit?: number } = {},
  ): Promise<{ items: TitleCard[]; total: number }> {
    const d = await db();
    const where: SQL[] = [published];
    if (opts.type === 1 || opts.type === 2) where.push(eq(ms.type, opts.type));
    if (opts.genreSlug) {
      where.push(
        exists(
          d
            .select({ one: sql`1` })
            .from(s.movieSeriesCategories)
            .innerJoin(s.categories, eq(s.categories.id, s.movieSeriesCategories.categoryId))
            .where(and(eq(s.movieSeriesCategories.movieSeriesId, outerTitleId), eq(s.categories.slug, opts.genreSlug))),
        ),
      );
    }
    const tag = opts.tag?.trim();
    if (tag) {
      where.push(
        exists(
          d
            .select({ one: sql`1` })
            .from(s.movieSeriesTags)
            .innerJoin(s.tags, eq(s.tags.id, s.movieSeriesTags.tagId))
            .where(and(eq(s.movieSeriesTags.movieSeriesId, outerTitleId), eq(sql`lower(${s.tags.name})`, tag.toLowerCase()))),
        ),
      );
    }
    const condition = and(...where);
    const [rows, [{ total }]] = await Promise.all([
      d
        .select(cardColumns)
        .from(ms)
        .where(condition)
        .orderBy(...latestFirst)
        .limit(clampLimit(opts.limit))
        .offset(clampOffset(opts.offset)),
      d.select({ total: count() }).from(ms).where(condition),
    ]);
    return { items: await toCards(d, rows), total: Number(total) };
  }

  /** The latest `perGenre` titles of every genre (genres without titles are left out), in genre order. */
  async function listTitlesGroupedByGenre(perGenre: number): Promise<{ genre: Genre; movies: TitleCard[] }[]> {
    const d = await db();
    const n = clampLimit(perGenre, 10);
    const ranked = d
      .select({
        categoryId: s.movieSeriesCategories.categoryId,
        movieSeriesId: s.movieSeriesCategories.movieSeriesId,
        rank: sql<number>`row_number() over (partition by ${s.movieSeriesCategories.categoryId} order by ${ms.publishedAt} desc, ${ms.id})`.as(
          'rank',
        ),
      })
      .from(s.movieSeriesCategories)
      .innerJoin(ms, eq(ms.id, s.movieSeriesCategories.movieSeriesId))
      .where(published)
      .as('ranked');
    const [genres, picks] = await Promise.all([
      listGenres(),
      d
        .select({ categoryId: ranked.categoryId, movieSeriesId: ranked.movieSeriesId, rank: ranked.rank })
        .from(ranked)
        .where(sql`${ranked.rank} <= ${n}`)
        .orderBy(asc(ranked.categoryId), asc(ranked.rank)),
    ]);
    const cards = await cardsByIds(
      d,
      picks.map((p) => p.movieSeriesId),
    );
    return genres
      .map((genre) => ({
        genre,
        movies: picks
          .filter((p) => p.categoryId === genre._id)
          .map((p) => cards.get(p.movieSeriesId))
          .filter((c): c is TitleCard => Boolean(c)),
      }))
      .filter((g) => g.movies.length > 0);
  }

  async function getTitle(id: string): Promise<TitleDetail | null> {
    if (!isId(id)) return null;
    const d = await db();
    const [rows, seasonRows, videoRows, artistRows] = await Promise.all([
      d.select(cardColumns).from(ms).where(and(published, eq(ms.id, id))).limit(1),
      d
        .select({ seasonNumber: s.seasons.seasonNumber, title: s.seasons.title })
        .from(s.seasons)
        .where(eq(s.seasons.movieSeriesId, id))
        .orderBy(asc(s.seasons.seasonNumber)),
      d
        .select({
          id: s.videos.id,
          episodeNumber: s.videos.episodeNumber,
          title: s.videos.title,
          description: s.videos.description,
          thumbnail: s.videos.thumbnail,
          durationSeconds: s.videos.durationSeconds,
          isPremium: s.videos.isPremium,
          coinPrice: s.videos.coinPrice,
          premiumPriceCentavos: s.premiumVideoPrices.priceCentavos,
          seasonNumber: s.seasons.seasonNumber,
          seasonTitle: s.seasons.title,
        })
        .from(s.videos)
        .leftJoin(s.seasons, eq(s.seasons.id, s.videos.seasonId))
        .leftJoin(s.premiumVideoPrices, and(eq(s.premiumVideoPrices.videoId, s.videos.id), eq(s.premiumVideoPrices.isActive, true)))
        // The title's own visibility is the first query's condition (no row → null).
        .where(and(eq(s.videos.movieSeriesId, id), videoReleased))
        // Trailer (0) first, then by season (episodes without a season first), then by number.
        .orderBy(
          sql`case when ${s.videos.episodeNumber} = 0 then 0 else 1 end`,
          sql`${s.seasons.seasonNumber} asc nulls first`,
          asc(s.videos.episodeNumber),
        ),
      d
        .select({ id: s.artists.id, name: s.artists.name, image: s.artists.image })
        .from(s.artistTitles)
        .innerJoin(s.artists, eq(s.artists.id, s.artistTitles.artistId))
        .where(eq(s.artistTitles.movieSeriesId, id))
        .orderBy(asc(s.artists.sortOrder), asc(s.artists.name)),
    ]);
    if (rows.length === 0) return null;
    const [card] = await toCards(d, rows);

    const episodes: Episode[] = videoRows.map((v) => {
      const season: Season | null = v.seasonNumber == null ? null : { seasonNumber: v.seasonNumber, title: v.seasonTitle };
      return {
        _id: v.id,
        episodeNumber: v.episodeNumber,
        title: v.title,
        description: v.description,
        // Episode tiles use the title's poster unless the episode has its own thumbnail: a thumbnail inside the media
        // package would reveal the folder of a locked episode.
        thumbnail: v.thumbnail ? imageUrl(v.thumbnail) : card.thumbnail,
        duration: v.durationSeconds,
        isPremium: v.isPremium,
        // One currency of access besides VIP (premium/sale.ts): a premium video shows its peso price, never coins.
        coinPrice: coinPriceOf(v.coinPrice, v.premiumPriceCentavos),
        premiumPriceCentavos: v.premiumPriceCentavos,
        season,
      };
    });
    return {
      ...card,
      trailerUrl: card.trailerUrl ?? null,
      trailerImage: card.trailerImage ?? null,
      trailerDuration: card.trailerDuration ?? 0,
      seasons: seasonRows.map((r) => ({ seasonNumber: r.seasonNumber, title: r.title })),
      episodes,
      artists: artistRows.map((a) => ({ _id: a.id, name: a.name, image: imageUrl(a.image) })),
    };
  }

  async function listArtists(): Promise<Artist[]> {
    const d = await db();
    const [artistRows, links] = await Promise.all([
      d
        .select({ id: s.artists.id, name: s.artists.name, bio: s.artists.bio, image: s.artists.image })
        .from(s.artists)
        .orderBy(asc(s.artists.sortOrder), asc(s.artists.name)),
      d
        .select({ artistId: s.artistTitles.artistId, movieSeriesId: s.artistTitles.movieSeriesId })
        .from(s.artistTitles),
    ]);
    const cards = await cardsByIds(
      d,
      links.map((l) => l.movieSeriesId),
    );
    const order = [...cards.keys()]; // latest first
    return artistRows.map((a) => ({
      _id: a.id,
      name: a.name,
      bio: a.bio,
      image: imageUrl(a.image),
      titles: links
        .filter((l) => l.artistId === a.id && cards.has(l.movieSeriesId))
        .sort((x, y) => order.indexOf(x.movieSeriesId) - order.indexOf(y.movieSeriesId))
        .map((l) => cards.get(l.movieSeriesId)!),
    }));
  }

  /**
   * Search over names, descriptions and tag names, case- and accent-insensitive (`kilig_fold` = lower(unaccent()),
   * migration 0001_search), with typo tolerance from trigram similarity on names. All in PostgreSQL, on trigram GIN
   * indexes. Ranking: name starts with the query, name contains it, a tag matches, the description matches, a
   * similar name; then by similarity, then latest.
   */
  async function searchTitles(q: string, opts: { limit?: number; offset?: number } = {}): Promise<{ items: TitleCard[]; total: number }> {
    const text = (q ?? '').trim().slice(0, 200);
    if (!text) return { items: [], total: 0 };
    const d = await db();
    const folded = sql`kilig_fold(${text})`;
    const contains = sql`'%' || replace(replace(replace(${folded}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
    const prefix = sql`replace(replace(replace(${folded}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
    const name = sql`kilig_fold(${ms.name})`;
    const tagMatch = exists(
      d
        .select({ one: sql`1` })
        .from(s.movieSeriesTags)
        .innerJoin(s.tags, eq(s.tags.id, s.movieSeriesTags.tagId))
        .where(and(eq(s.movieSeriesTags.movieSeriesId, outerTitleId), sql`kilig_fold(${s.tags.name}) like ${contains}`)),
    );
    const similar = sql`(char_length(${text}) >= 4 and ${name} % ${folded})`;
    const condition = and(published, or(sql`${name} like ${contains}`, sql`kilig_fold(${ms.description}) like ${contains}`, tagMatch, similar));
    const rank = sql`case when ${name} like ${prefix} then 0 when ${name} like ${contains} then 1 when ${tagMatch} then 2 when kilig_fold(${ms.description}) like ${contains} then 3 else 4 end`;
    const [rows, [{ total }]] = await Promise.all([
      d
        .select(cardColumns)
        .from(ms)
        .where(condition)
        .orderBy(rank, sql`similarity(${name}, ${folded}) desc`, ...latestFirst)
        .limit(clampLimit(opts.limit))
        .offset(clampOffset(opts.offset)),
      d.select({ total: count() }).from(ms).where(condition),
    ]);
    return { items: await toCards(d, rows), total: Number(total) };
  }

  return {
    listGenres,
    listTags,
    listBanners,
    listLatest,
    listTitles,
    listTitlesGroupedByGenre,
    getTitle,
    listArtists,
    searchTitles,
  };
}

export type Catalog = ReturnType<typeof createCatalog>;

const appCatalog = createCatalog(getDb);

export const listGenres = appCatalog.listGenres;
export const listTags = appCatalog.listTags;
export const listBanners = appCatalog.listBanners;
export const listLatest = appCatalog.listLatest;
export const listTitles = appCatalog.listTitles;
export const listTitlesGroupedByGenre = appCatalog.listTitlesGroupedByGenre;
export const getTitle = appCatalog.getTitle;
export const listArtists = appCatalog.listArtists;
export const searchTitles = appCatalog.searchTitles;

export { episodeVisible, titleVisible, videoReleased } from './visibility';
