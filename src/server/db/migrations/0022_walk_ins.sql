-- count_walk_ins, fast_apply: defined in src/server/db/definitions/, one file each (decision 072).
-- Walk-ins (decision 047): a player the organiser adds by name only, with no account ("+1", someone from the WhatsApp
-- group). Each row takes a place in the game; the game keeps how many it has (`walk_in_count`, kept by the trigger
-- below in the same transaction), so every count of the places taken adds one column, not one more subquery.
CREATE TABLE "game_walk_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL REFERENCES "games"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"added_by" integer NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_walk_ins_name_length" CHECK (char_length("name") between 1 and 60)
);
--> statement-breakpoint
CREATE INDEX "game_walk_ins_game_idx" ON "game_walk_ins" USING btree ("game_id", "id");
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "walk_in_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_walk_in_count_non_negative" CHECK ("walk_in_count" >= 0);
