-- Walk-ins on game day (issue 42, item 1): the organiser marks a walk-in present or absent and gives them a level, as
-- for a registered player, and the team draw takes them too. A drawn player is an account or a walk-in, never both.
ALTER TABLE "game_walk_ins" ADD COLUMN "present" boolean;
--> statement-breakpoint
ALTER TABLE "game_walk_ins" ADD COLUMN "level" integer;
--> statement-breakpoint
ALTER TABLE "game_walk_ins" ADD CONSTRAINT "game_walk_ins_level_range" CHECK ("level" between 1 and 5);
--> statement-breakpoint
ALTER TABLE "team_players" DROP CONSTRAINT "team_players_game_id_user_id_pk";
--> statement-breakpoint
ALTER TABLE "team_players" ALTER COLUMN "user_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "team_players" ADD COLUMN "walk_in_id" integer REFERENCES "game_walk_ins"("id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "team_players" ADD CONSTRAINT "team_players_one_player" CHECK (num_nonnulls("user_id", "walk_in_id") = 1);
--> statement-breakpoint
CREATE UNIQUE INDEX "team_players_game_user_idx" ON "team_players" USING btree ("game_id", "user_id") WHERE "user_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "team_players_walk_in_idx" ON "team_players" USING btree ("walk_in_id") WHERE "walk_in_id" IS NOT NULL;
