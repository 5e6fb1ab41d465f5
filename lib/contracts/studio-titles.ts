import { z } from 'zod';
import { isId } from '@/lib/ids';

/**
 * The studio's catalogue editing (api/admin/titles, seasons, episodes, banners, images, taxonomy): the schemas the
 * handlers parse with and the studio forms validate with before sending, so a field error reads the same in both.
 */

export const idSchema = z.string().trim().refine(isId, 'must be a 24-hex id');
export const idParamsSchema = z.object({ id: idSchema });

export const TITLE_TYPES = ['movie', 'series'] as const;
export type TitleType = (typeof TITLE_TYPES)[number];
/** movie_series.type (spec §9): 1 = movie, 2 = series. */
export const TITLE_TYPE_CODE: Record<TitleType, 1 | 2> = { movie: 1, series: 2 };

export const PUBLISH_STATES = ['published', 'draft', 'scheduled'] as const;
export type PublishState = (typeof PUBLISH_STATES)[number];

export const STUDIO_PAGE_SIZE = 20;
/** Largest coin price of one episode: the top coin plan is far below it, so a typo (10000 for 100) is refused. */
export const MAX_COIN_PRICE = 1000;
export const MAX_EPISODE_NUMBER = 9999;

/** Query flags arrive as text: only the two words mean anything. */
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

export const titleListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  type: z.enum(TITLE_TYPES).optional(),
  status: z.enum(PUBLISH_STATES).optional(),
  premium: flag.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(STUDIO_PAGE_SIZE),
});
export type TitleListQuery = z.infer<typeof titleListQuerySchema>;

/**
 * An image reference as movie_series.thumbnail / banner keep it: empty, a site path ('/demo/art/…'), an absolute
 * http(s) URL, or a path under the media base that `POST api/admin/images` answers ('images/<hex>/poster.webp').
 */
export const imageRefSchema = z
  .string()
  .trim()
  .max(500)
  .regex(/^(|\/[^\s]*|https?:\/\/[^\s]+|images\/[0-9a-f]{16}\/[a-z0-9-]+\.webp)$/, 'must be an uploaded image, a site path or an http(s) URL');

const ids = (max: number, min = 0) =>
  z
    .array(idSchema)
    .min(min, 'List at least one item')
    .max(max)
    .refine((list) => new Set(list).size === list.length, 'must not repeat an item');

export const titleSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(120),
  type: z.enum(TITLE_TYPES),
  description: z.string().trim().max(4000).default(''),
  releaseYear: z.number().int().min(1900).max(2100),
  isPremium: z.boolean().default(false),
  genreIds: ids(20).default([]),
  tagIds: ids(40).default([]),
  artistIds: ids(50).default([]),
  thumbnail: imageRefSchema.default(''),
  banner: imageRefSchema.default(''),
});
export type TitleInput = z.input<typeof titleSchema>;
export type TitleBody = z.infer<typeof titleSchema>;

export const PUBLISH_ACTIONS = ['publish', 'unpublish', 'schedule'] as const;
export type PublishAction = (typeof PUBLISH_ACTIONS)[number];

/** Publish now, unpublish, or schedule: `at` (an ISO instant with its offset) is needed for, and only read by, 'schedule'. */
export const publishSchema = z
  .object({
    action: z.enum(PUBLISH_ACTIONS),
    at: z.iso.datetime({ offset: true }).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.action !== 'schedule') return;
    if (!b.at) ctx.addIssue({ code: 'custom', message: 'Choose a date and time', path: ['at'] });
    else if (Date.parse(b.at) <= Date.now()) ctx.addIssue({ code: 'custom', message: 'Choose a time in the future', path: ['at'] });
    else if (Date.parse(b.at) > Date.now() + 2 * 365 * 86_400_000) ctx.addIssue({ code: 'custom', message: 'Choose a time within two years', path: ['at'] });
  });
export type PublishBody = z.infer<typeof publishSchema>;

export const seasonSchema = z.object({
  seasonNumber: z.number().int().min(1).max(999),
  title: z.string().trim().max(120).nullable().default(null),
});
export type SeasonInput = z.input<typeof seasonSchema>;

const episodeFields = {
  episodeNumber: z.number().int().min(1).max(MAX_EPISODE_NUMBER),
  title: z.string().trim().max(200).nullable().default(null),
  description: z.string().trim().max(4000).default(''),
  seasonId: idSchema.nullable().default(null),
  isPremium: z.boolean().default(false),
  coinPrice: z.number().int().min(0).max(MAX_COIN_PRICE).default(0),
};

/** A premium episode is unlocked with coins, so it has a price; a free one costs nothing. */
function priceMatchesAccess(b: { isPremium?: boolean; coinPrice?: number }, ctx: z.RefinementCtx): void {
  if (b.isPremium === undefined || b.coinPrice === undefined) return;
  if (b.isPremium && b.coinPrice < 1) ctx.addIssue({ code: 'custom', message: 'A premium episode needs a coin price', path: ['coinPrice'] });
  if (!b.isPremium && b.coinPrice > 0) ctx.addIssue({ code: 'custom', message: 'A free episode costs no coins', path: ['coinPrice'] });
}

