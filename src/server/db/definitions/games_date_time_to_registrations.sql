-- after migration: 0027_registrations_game_start
-- Each registration carries its game's start (decision 054), so a player's games by date come from one index of their
-- registrations: when a game moves, its registrations follow.
CREATE OR REPLACE FUNCTION "games_date_time_to_registrations"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  UPDATE "registrations" SET "game_date_time" = NEW."date_time" WHERE "game_id" = NEW."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "games_date_time_to_registrations" AFTER UPDATE OF "date_time" ON "games"
  FOR EACH ROW WHEN (OLD."date_time" IS DISTINCT FROM NEW."date_time") EXECUTE FUNCTION "games_date_time_to_registrations"();
