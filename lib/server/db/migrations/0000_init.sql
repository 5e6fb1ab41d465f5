CREATE TABLE "artist_titles" (
	"artist_id" text NOT NULL,
	"movie_series_id" text NOT NULL,
	"role" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artist_titles_pk" PRIMARY KEY("artist_id","movie_series_id")
);
--> statement-breakpoint
CREATE TABLE "artists" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" text PRIMARY KEY NOT NULL,
	"movie_series_id" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coin_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"balance_after" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_ledger_balance_non_negative" CHECK ("coin_ledger"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coin_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"coins" integer NOT NULL,
	"bonus_coins" integer DEFAULT 0 NOT NULL,
	"price_centavos" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_plans_coins_positive" CHECK ("coin_plans"."coins" > 0 and "coin_plans"."bonus_coins" >= 0),
	CONSTRAINT "coin_plans_price_positive" CHECK ("coin_plans"."price_centavos" > 0)
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"body" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "episode_unlocks" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"video_id" text NOT NULL,
	"coins_spent" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episode_unlocks_user_video_uq" UNIQUE("user_id","video_id"),
	CONSTRAINT "episode_unlocks_coins_non_negative" CHECK ("episode_unlocks"."coins_spent" >= 0)
);
--> statement-breakpoint
CREATE TABLE "likes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"video_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_user_video_uq" UNIQUE("user_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "movie_series" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" smallint NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"thumbnail" text DEFAULT '' NOT NULL,
	"banner" text DEFAULT '' NOT NULL,
	"trailer_video_id" text,
	"release_year" integer NOT NULL,
	"total_added_to_list" integer DEFAULT 0 NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce("movie_series"."name", '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce("movie_series"."description", '')), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movie_series_type_check" CHECK ("movie_series"."type" in (1, 2)),
	CONSTRAINT "movie_series_total_added_non_negative" CHECK ("movie_series"."total_added_to_list" >= 0)
);
--> statement-breakpoint
CREATE TABLE "movie_series_categories" (
	"movie_series_id" text NOT NULL,
	"category_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movie_series_categories_pk" PRIMARY KEY("movie_series_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "movie_series_tags" (
	"movie_series_id" text NOT NULL,
	"tag_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movie_series_tags_pk" PRIMARY KEY("movie_series_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "my_list" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"movie_series_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "my_list_user_series_uq" UNIQUE("user_id","movie_series_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_centavos" integer NOT NULL,
	"currency" text DEFAULT 'PHP' NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"mch_order_id" text,
	"request_id" text,
	"user_id" text,
	"vip_plan_id" text,
	"coin_plan_id" text,
	"video_id" text,
	"payment_method" text,
	"billing_mode" text DEFAULT 'one_time' NOT NULL,
	"user_info" jsonb,
	"payment_url" text,
	"failure_reason" text,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('vip', 'coins', 'premium_video')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'paid', 'failed', 'expired')),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_centavos" > 0),
	CONSTRAINT "payments_target_check" CHECK (("payments"."kind" = 'vip' and "payments"."vip_plan_id" is not null) or ("payments"."kind" = 'coins' and "payments"."coin_plan_id" is not null) or ("payments"."kind" = 'premium_video' and "payments"."video_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "premium_purchases" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"video_id" text NOT NULL,
	"payment_id" text,
	"price_centavos" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "premium_purchases_user_video_uq" UNIQUE("user_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "premium_video_prices" (
	"id" text PRIMARY KEY NOT NULL,
	"video_id" text NOT NULL,
	"price_centavos" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "premium_video_prices_price_positive" CHECK ("premium_video_prices"."price_centavos" > 0)
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"video_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_user_video_uq" UNIQUE("user_id","video_id"),
	CONSTRAINT "ratings_rating_range" CHECK ("ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" text PRIMARY KEY NOT NULL,
	"movie_series_id" text NOT NULL,
	"season_number" integer NOT NULL,
	"title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seasons_series_number_uq" UNIQUE("movie_series_id","season_number"),
	CONSTRAINT "seasons_number_positive" CHECK ("seasons"."season_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"vip_plan_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"firebase_uid" text NOT NULL,
	"login_type" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text,
	"image" text,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"vip_expires_at" timestamp with time zone,
	"vip_lifetime" boolean DEFAULT false NOT NULL,
	"fcm_token" text,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_coins_non_negative" CHECK ("users"."coins" >= 0)
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" text PRIMARY KEY NOT NULL,
	"movie_series_id" text NOT NULL,
	"season_id" text,
	"episode_number" integer NOT NULL,
	"title" text,
	"description" text DEFAULT '' NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"coin_price" integer DEFAULT 0 NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"thumbnail" text,
	"media_path" text NOT NULL,
	"source_clip_id" text,
	"drm_key_id" text NOT NULL,
	"sealed_key" text NOT NULL,
	"has_subtitles" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_series_episode_uq" UNIQUE("movie_series_id","episode_number"),
	CONSTRAINT "videos_episode_number_non_negative" CHECK ("videos"."episode_number" >= 0),
	CONSTRAINT "videos_coin_price_non_negative" CHECK ("videos"."coin_price" >= 0),
	CONSTRAINT "videos_duration_non_negative" CHECK ("videos"."duration_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vip_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_type" text NOT NULL,
	"price_centavos" integer NOT NULL,
	"validity_days" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_plans_price_positive" CHECK ("vip_plans"."price_centavos" > 0),
	CONSTRAINT "vip_plans_validity_positive" CHECK ("vip_plans"."validity_days" is null or "vip_plans"."validity_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "watch_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"video_id" text NOT NULL,
	"session_start_time" timestamp with time zone NOT NULL,
	"session_end_time" timestamp with time zone,
	"device_info" jsonb,
	"location" jsonb,
	"video_quality" text DEFAULT 'auto' NOT NULL,
	"total_watch_time" integer DEFAULT 0 NOT NULL,
	"watch_percentage" real DEFAULT 0 NOT NULL,
	"is_paused" boolean DEFAULT false NOT NULL,
	"pause_count" integer DEFAULT 0 NOT NULL,
	"resume_count" integer DEFAULT 0 NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_sessions_status_check" CHECK ("watch_sessions"."status" in ('active', 'paused', 'completed', 'stopped')),
	CONSTRAINT "watch_sessions_percentage_range" CHECK ("watch_sessions"."watch_percentage" >= 0 and "watch_sessions"."watch_percentage" <= 100)
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_event_id" text NOT NULL,
	"event_type" text,
	"payload" jsonb NOT NULL,
	"signature_ok" boolean NOT NULL,
	"payment_id" text,
	"processed_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "artist_titles" ADD CONSTRAINT "artist_titles_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_titles" ADD CONSTRAINT "artist_titles_movie_series_id_movie_series_id_fk" FOREIGN KEY ("movie_series_id") REFERENCES "public"."movie_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_movie_series_id_movie_series_id_fk" FOREIGN KEY ("movie_series_id") REFERENCES "public"."movie_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_unlocks" ADD CONSTRAINT "episode_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_unlocks" ADD CONSTRAINT "episode_unlocks_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movie_series" ADD CONSTRAINT "movie_series_trailer_video_id_videos_id_fk" FOREIGN KEY ("trailer_video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movie_series_categories" ADD CONSTRAINT "movie_series_categories_movie_series_id_movie_series_id_fk" FOREIGN KEY ("movie_series_id") REFERENCES "public"."movie_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movie_series_categories" ADD CONSTRAINT "movie_series_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movie_series_tags" ADD CONSTRAINT "movie_series_tags_movie_series_id_movie_series_id_fk" FOREIGN KEY ("movie_series_id") REFERENCES "public"."movie_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movie_series_tags" ADD CONSTRAINT "movie_series_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "my_list" ADD CONSTRAINT "my_list_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "my_list" ADD CONSTRAINT "my_list_movie_series_id_movie_series_id_fk" FOREIGN KEY ("movie_series_id") REFERENCES "public"."movie_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_vip_plan_id_vip_plans_id_fk" FOREIGN KEY ("vip_plan_id") REFERENCES "public"."vip_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_coin_plan_id_coin_plans_id_fk" FOREIGN KEY ("coin_plan_id") REFERENCES "public"."coin_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_purchases" ADD CONSTRAINT "premium_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_purchases" ADD CONSTRAINT "premium_purchases_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_purchases" ADD CONSTRAINT "premium_purchases_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_video_prices" ADD CONSTRAINT "premium_video_prices_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_movie_series_id_movie_series_id_fk" FOREIGN KEY ("movie_series_id") REFERENCES "public"."movie_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_vip_plan_id_vip_plans_id_fk" FOREIGN KEY ("vip_plan_id") REFERENCES "public"."vip_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_movie_series_id_movie_series_id_fk" FOREIGN KEY ("movie_series_id") REFERENCES "public"."movie_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_sessions" ADD CONSTRAINT "watch_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_sessions" ADD CONSTRAINT "watch_sessions_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artist_titles_movie_series_idx" ON "artist_titles" USING btree ("movie_series_id");--> statement-breakpoint
CREATE UNIQUE INDEX "artists_slug_uq" ON "artists" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "banners_movie_series_idx" ON "banners" USING btree ("movie_series_id");--> statement-breakpoint
CREATE INDEX "banners_active_sort_idx" ON "banners" USING btree ("is_active","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_uq" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "categories_sort_idx" ON "categories" USING btree ("sort_order");--> statement-breakpoint
CREATE INDEX "coin_ledger_user_created_idx" ON "coin_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coin_ledger_user_reason_reference_uq" ON "coin_ledger" USING btree ("user_id","reason","reference");--> statement-breakpoint
CREATE INDEX "coin_plans_active_sort_idx" ON "coin_plans" USING btree ("is_active","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "content_pages_slug_uq" ON "content_pages" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "episode_unlocks_video_idx" ON "episode_unlocks" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "episode_unlocks_user_created_idx" ON "episode_unlocks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "likes_video_idx" ON "likes" USING btree ("video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "movie_series_slug_uq" ON "movie_series" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "movie_series_type_published_idx" ON "movie_series" USING btree ("type","published_at");--> statement-breakpoint
CREATE INDEX "movie_series_published_idx" ON "movie_series" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "movie_series_trailer_video_idx" ON "movie_series" USING btree ("trailer_video_id");--> statement-breakpoint
CREATE INDEX "movie_series_search_idx" ON "movie_series" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "movie_series_categories_category_idx" ON "movie_series_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "movie_series_tags_tag_idx" ON "movie_series_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "my_list_movie_series_idx" ON "my_list" USING btree ("movie_series_id");--> statement-breakpoint
CREATE INDEX "my_list_user_created_idx" ON "my_list" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_uq" ON "payments" USING btree ("provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_mch_order_id_uq" ON "payments" USING btree ("mch_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_request_id_uq" ON "payments" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "payments_user_created_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "payments_vip_plan_idx" ON "payments" USING btree ("vip_plan_id");--> statement-breakpoint
CREATE INDEX "payments_coin_plan_idx" ON "payments" USING btree ("coin_plan_id");--> statement-breakpoint
CREATE INDEX "payments_video_idx" ON "payments" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "premium_purchases_video_idx" ON "premium_purchases" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "premium_purchases_user_created_idx" ON "premium_purchases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "premium_purchases_payment_uq" ON "premium_purchases" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "premium_video_prices_video_uq" ON "premium_video_prices" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "ratings_video_idx" ON "ratings" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_expires_idx" ON "subscriptions" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE INDEX "subscriptions_vip_plan_idx" ON "subscriptions" USING btree ("vip_plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_payment_uq" ON "subscriptions" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_uq" ON "tags" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_lower_uq" ON "tags" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_firebase_uid_uq" ON "users" USING btree ("firebase_uid");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "videos_season_idx" ON "videos" USING btree ("season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_media_path_uq" ON "videos" USING btree ("media_path");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_drm_key_id_uq" ON "videos" USING btree ("drm_key_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_plans_subscription_type_uq" ON "vip_plans" USING btree ("subscription_type");--> statement-breakpoint
CREATE INDEX "vip_plans_active_sort_idx" ON "vip_plans" USING btree ("is_active","sort_order");--> statement-breakpoint
CREATE INDEX "watch_sessions_user_status_idx" ON "watch_sessions" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "watch_sessions_video_idx" ON "watch_sessions" USING btree ("video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_provider_event_uq" ON "webhook_events" USING btree ("provider_event_id");--> statement-breakpoint
CREATE INDEX "webhook_events_payment_idx" ON "webhook_events" USING btree ("payment_id");