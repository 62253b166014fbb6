ALTER TABLE "registrations" ADD COLUMN "waitlist_price_cents" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "cancelled_from" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_cancelled_from_valid" CHECK ("registrations"."cancelled_from" in ('confirmed', 'pending', 'waitlist'));--> statement-breakpoint
-- Players already in line joined at a price nobody recorded; the current price is the closest known.
UPDATE "registrations" SET "waitlist_price_cents" = "games"."price_cents" FROM "games" WHERE "games"."id" = "registrations"."game_id" AND "registrations"."status" = 'waitlist';
