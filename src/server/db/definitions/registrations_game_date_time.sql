-- after migration: 0027_registrations_game_start
-- Each registration carries its game's start (decision 054): set on insert from the game, whatever the writer says.
CREATE OR REPLACE FUNCTION "registrations_game_date_time"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  NEW."game_date_time" := (SELECT "date_time" FROM "games" WHERE "id" = NEW."game_id");
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "registrations_game_date_time" BEFORE INSERT OR UPDATE OF "game_id", "game_date_time" ON "registrations"
  FOR EACH ROW EXECUTE FUNCTION "registrations_game_date_time"();
