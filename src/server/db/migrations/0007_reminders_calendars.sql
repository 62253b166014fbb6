ALTER TABLE "registrations" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "registrations_reminder_due_idx" ON "registrations" USING btree ("game_id") WHERE "registrations"."reminded_at" is null and "registrations"."status" in ('confirmed', 'pending');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');--> statement-breakpoint
UPDATE "users" SET "calendar_token" = NULL WHERE "deleted_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_calendar_token_unique" ON "users" USING btree ("calendar_token");