export const episodeSchema = z.object(episodeFields).superRefine(priceMatchesAccess);
export type EpisodeInput = z.input<typeof episodeSchema>;
export type EpisodeBody = z.infer<typeof episodeSchema>;

/** An edit sends only what changed; the price rule is checked again against the stored row by the domain. */
export const episodeUpdateSchema = z
  .object({
    episodeNumber: episodeFields.episodeNumber.optional(),
    title: z.string().trim().max(200).nullable().optional(),
    description: z.string().trim().max(4000).optional(),
    seasonId: idSchema.nullable().optional(),
    isPremium: z.boolean().optional(),
    coinPrice: z.number().int().min(0).max(MAX_COIN_PRICE).optional(),
  })
  .superRefine(priceMatchesAccess);
export type EpisodeUpdateBody = z.infer<typeof episodeUpdateSchema>;

/** The new order, every item once: the episodes of a title (its trailer aside), or all banners. */
export const reorderSchema = z.object({ ids: ids(1000, 1) });

export const bannerCreateSchema = z.object({ movieSeriesId: idSchema, image: imageRefSchema.default('') });
export const bannerUpdateSchema = z
  .object({ isActive: z.boolean().optional(), image: imageRefSchema.optional() })
  .refine((b) => b.isActive !== undefined || b.image !== undefined, 'Nothing to change');

export const artistCreateSchema = z.object({ name: z.string().trim().min(1, 'Enter a name').max(120) });

export const IMAGE_KINDS = ['poster', 'banner'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const imageQuerySchema = z.object({ kind: z.enum(IMAGE_KINDS) });
/** An upload is refused above this before it is decoded. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Field → first message, from a zod error: what a form shows beside each input. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : '_form';
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * The server's `E_VALIDATION` message ('Invalid body: name: Too small; coinPrice: …') split back into fields, for
 * the rare error the form's own check let through (a rule only the server can see). Unnamed parts go to `_form`.
 */
export function fieldErrorsFromMessage(message: string): Record<string, string> {
  const out: Record<string, string> = {};
  const text = message.replace(/^Invalid (body|query|path): /, '');
  for (const part of text.split('; ')) {
    const m = /^([A-Za-z]+)(?:\.[\w.]+)?: (.+)$/.exec(part);
    if (m) out[m[1]] ??= m[2];
    else out._form ??= part;
  }
  return out;
}

// ---- answers and bodies of the studio-titles calls (lib/api/studio-titles.ts) ----


/**
 * The studio's catalogue calls (api/admin/titles, seasons, episodes, banners, images, taxonomy), one function per call.
 * The answers' shapes are declared here, once; the server (lib/server/studio/titles.ts, episodes.ts, banners.ts)
 * imports them.
 */


export type MediaStatus = 'pending' | 'processing' | 'ready' | 'failed';

export type StudioEpisode = {
  id: string;
  episodeNumber: number;
  title: string | null;
  description: string;
  seasonId: string | null;
  isPremium: boolean;
  coinPrice: number;
  durationSeconds: number;
  mediaStatus: MediaStatus;
  isPublished: boolean;
  publishAt: string | null;
  status: PublishState;
};

export type StudioTitleSummary = {
  id: string;
  name: string;
  type: TitleType;
  isPremium: boolean;
  thumbnailUrl: string;
  isPublished: boolean;
  publishedAt: string;
  status: PublishState;
  episodeCount: number;
  updatedAt: string;
};

export type StudioSeason = { id: string; seasonNumber: number; title: string | null };

export type StudioTitle = Omit<StudioTitleSummary, 'episodeCount'> & {
  slug: string;
  description: string;
  releaseYear: number;
  thumbnail: string;
  banner: string;
  bannerUrl: string;
  genreIds: string[];
  tagIds: string[];
  artistIds: string[];
  seasons: StudioSeason[];
  episodes: StudioEpisode[];
  trailer: StudioEpisode | null;
  publicPath: string;
};

export type TitlePage = { items: StudioTitleSummary[]; total: number; page: number; limit: number };
export type Option = { id: string; name: string };
export type Taxonomy = { genres: Option[]; tags: Option[]; artists: Option[] };
export type StudioBanner = { id: string; movieSeriesId: string; titleName: string; image: string; imageUrl: string; sortOrder: number; isActive: boolean };
export type UploadedImage = { path: string; url: string; variants: { path: string; url: string; width: number; height: number }[] };
export type PublishRequest = { action: PublishAction; at?: string };

export type ListQuery = Partial<Omit<TitleListQuery, 'premium'>> & { premium?: boolean };
