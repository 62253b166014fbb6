-- after migration: 0015_time_by_place
-- A game carries its state's time zone (São Paulo's when it has no state), so it is shown, e-mailed, put in calendars and
-- spreadsheets at the time its players read on the clocks where it happens: set whenever a game is written.
CREATE OR REPLACE FUNCTION "games_time_zone_of_state"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  NEW."time_zone" := coalesce((SELECT "time_zone" FROM "states" WHERE "id" = NEW."state_id"), 'America/Sao_Paulo');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "games_time_zone_of_state" BEFORE INSERT OR UPDATE OF "state_id", "time_zone" ON "games"
  FOR EACH ROW EXECUTE FUNCTION "games_time_zone_of_state"();
