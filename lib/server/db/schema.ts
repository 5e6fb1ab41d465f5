import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The Drizzle schema of the one database, PostgreSQL (the embedded server of `npm start`, or any at DATABASE_URL);
 * migrations in ./migrations are generated from it with `npm run db:generate` and applied by lib/server/db/migrate.ts.
 *
 * Conventions
 * - Primary keys are 24-hex text ids (`newId()` from lib/ids.ts; the seed derives them from natural keys).
 * - Every table has created_at / updated_at (timestamptz). updated_at is set by the application on update
 *   (Drizzle's `$onUpdate`), not by a trigger.
 * - Money is always an integer number of centavos. Coins are integers.
 * - Search uses the `unaccent` and `pg_trgm` contrib extensions (migration 0001), which every PostgreSQL
 *   distribution ships, the embedded server's included.
 * - Needs PostgreSQL ≥ 12 (generated columns); the embedded server is PostgreSQL 17.
 */

const id = () => text('id').primaryKey();
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

// ---------------------------------------------------------------------------------------------------------------------
// Users

export const USER_ROLES = ['viewer', 'editor', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const users = pgTable(
  'users',
  {
    id: id(),
    firebaseUid: text('firebase_uid').notNull(),
    /** spec §9: 2 Google, 4 Apple, 5 e-mail; 0 = anonymous guest (if guests are ever stored). */
    loginType: integer('login_type').notNull(),
    name: text('name').notNull().default(''),
    email: text('email'),
    image: text('image'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    coins: integer('coins').notNull().default(0),
    /** Active VIP while now() < vip_expires_at, or forever when vip_lifetime. */
    vipExpiresAt: ts('vip_expires_at'),
    vipLifetime: boolean('vip_lifetime').notNull().default(false),
    fcmToken: text('fcm_token'),
    isBlocked: boolean('is_blocked').notNull().default(false),
    /**
     * Copied into every product access token (`ver` claim) and compared on every call: raising it (account deletion,
     * blocking, 'log out everywhere') makes all of the user's tokens fail at once (lib/server/auth/session.ts).
     */
    tokenVersion: integer('token_version').notNull().default(0),
    lastLoginAt: ts('last_login_at'),
    /** Auto-unlock of the next episode with coins (issue 11): off by default; a daily cap in Asia/Manila days. */
    autoUnlockEnabled: boolean('auto_unlock_enabled').notNull().default(false),
    autoUnlockCapKind: text('auto_unlock_cap_kind').$type<'episodes' | 'coins'>().notNull().default('episodes'),
    autoUnlockCap: integer('auto_unlock_cap').notNull().default(5),
    /** Studio role (issue 13): viewer (default), editor (content), admin (content, prices, plans, roles). Granted only by `npm run user:role`. */
    role: text('role').$type<UserRole>().notNull().default('viewer'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_firebase_uid_uq').on(t.firebaseUid),
    index('users_email_idx').on(sql`lower(${t.email})`),
    check('users_coins_non_negative', sql`${t.coins} >= 0`),
    check('users_auto_unlock_cap_kind_check', sql`${t.autoUnlockCapKind} in ('episodes', 'coins')`),
    check('users_auto_unlock_cap_positive', sql`${t.autoUnlockCap} > 0`),
    check('users_role_check', sql`${t.role} in ('viewer', 'editor', 'admin')`),
  ],
);

// ---------------------------------------------------------------------------------------------------------------------
// Catalogue

export const movieSeries = pgTable(
  'movie_series',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    /** 1 = movie, 2 = series (spec §9). */
    type: smallint('type').notNull(),
    isPremium: boolean('is_premium').notNull().default(false),
    /** 9:16 poster; a site path ('/demo/art/…') or absolute URL. */
    thumbnail: text('thumbnail').notNull().default(''),
    /** 16:9 banner; a site path or absolute URL. */
    banner: text('banner').notNull().default(''),
    trailerVideoId: text('trailer_video_id').references((): AnyPgColumn => videos.id, { onDelete: 'set null' }),
    releaseYear: integer('release_year').notNull(),
    /** Counter kept by the my-list domain in the same transaction as the my_list insert/delete. */
    totalAddedToList: integer('total_added_to_list').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(true),
    /** Ordering key of "latest" lists. */
    publishedAt: ts('published_at').notNull().defaultNow(),
    /** Full-text search vector (built-in 'simple' config, no extension): name weighted A, description B. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('simple'::regconfig, coalesce(${movieSeries.name}, '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce(${movieSeries.description}, '')), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('movie_series_slug_uq').on(t.slug),
    index('movie_series_type_published_idx').on(t.type, t.publishedAt),
    index('movie_series_published_idx').on(t.publishedAt),
    index('movie_series_trailer_video_idx').on(t.trailerVideoId),
    index('movie_series_search_idx').using('gin', t.searchVector),
    check('movie_series_type_check', sql`${t.type} in (1, 2)`),
    check('movie_series_total_added_non_negative', sql`${t.totalAddedToList} >= 0`),
  ],
);

export const seasons = pgTable(
  'seasons',
  {
    id: id(),
    movieSeriesId: text('movie_series_id')
      .notNull()
      .references(() => movieSeries.id, { onDelete: 'cascade' }),
    seasonNumber: integer('season_number').notNull(),
    /** Shown as 'Season {n}: {title}' when set (spec §2). */
    title: text('title'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('seasons_series_number_uq').on(t.movieSeriesId, t.seasonNumber),
    check('seasons_number_positive', sql`${t.seasonNumber} >= 1`),
  ],
);

export const MEDIA_STATUSES = ['pending', 'processing', 'ready', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

export const videos = pgTable(
  'videos',
  {
    id: id(),
    movieSeriesId: text('movie_series_id')
      .notNull()
      .references(() => movieSeries.id, { onDelete: 'cascade' }),
    seasonId: text('season_id').references(() => seasons.id, { onDelete: 'set null' }),
    /** 0 = trailer, 1 = the movie for movies; for series numbers run on across seasons (the player route uses them). */
    episodeNumber: integer('episode_number').notNull(),
    title: text('title'),
    description: text('description').notNull().default(''),
    isPremium: boolean('is_premium').notNull().default(false),
    coinPrice: integer('coin_price').notNull().default(0),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    /** Optional override of the episode thumbnail (site path, absolute URL, or path relative to the media base). */
    thumbnail: text('thumbnail'),
    /** Random 16-hex folder of the encrypted package under MEDIA_DIR; never exposed for locked episodes. */
    mediaPath: text('media_path').notNull(),
    /** Demo clip the package was made from (media/demo/<clipId>); null for uploaded media. */
    sourceClipId: text('source_clip_id'),
    /** CENC key id, 32 hex. */
    drmKeyId: text('drm_key_id').notNull(),
    /** Content key sealed with MEDIA_KEY_SECRET (lib/server/drm/keys.ts). Never leaves the server. */
    sealedKey: text('sealed_key').notNull(),
    hasSubtitles: boolean('has_subtitles').notNull().default(false),
    /**
     * Studio (issue 13). A viewer sees an episode only while it is published, its publish_at (if any) has come, and its
     * media is 'ready'. An episode made in the studio starts 'pending' with its own key id, sealed key and media
     * folder already chosen; the ingest job packages into that folder with that key and sets 'ready'.
     */
    isPublished: boolean('is_published').notNull().default(true),
    publishAt: ts('publish_at'),
    mediaStatus: text('media_status').$type<MediaStatus>().notNull().default('ready'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Stricter than (series, season, number): /episodes/episode-{n}-… addresses an episode by title + number alone.
    unique('videos_series_episode_uq').on(t.movieSeriesId, t.episodeNumber),
    index('videos_season_idx').on(t.seasonId),
    uniqueIndex('videos_media_path_uq').on(t.mediaPath),
    uniqueIndex('videos_drm_key_id_uq').on(t.drmKeyId),
    check('videos_episode_number_non_negative', sql`${t.episodeNumber} >= 0`),
    check('videos_coin_price_non_negative', sql`${t.coinPrice} >= 0`),
    check('videos_duration_non_negative', sql`${t.durationSeconds} >= 0`),
    check('videos_media_status_check', sql`${t.mediaStatus} in ('pending', 'processing', 'ready', 'failed')`),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('categories_slug_uq').on(t.slug), index('categories_sort_idx').on(t.sortOrder)],
);

export const movieSeriesCategories = pgTable(
  'movie_series_categories',
  {
    movieSeriesId: text('movie_series_id')
      .notNull()
      .references(() => movieSeries.id, { onDelete: 'cascade' }),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'movie_series_categories_pk', columns: [t.movieSeriesId, t.categoryId] }),
    index('movie_series_categories_category_idx').on(t.categoryId),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: id(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Tag filters match case-insensitively (spec §4), so names are unique case-insensitively too.
  (t) => [uniqueIndex('tags_name_uq').on(t.name), uniqueIndex('tags_name_lower_uq').on(sql`lower(${t.name})`)],
);

export const movieSeriesTags = pgTable(
  'movie_series_tags',
  {
    movieSeriesId: text('movie_series_id')
      .notNull()
      .references(() => movieSeries.id, { onDelete: 'cascade' }),
    tagId: text('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'movie_series_tags_pk', columns: [t.movieSeriesId, t.tagId] }),
    index('movie_series_tags_tag_idx').on(t.tagId),
  ],
);

export const artists = pgTable(
  'artists',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    bio: text('bio').notNull().default(''),
    image: text('image').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('artists_slug_uq').on(t.slug)],
);

export const artistTitles = pgTable(
  'artist_titles',
  {
    artistId: text('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    movieSeriesId: text('movie_series_id')
      .notNull()
      .references(() => movieSeries.id, { onDelete: 'cascade' }),
    role: text('role'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'artist_titles_pk', columns: [t.artistId, t.movieSeriesId] }),
    index('artist_titles_movie_series_idx').on(t.movieSeriesId),
  ],
);

export const banners = pgTable(
  'banners',
  {
    id: id(),
    movieSeriesId: text('movie_series_id')
      .notNull()
      .references(() => movieSeries.id, { onDelete: 'cascade' }),
    /** Wide image; empty = use the title's banner. */
    image: text('image').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('banners_movie_series_idx').on(t.movieSeriesId), index('banners_active_sort_idx').on(t.isActive, t.sortOrder)],
);

// ---------------------------------------------------------------------------------------------------------------------
// Engagement

export const myList = pgTable(
  'my_list',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    movieSeriesId: text('movie_series_id')
      .notNull()
      .references(() => movieSeries.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('my_list_user_series_uq').on(t.userId, t.movieSeriesId),
    index('my_list_movie_series_idx').on(t.movieSeriesId),
    index('my_list_user_created_idx').on(t.userId, t.createdAt),
  ],
);

export const likes = pgTable(
  'likes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('likes_user_video_uq').on(t.userId, t.videoId), index('likes_video_idx').on(t.videoId)],
);

export const ratings = pgTable(
  'ratings',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('ratings_user_video_uq').on(t.userId, t.videoId),
    index('ratings_video_idx').on(t.videoId),
    check('ratings_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

// ---------------------------------------------------------------------------------------------------------------------
// Coins

export const coinPlans = pgTable(
  'coin_plans',
  {
    id: id(),
    coins: integer('coins').notNull(),
    bonusCoins: integer('bonus_coins').notNull().default(0),
    priceCentavos: integer('price_centavos').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('coin_plans_active_sort_idx').on(t.isActive, t.sortOrder),
    check('coin_plans_coins_positive', sql`${t.coins} > 0 and ${t.bonusCoins} >= 0`),
    check('coin_plans_price_positive', sql`${t.priceCentavos} > 0`),
  ],
);

/** Append-only. `users.coins` is updated in the same transaction; balance_after is the balance after this entry. */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    /** e.g. 'coin_plan_purchase', 'episode_unlock', 'bonus', 'refund', 'adjustment'. */
    reason: text('reason').notNull(),
    /** Id of the payment / video / … the entry is about. (user, reason, reference) is unique: no double credit. */
    reference: text('reference'),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('coin_ledger_user_created_idx').on(t.userId, t.createdAt),
    index('coin_ledger_created_idx').on(t.createdAt),
    uniqueIndex('coin_ledger_user_reason_reference_uq').on(t.userId, t.reason, t.reference),
    check('coin_ledger_balance_non_negative', sql`${t.balanceAfter} >= 0`),
  ],
);

export const episodeUnlocks = pgTable(
  'episode_unlocks',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    coinsSpent: integer('coins_spent').notNull(),
    /**
     * The episode's price for this viewer before any bundle discount (what 'a price never rises mid-series' compares);
     * coins_spent is lower when the episode came in an 'unlock all remaining' bundle. Null on rows written before it
     * existed: read as coins_spent.
     */
    listPrice: integer('list_price'),
    /** Made by auto-unlock (counted against the user's daily cap). */
    auto: boolean('auto').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('episode_unlocks_user_video_uq').on(t.userId, t.videoId),
    index('episode_unlocks_video_idx').on(t.videoId),
    index('episode_unlocks_created_idx').on(t.createdAt),
    index('episode_unlocks_user_created_idx').on(t.userId, t.createdAt),
    // Today's automatic unlocks of one user (the daily cap).
    index('episode_unlocks_user_auto_created_idx').on(t.userId, t.createdAt).where(sql`${t.auto}`),
    check('episode_unlocks_coins_non_negative', sql`${t.coinsSpent} >= 0`),
  ],
);

// ---------------------------------------------------------------------------------------------------------------------
// VIP subscription, premium videos, payments

export const vipPlans = pgTable(
  'vip_plans',
  {
    id: id(),
    /** 'weekly' | 'monthly' | 'lifetime' … shown capitalised (spec §2). */
    subscriptionType: text('subscription_type').notNull(),
    priceCentavos: integer('price_centavos').notNull(),
    /** null = lifetime. */
    validityDays: integer('validity_days'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vip_plans_subscription_type_uq').on(t.subscriptionType),
    index('vip_plans_active_sort_idx').on(t.isActive, t.sortOrder),
    check('vip_plans_price_positive', sql`${t.priceCentavos} > 0`),
    check('vip_plans_validity_positive', sql`${t.validityDays} is null or ${t.validityDays} > 0`),
  ],
);

export const PAYMENT_KINDS = ['vip', 'coins', 'premium_video'] as const;
/**
 * pending → paid | failed | expired | cancelled (the account was deleted, or the buyer got the item another way
 * before paying); paid → refunded once the gateway confirms a refund (payments.refund_*).
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired', 'cancelled', 'refunded'] as const;
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const payments = pgTable(
  'payments',
  {
    id: id(),
    kind: text('kind').$type<PaymentKind>().notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    amountCentavos: integer('amount_centavos').notNull(),
    currency: text('currency').notNull().default('PHP'),
    /** Gateway adapter name, e.g. 'sandbox'. */
    provider: text('provider').notNull(),
    /** The gateway's id of the checkout / transaction. */
    providerRef: text('provider_ref'),
    /** Our merchant order id (spec: mchOrderId). */
    mchOrderId: text('mch_order_id'),
    /** Session identifier (spec §3: PAYMENT_… / PREMIUM_… / QR_…). */
    requestId: text('request_id'),
    /** Null once the user deleted their account: payment records outlive accounts (tax and accounting retention). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    vipPlanId: text('vip_plan_id').references(() => vipPlans.id, { onDelete: 'restrict' }),
    coinPlanId: text('coin_plan_id').references(() => coinPlans.id, { onDelete: 'restrict' }),
    videoId: text('video_id').references(() => videos.id, { onDelete: 'restrict' }),
    paymentMethod: text('payment_method'),
    billingMode: text('billing_mode').notNull().default('one_time'),
    userInfo: jsonb('user_info').$type<Record<string, unknown>>(),
    paymentUrl: text('payment_url'),
    failureReason: text('failure_reason'),
    /**
     * Set when a gateway event for this payment did not match it (amount or currency) or came too late (paid after it
     * expired): such a payment is never fulfilled automatically and waits for a person (logged at error level).
     */
    flagReason: text('flag_reason'),
    /** When the payment was first flagged. */
    flaggedAt: ts('flagged_at'),
    /** A person looked at the flag and closed it (the studio's Payments page), with a note; audited. */
    flagResolvedAt: ts('flag_resolved_at'),
    flagResolvedBy: text('flag_resolved_by').references(() => users.id, { onDelete: 'set null' }),
    flagNote: text('flag_note'),
    /**
     * Money given back through the gateway (lib/server/payments/refunds.ts): requested automatically for a payment that
     * bought nothing (the buyer already had the item) or by an admin for a flagged one; worked by the `payments.refund`
     * job. `succeeded` moves the payment to 'refunded'.
     */
    refundStatus: text('refund_status').$type<RefundStatus>(),
    refundReason: text('refund_reason'),
    /** Null when the refund was automatic. */
    refundRequestedBy: text('refund_requested_by').references(() => users.id, { onDelete: 'set null' }),
    refundRequestedAt: ts('refund_requested_at'),
    /** The gateway's refund id. */
    refundRef: text('refund_ref'),
    refundError: text('refund_error'),
    refundedAt: ts('refunded_at'),
    /** When `PATCH api/client/user/subscribe` confirmed this paid VIP payment (fulfilment itself happened at paid_at). */
    appliedAt: ts('applied_at'),
    paidAt: ts('paid_at'),
    expiresAt: ts('expires_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_uq').on(t.providerRef),
    uniqueIndex('payments_mch_order_id_uq').on(t.mchOrderId),
    uniqueIndex('payments_request_id_uq').on(t.requestId),
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    index('payments_status_idx').on(t.status),
    index('payments_vip_plan_idx').on(t.vipPlanId),
    index('payments_coin_plan_idx').on(t.coinPlanId),
    index('payments_video_idx').on(t.videoId),
    // Studio insights: revenue per day.
    index('payments_paid_at_idx').on(t.paidAt).where(sql`${t.status} = 'paid'`),
    check('payments_kind_check', sql`${t.kind} in ('vip', 'coins', 'premium_video')`),
    check('payments_status_check', sql`${t.status} in ('pending', 'paid', 'failed', 'expired', 'cancelled', 'refunded')`),
    check('payments_refund_status_check', sql`${t.refundStatus} is null or ${t.refundStatus} in ('pending', 'succeeded', 'failed')`),
    // A buyer has at most one open checkout per premium video: a second request answers the open one.
    uniqueIndex('payments_pending_premium_uq').on(t.userId, t.videoId).where(sql`${t.status} = 'pending' and ${t.kind} = 'premium_video'`),
    // The studio's queue of what needs a person: flagged and not yet resolved.
    index('payments_flag_open_idx').on(t.createdAt).where(sql`${t.flagReason} is not null and ${t.flagResolvedAt} is null`),
    check('payments_amount_positive', sql`${t.amountCentavos} > 0`),
    check(
      'payments_target_check',
      sql`(${t.kind} = 'vip' and ${t.vipPlanId} is not null) or (${t.kind} = 'coins' and ${t.coinPlanId} is not null) or (${t.kind} = 'premium_video' and ${t.videoId} is not null)`,
    ),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vipPlanId: text('vip_plan_id')
      .notNull()
      .references(() => vipPlans.id, { onDelete: 'restrict' }),
    startsAt: ts('starts_at').notNull(),
    /** null = lifetime. */
    expiresAt: ts('expires_at'),
    paymentId: text('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_user_expires_idx').on(t.userId, t.expiresAt),
    index('subscriptions_vip_plan_idx').on(t.vipPlanId),
    uniqueIndex('subscriptions_payment_uq').on(t.paymentId),
  ],
);

export const premiumVideoPrices = pgTable(
  'premium_video_prices',
  {
    id: id(),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    priceCentavos: integer('price_centavos').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('premium_video_prices_video_uq').on(t.videoId),
    check('premium_video_prices_price_positive', sql`${t.priceCentavos} > 0`),
  ],
);

export const premiumPurchases = pgTable(
  'premium_purchases',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'restrict' }),
    paymentId: text('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    priceCentavos: integer('price_centavos').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('premium_purchases_user_video_uq').on(t.userId, t.videoId),
    index('premium_purchases_video_idx').on(t.videoId),
    index('premium_purchases_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('premium_purchases_payment_uq').on(t.paymentId),
  ],
);

export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    provider: text('provider').notNull(),
    providerEventId: text('provider_event_id').notNull(),
    eventType: text('event_type'),
    payload: jsonb('payload').notNull(),
    signatureOk: boolean('signature_ok').notNull(),
    paymentId: text('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    processedAt: ts('processed_at'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Event ids are unique per gateway only: two gateways may both send 'evt_1'.
    uniqueIndex('webhook_events_provider_event_uq').on(t.provider, t.providerEventId),
    index('webhook_events_payment_idx').on(t.paymentId),
  ],
);

export const SANDBOX_CHECKOUT_STATUSES = ['open', 'paid', 'failed', 'expired', 'cancelled', 'refunded'] as const;
export type SandboxCheckoutStatus = (typeof SANDBOX_CHECKOUT_STATUSES)[number];

/**
 * The sandbox gateway's own state (lib/server/payments/gateways/sandbox.ts): one hosted checkout per payment attempt,
 * in the database so that any app instance can serve the checkout page and answer fetchStatus. In a real deployment
 * this state lives at the gateway.
 */
export const sandboxCheckouts = pgTable(
  'sandbox_checkouts',
  {
    /** Random, unguessable: the checkout page's address (/pay/{id}) and the gateway reference (payments.provider_ref). */
    id: id(),
    requestId: text('request_id').notNull(),
    amountCentavos: integer('amount_centavos').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    paymentMethod: text('payment_method').notNull(),
    buyerEmail: text('buyer_email'),
    /** Where the browser goes after the outcome (our return page). */
    returnUrl: text('return_url').notNull(),
    qr: boolean('qr').notNull().default(false),
    status: text('status').$type<SandboxCheckoutStatus>().notNull().default('open'),
    /** Why a checkout failed ('Card declined', 'Insufficient funds', 'Cancelled by the buyer'). */
    failureReason: text('failure_reason'),
    expiresAt: ts('expires_at').notNull(),
    completedAt: ts('completed_at'),
    /** The sandbox's refund of a paid checkout (its refund id is `refund_<checkout id>`). */
    refundedAt: ts('refunded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sandbox_checkouts_request_id_uq').on(t.requestId),
    check('sandbox_checkouts_status_check', sql`${t.status} in ('open', 'paid', 'failed', 'expired', 'cancelled', 'refunded')`),
    check('sandbox_checkouts_amount_positive', sql`${t.amountCentavos} > 0`),
  ],
);

// ---------------------------------------------------------------------------------------------------------------------
// Durable jobs (docs/architecture.md 'Jobs'; lib/server/jobs)

export const JOB_STATES = ['queued', 'running', 'done', 'dead'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * One row per job. Workers claim with `SELECT … FOR UPDATE SKIP LOCKED`, so any number of instances can work the
 * queue; a claimed job carries locked_by/locked_until, and a running job whose lock expired (its worker died) is
 * claimed again. A failure puts it back with exponential backoff until max_attempts, then it is 'dead' (kept for
 * inspection). dedupe_key makes enqueueing idempotent (one delivery per event, one reconcile run per period).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state').$type<JobState>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    runAt: ts('run_at').notNull().defaultNow(),
    lastError: text('last_error'),
    lockedBy: text('locked_by'),
    lockedUntil: ts('locked_until'),
    dedupeKey: text('dedupe_key'),
    finishedAt: ts('finished_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('jobs_dedupe_key_uq').on(t.dedupeKey),
    index('jobs_state_run_at_idx').on(t.state, t.runAt),
    check('jobs_state_check', sql`${t.state} in ('queued', 'running', 'done', 'dead')`),
    check('jobs_attempts_check', sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
  ],
);

// ---------------------------------------------------------------------------------------------------------------------
// Watch sessions (spec §3, §4)

export const WATCH_SESSION_STATUSES = ['active', 'paused', 'completed', 'stopped'] as const;
export type WatchSessionStatus = (typeof WATCH_SESSION_STATUSES)[number];

export const watchSessions = pgTable(
  'watch_sessions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    sessionStartTime: ts('session_start_time').notNull(),
    sessionEndTime: ts('session_end_time'),
    deviceInfo: jsonb('device_info').$type<Record<string, unknown>>(),
    location: jsonb('location').$type<Record<string, unknown> | null>(),
    videoQuality: text('video_quality').notNull().default('auto'),
    totalWatchTime: integer('total_watch_time').notNull().default(0),
    watchPercentage: real('watch_percentage').notNull().default(0),
    isPaused: boolean('is_paused').notNull().default(false),
    pauseCount: integer('pause_count').notNull().default(0),
    resumeCount: integer('resume_count').notNull().default(0),
    isCompleted: boolean('is_completed').notNull().default(false),
    status: text('status').$type<WatchSessionStatus>().notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('watch_sessions_user_status_idx').on(t.userId, t.status),
    index('watch_sessions_video_idx').on(t.videoId),
    // Studio insights: viewers and watch time per episode over a period.
    index('watch_sessions_video_start_idx').on(t.videoId, t.sessionStartTime),
    // Studio insights: the all-titles overview of a date range (scripts/bench-insights.ts: a full scan without it).
    index('watch_sessions_start_idx').on(t.sessionStartTime),
    check('watch_sessions_status_check', sql`${t.status} in ('active', 'paused', 'completed', 'stopped')`),
    check('watch_sessions_percentage_range', sql`${t.watchPercentage} >= 0 and ${t.watchPercentage} <= 100`),
  ],
);

// ---------------------------------------------------------------------------------------------------------------------
// Settings and content pages

/** Key/value settings (spec §7 retrieveSettingsForUser). Keys used by the seed: see seed-data.ts SETTINGS. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type ContentPageBody = { sections: { heading: string; paragraphs: string[] }[] };

export const contentPages = pgTable(
  'content_pages',
  {
    id: id(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    /** Texts may contain {brand}, {contactEmail}, {postalAddress}: see lib/server/db/policies.ts fillPlaceholders(). */
    body: jsonb('body').$type<ContentPageBody>().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('content_pages_slug_uq').on(t.slug)],
);

