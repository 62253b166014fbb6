-- What happened to a game, and who did it (issue 44, item 7; decision 075): one row per change of a game, its players,
-- its walk-ins or its money, written in the transaction of the change. The actor is null for what the system did on its
-- own (the waitlist moving, a payment deadline passing, a series rolling forward); names are read when shown, so an
-- erased account keeps none here.
CREATE TABLE "game_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL REFERENCES "games"("id") ON DELETE CASCADE,
	"at" timestamp with time zone NOT NULL,
	"actor_id" integer REFERENCES "users"("id"),
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "game_events_action_valid" CHECK ("action" in ('created', 'edited', 'published', 'unpublished', 'link_regenerated', 'player_joined', 'player_confirmed', 'player_promoted', 'player_left', 'player_removed', 'payment_expired', 'refunded', 'walk_in_added', 'walk_in_removed', 'cancelled', 'message_sent'))
);
--> statement-breakpoint
CREATE INDEX "game_events_game_idx" ON "game_events" USING btree ("game_id", "at" DESC, "id" DESC);
