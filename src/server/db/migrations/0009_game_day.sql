ALTER TABLE "registrations" ADD COLUMN "present" boolean;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "level" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_level_range" CHECK ("registrations"."level" between 1 and 5);--> statement-breakpoint
CREATE TABLE "team_players" (
	"game_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"team" integer NOT NULL,
	"drawn_at" timestamp with time zone NOT NULL,
	CONSTRAINT "team_players_game_id_user_id_pk" PRIMARY KEY("game_id","user_id"),
	CONSTRAINT "team_players_team_range" CHECK ("team_players"."team" between 1 and 8)
);--> statement-breakpoint
ALTER TABLE "team_players" ADD CONSTRAINT "team_players_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_players" ADD CONSTRAINT "team_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_players_user_idx" ON "team_players" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "registrations_absent_idx" ON "registrations" USING btree ("user_id") WHERE "registrations"."present" = false;
