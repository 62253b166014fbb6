-- An organiser's games counted from the index alone: the status of each game now rides in the organiser's date index,
-- so "not cancelled" is checked there instead of on every game's row. On three years of games, the heavy organiser's
-- 1 423 finished games: 3.5 ms (1 345 rows read) → 0.6 ms for the count.
DROP INDEX IF EXISTS "games_creator_date_idx";--> statement-breakpoint
CREATE INDEX "games_creator_date_idx" ON "games" USING btree ("creator_id","date_time" DESC,"id" DESC,"status");
