-- fast_apply: defined in src/server/db/definitions/, one file each (decision 072).
-- Weekly series keep what their games are made of (decision 027, amended). A series planned more than five weeks
-- ahead has no game yet, so the series itself holds the game's fields; the weeks the job adds copy them, not a week the
-- organiser changed on its own (made private, unpublished, moved). Series saved by the failed creation this fixes, with
-- no game and so none of the game's fields, hold nothing to keep: they go.
ALTER TABLE "series" ADD COLUMN "template" jsonb;
--> statement-breakpoint
UPDATE "series" SET "template" = jsonb_build_object(
    'name', g."name", 'location', g."location", 'address', g."address", 'priceCents', g."price_cents",
    'totalSlots', g."total_slots", 'description', g."description", 'descriptionHtml', g."description_html",
    'visibility', g."visibility", 'usePlatformPayment', g."use_platform_payment",
    'sportId', g."sport_id", 'stateId', g."state_id", 'cityId', g."city_id")
  FROM (SELECT DISTINCT ON ("series_id") * FROM "games" WHERE "series_id" IS NOT NULL ORDER BY "series_id", "series_week" DESC) g
  WHERE g."series_id" = "series"."id";
--> statement-breakpoint
DELETE FROM "series" WHERE "template" IS NULL;
--> statement-breakpoint
ALTER TABLE "series" ALTER COLUMN "template" SET NOT NULL;
