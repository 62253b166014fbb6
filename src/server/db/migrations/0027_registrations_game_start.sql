-- registrations_game_date_time, games_date_time_to_registrations: defined in src/server/db/definitions/, one file each (decision 072).
-- A player's games by date come from one index of their registrations (decision 054): each registration carries its
-- game's start, kept by the database (set on insert, followed when the game moves), so /users/me, the history and the
-- calendar feed read the player's games in a window without looking up every game the player ever signed up for.
ALTER TABLE "registrations" ADD COLUMN "game_date_time" timestamp with time zone;
--> statement-breakpoint
UPDATE "registrations" SET "game_date_time" = g."date_time" FROM "games" g WHERE g."id" = "registrations"."game_id";
--> statement-breakpoint
ALTER TABLE "registrations" ALTER COLUMN "game_date_time" SET NOT NULL;
--> statement-breakpoint
CREATE INDEX "registrations_user_game_date_idx" ON "registrations" USING btree ("user_id", "game_date_time", "game_id");
