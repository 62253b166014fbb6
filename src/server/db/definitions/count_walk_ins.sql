-- after migration: 0022_walk_ins
-- Walk-ins (decision 047): each row of game_walk_ins takes a place in its game, and the game keeps how many it has
-- (`walk_in_count`) in the same transaction, so every count of the places taken adds one column, not a subquery.
CREATE OR REPLACE FUNCTION "count_walk_ins"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "games" SET "walk_in_count" = "walk_in_count" + 1 WHERE "id" = NEW."game_id";
    RETURN NEW;
  END IF;
  UPDATE "games" SET "walk_in_count" = "walk_in_count" - 1 WHERE "id" = OLD."game_id";
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "game_walk_ins_count" AFTER INSERT OR DELETE ON "game_walk_ins"
  FOR EACH ROW EXECUTE FUNCTION "count_walk_ins"();
