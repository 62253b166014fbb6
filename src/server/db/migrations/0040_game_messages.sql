-- Avisos (issue 44, item 5; decision 077): what whoever runs a game sent to its players, kept as sent (plain text, at
-- most 1 000 characters) with who it went to; the notifications, e-mails and pushes that carry it are written with it.
-- A new kind of notice, `messages`, which each person turns off by e-mail and by push like the others.
CREATE TABLE "game_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL REFERENCES "games"("id") ON DELETE CASCADE,
	"sender_id" integer NOT NULL REFERENCES "users"("id"),
	"text" text NOT NULL,
	"audience" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_messages_audience_valid" CHECK ("audience" in ('confirmed', 'all')),
	CONSTRAINT "game_messages_text_length" CHECK (char_length("text") between 1 and 1000)
);
--> statement-breakpoint
CREATE INDEX "game_messages_game_idx" ON "game_messages" USING btree ("game_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
ALTER TABLE "notification_settings" DROP CONSTRAINT "notification_settings_kind_valid";
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_kind_valid"
	CHECK ("kind" in ('reminders', 'places', 'changes', 'invitations', 'receipts', 'organiser', 'groups', 'messages'));