// ---------------------------------------------------------------------------------------------------------------------
// Studio (issue 13)

/**
 * Append-only: who changed what, the row before and after, when. Written in the same transaction as the change
 * (lib/server/studio/audit.ts). actor_id is null for the `user:role` command; actor_email keeps the name after a
 * deletion.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    /** 'title.create', 'episode.update', 'coin_plan.update', 'user.role', … */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
  ],
);

export const INGEST_STATES = ['queued', 'running', 'ready', 'failed'] as const;
export type IngestState = (typeof INGEST_STATES)[number];

/**
 * One row per ingest of an uploaded file into an episode's package (lib/server/studio/ingest). The durable job
 * ('media.ingest') updates stage and percent as ffmpeg reports progress; a failure keeps ffmpeg's reason in `error`.
 */
export const mediaIngests = pgTable(
  'media_ingests',
  {
    id: id(),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    /** The uploaded source file (under the upload folder) and optional WebVTT subtitles. */
    sourcePath: text('source_path').notNull(),
    subtitlesPath: text('subtitles_path'),
    state: text('state').$type<IngestState>().notNull().default('queued'),
    /** 'queued', 'probing', 'transcoding', 'encrypting', 'finishing', 'ready', 'failed'. */
    stage: text('stage').notNull().default('queued'),
    percent: integer('percent').notNull().default(0),
    error: text('error'),
    jobId: text('job_id'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('media_ingests_video_idx').on(t.videoId, t.createdAt),
    check('media_ingests_state_check', sql`${t.state} in ('queued', 'running', 'ready', 'failed')`),
    check('media_ingests_percent_check', sql`${t.percent} between 0 and 100`),
  ],
);
