-- dashboard_add, registrations_move_dashboard, games_move_dashboard, users_move_dashboard: defined in src/server/db/definitions/, one file each (decision 072).
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
