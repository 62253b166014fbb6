-- after migration: 0015_time_by_place
-- When a state's time zone is corrected, its games follow (games_time_zone_of_state keeps each new write).
CREATE OR REPLACE FUNCTION "states_time_zone_to_games"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  UPDATE "games" SET "time_zone" = NEW."time_zone" WHERE "state_id" = NEW."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "states_time_zone_to_games" AFTER UPDATE OF "time_zone" ON "states"
  FOR EACH ROW WHEN (OLD."time_zone" IS DISTINCT FROM NEW."time_zone") EXECUTE FUNCTION "states_time_zone_to_games"();
