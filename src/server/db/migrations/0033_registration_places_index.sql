-- A game's places counted from the index alone: each registration's payment deadline now rides in the index on (game,
-- status), so the count of places held (confirmed, or pending before its deadline) reads no registration row. On a
-- page of 100 games in the embedded database: a bitmap heap scan per game (329 pages and a file size asked of the
-- operating system each time) → an index-only scan (303 pages, none asked).
DROP INDEX IF EXISTS "registrations_game_status_idx";--> statement-breakpoint
CREATE INDEX "registrations_game_status_idx" ON "registrations" USING btree ("game_id","status") INCLUDE ("payment_deadline");
