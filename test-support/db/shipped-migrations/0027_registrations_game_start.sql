-- A player's games by date come from one index of their registrations (decision 054): each registration carries its
-- game's start, kept by the database (set on insert, followed when the game moves), so /users/me, the history and the
-- calendar feed read the player's games in a window without looking up every game the player ever signed up for.
ALTER TABLE "registrations" ADD COLUMN "game_date_time" timestamp with time zone;
--> statement-breakpoint
UPDATE "registrations" SET "game_date_time" = g."date_time" FROM "games" g WHERE g."id" = "registrations"."game_id";
--> statement-breakpoint
ALTER TABLE "registrations" ALTER COLUMN "game_date_time" SET NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "registrations_game_date_time"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  NEW."game_date_time" := (SELECT "date_time" FROM "games" WHERE "id" = NEW."game_id");
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "registrations_game_date_time" BEFORE INSERT OR UPDATE OF "game_id", "game_date_time" ON "registrations"
  FOR EACH ROW EXECUTE FUNCTION "registrations_game_date_time"();
--> statement-breakpoint
CREATE FUNCTION "games_date_time_to_registrations"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  UPDATE "registrations" SET "game_date_time" = NEW."date_time" WHERE "game_id" = NEW."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "games_date_time_to_registrations" AFTER UPDATE OF "date_time" ON "games"
  FOR EACH ROW WHEN (OLD."date_time" IS DISTINCT FROM NEW."date_time") EXECUTE FUNCTION "games_date_time_to_registrations"();
--> statement-breakpoint
CREATE INDEX "registrations_user_game_date_idx" ON "registrations" USING btree ("user_id", "game_date_time", "game_id");
