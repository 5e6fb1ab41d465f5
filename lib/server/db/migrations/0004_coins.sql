ALTER TABLE "episode_unlocks" ADD COLUMN "auto" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "auto_unlock_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "auto_unlock_cap_kind" text DEFAULT 'episodes' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "auto_unlock_cap" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
CREATE INDEX "episode_unlocks_user_auto_created_idx" ON "episode_unlocks" USING btree ("user_id","created_at") WHERE "episode_unlocks"."auto";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_auto_unlock_cap_kind_check" CHECK ("users"."auto_unlock_cap_kind" in ('episodes', 'coins'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_auto_unlock_cap_positive" CHECK ("users"."auto_unlock_cap" > 0);