ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" DROP CONSTRAINT "sandbox_checkouts_status_check";--> statement-breakpoint
ALTER TABLE "episode_unlocks" ADD COLUMN "list_price" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payments" SET "flagged_at" = "updated_at" WHERE "flag_reason" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "flag_resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "flag_resolved_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "flag_note" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_requested_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_ref" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_error" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_flag_resolved_by_users_id_fk" FOREIGN KEY ("flag_resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_requested_by_users_id_fk" FOREIGN KEY ("refund_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Before one open premium checkout per buyer and video is enforced: older duplicates expire.
UPDATE "payments" p SET "status" = 'expired', "failure_reason" = 'Closed: a newer checkout for this video was open.'
  WHERE p."status" = 'pending' AND p."kind" = 'premium_video' AND EXISTS (
    SELECT 1 FROM "payments" q WHERE q."status" = 'pending' AND q."kind" = 'premium_video' AND q."user_id" = p."user_id"
      AND q."video_id" = p."video_id" AND (q."created_at", q."id") > (p."created_at", p."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "payments_pending_premium_uq" ON "payments" USING btree ("user_id","video_id") WHERE "payments"."status" = 'pending' and "payments"."kind" = 'premium_video';--> statement-breakpoint
CREATE INDEX "payments_flag_open_idx" ON "payments" USING btree ("created_at") WHERE "payments"."flag_reason" is not null and "payments"."flag_resolved_at" is null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_status_check" CHECK ("payments"."refund_status" is null or "payments"."refund_status" in ('pending', 'succeeded', 'failed'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'paid', 'failed', 'expired', 'cancelled', 'refunded'));--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD CONSTRAINT "sandbox_checkouts_status_check" CHECK ("sandbox_checkouts"."status" in ('open', 'paid', 'failed', 'expired', 'cancelled', 'refunded'));