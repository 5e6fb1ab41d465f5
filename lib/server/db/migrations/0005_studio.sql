CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_ingests" (
	"id" text PRIMARY KEY NOT NULL,
	"video_id" text NOT NULL,
	"source_path" text NOT NULL,
	"subtitles_path" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"stage" text DEFAULT 'queued' NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"error" text,
	"job_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_ingests_state_check" CHECK ("media_ingests"."state" in ('queued', 'running', 'ready', 'failed')),
	CONSTRAINT "media_ingests_percent_check" CHECK ("media_ingests"."percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'viewer' NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "is_published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "media_status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_ingests" ADD CONSTRAINT "media_ingests_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_ingests" ADD CONSTRAINT "media_ingests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "media_ingests_video_idx" ON "media_ingests" USING btree ("video_id","created_at");--> statement-breakpoint
CREATE INDEX "coin_ledger_created_idx" ON "coin_ledger" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "episode_unlocks_created_idx" ON "episode_unlocks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at") WHERE "payments"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "watch_sessions_video_start_idx" ON "watch_sessions" USING btree ("video_id","session_start_time");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('viewer', 'editor', 'admin'));--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_media_status_check" CHECK ("videos"."media_status" in ('pending', 'processing', 'ready', 'failed'));