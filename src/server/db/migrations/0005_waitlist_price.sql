ALTER TABLE "registrations" ADD COLUMN "waitlist_price_cents" integer;--> statement-breakpoint
-- Players already in line joined at a price nobody recorded; the current price is the closest known.
UPDATE "registrations" SET "waitlist_price_cents" = "games"."price_cents" FROM "games" WHERE "games"."id" = "registrations"."game_id" AND "registrations"."status" = 'waitlist';
