-- Years of data (decision 041): indexes that match the queries the product asks of big tables, trigram search of
-- accounts, and the dashboard's totals kept as they change instead of added up from all history on every view.
CREATE EXTENSION IF NOT EXISTS "pg_trgm";
--> statement-breakpoint
-- The admin's search by any part of a name or an e-mail (ILIKE '%…%' of three or more characters).
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
-- The admin's search of games by name or place, and the visitors' filter by place.
CREATE INDEX "games_name_trgm_idx" ON "games" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "games_location_trgm_idx" ON "games" USING gin ("location" gin_trgm_ops);
--> statement-breakpoint
-- Refund requests, newest first, all or by status.
CREATE INDEX "cancellation_requests_created_idx" ON "cancellation_requests" USING btree ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "cancellation_requests_status_idx" ON "cancellation_requests" USING btree ("status", "created_at" DESC, "id" DESC);
--> statement-breakpoint
-- The admin's list of accounts, newest first.
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC, "id" DESC);
--> statement-breakpoint
-- An organiser's games, latest date first (replaces the index on creator alone).
CREATE INDEX "games_creator_date_idx" ON "games" USING btree ("creator_id", "date_time" DESC, "id" DESC);
--> statement-breakpoint
DROP INDEX "games_creator_idx";
--> statement-breakpoint
-- The dashboard's newest games and the games still to come.
CREATE INDEX "games_created_idx" ON "games" USING btree ("created_at" DESC, "id" DESC) WHERE "status" <> 'cancelled';
--> statement-breakpoint
CREATE INDEX "games_upcoming_idx" ON "games" USING btree ("date_time") WHERE "status" <> 'cancelled';
--> statement-breakpoint
-- A player's registrations with what the calendar feed, /users/me and the lists ask of them, read from the index alone
-- (replaces the index on user alone).
CREATE INDEX "registrations_user_game_idx" ON "registrations" USING btree ("user_id", "game_id") INCLUDE ("status", "cancelled_from");
--> statement-breakpoint
DROP INDEX "registrations_user_idx";
--> statement-breakpoint
-- The payments report's period: a payment counts on the day it was paid, else the day it was started.
CREATE INDEX "payments_report_day_idx" ON "payments" USING btree ((coalesce("paid_at", "created_at")), "id");
--> statement-breakpoint
CREATE INDEX "credit_transactions_created_idx" ON "credit_transactions" USING btree ("created_at", "id");
--> statement-breakpoint
-- The unread count of a player with years of notifications.
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "read_at" IS NULL;
--> statement-breakpoint
-- The dashboard's totals: every change adds a row of differences (inserts never wait for each other, so applies do not
-- queue behind one counter) and the dashboard sums the rows. Every 500th row folds those before it into one, so the sum
-- reads a few hundred rows however old the platform is.
CREATE TABLE "dashboard_totals" (
  "id" serial PRIMARY KEY NOT NULL,
  "users" integer DEFAULT 0 NOT NULL,
  "games" integer DEFAULT 0 NOT NULL,
  "revenue_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "dashboard_totals" ("users", "games", "revenue_cents")
SELECT (SELECT count(*) FROM "users"),
  (SELECT count(*) FROM "games" WHERE "status" <> 'cancelled'),
  (SELECT coalesce(sum(g."price_cents"), 0) FROM "registrations" r JOIN "games" g ON g."id" = r."game_id"
    WHERE r."status" = 'confirmed' AND g."status" <> 'cancelled');
--> statement-breakpoint
CREATE FUNCTION "dashboard_add"(p_users integer, p_games integer, p_revenue_cents bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_id integer; BEGIN
  IF p_users = 0 AND p_games = 0 AND p_revenue_cents = 0 THEN
    RETURN;
  END IF;
  INSERT INTO "dashboard_totals" ("users", "games", "revenue_cents") VALUES (p_users, p_games, p_revenue_cents) RETURNING "id" INTO v_id;
  -- One fold at a time ("dash" in ASCII); a fold sees only committed rows and its own, so a row being written elsewhere
  -- stays for the next one.
  IF v_id % 500 = 0 AND pg_try_advisory_xact_lock(1684108136) THEN
    WITH "folded" AS (DELETE FROM "dashboard_totals" RETURNING "users", "games", "revenue_cents")
    INSERT INTO "dashboard_totals" ("users", "games", "revenue_cents")
    SELECT coalesce(sum("users"), 0), coalesce(sum("games"), 0), coalesce(sum("revenue_cents"), 0) FROM "folded";
  END IF;
END; $$;
--> statement-breakpoint
-- Revenue is players × price over the games not cancelled: a registration moves it by its game's price as it becomes
-- confirmed or stops being so.
CREATE FUNCTION "registrations_move_dashboard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_was boolean := TG_OP <> 'INSERT' AND OLD."status" = 'confirmed';
  v_is boolean := TG_OP <> 'DELETE' AND NEW."status" = 'confirmed';
  v_price integer; BEGIN
  IF v_was = v_is THEN
    RETURN NULL;
  END IF;
  SELECT "price_cents" INTO v_price FROM "games" WHERE "id" = CASE WHEN TG_OP = 'DELETE' THEN OLD."game_id" ELSE NEW."game_id" END AND "status" <> 'cancelled';
  IF FOUND THEN
    PERFORM "dashboard_add"(0, 0, CASE WHEN v_is THEN v_price ELSE -v_price END);
  END IF;
  RETURN NULL;
END; $$;
--> statement-breakpoint
CREATE TRIGGER "registrations_move_dashboard" AFTER INSERT OR DELETE OR UPDATE OF "status" ON "registrations"
  FOR EACH ROW EXECUTE FUNCTION "registrations_move_dashboard"();
--> statement-breakpoint
-- A game counts while it is not cancelled, and its confirmed players at its current price.
CREATE FUNCTION "games_move_dashboard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_was integer := CASE WHEN TG_OP <> 'INSERT' AND OLD."status" <> 'cancelled' THEN OLD."price_cents" END;
  v_is integer := CASE WHEN TG_OP <> 'DELETE' AND NEW."status" <> 'cancelled' THEN NEW."price_cents" END;
  v_confirmed integer := 0; BEGIN
  IF v_was IS NOT DISTINCT FROM v_is THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT count(*) INTO v_confirmed FROM "registrations" WHERE "game_id" = OLD."id" AND "status" = 'confirmed';
  END IF;
  PERFORM "dashboard_add"(0, (v_is IS NOT NULL)::integer - (v_was IS NOT NULL)::integer,
    v_confirmed::bigint * (coalesce(v_is, 0) - coalesce(v_was, 0)));
  RETURN NULL;
END; $$;
--> statement-breakpoint
CREATE TRIGGER "games_move_dashboard" AFTER INSERT OR DELETE OR UPDATE OF "status", "price_cents" ON "games"
  FOR EACH ROW EXECUTE FUNCTION "games_move_dashboard"();
--> statement-breakpoint
CREATE FUNCTION "users_move_dashboard"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  PERFORM "dashboard_add"(CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END, 0, 0);
  RETURN NULL;
END; $$;
--> statement-breakpoint
CREATE TRIGGER "users_move_dashboard" AFTER INSERT OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_move_dashboard"();
