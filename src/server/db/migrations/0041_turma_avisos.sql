-- Avisos of a turma and muting a turma (issue 44, item 5; decision 078). An aviso belongs to a game (with its audience)
-- or to a turma (it goes to every member), never both; a turma's are read newest first by its own index. A member
-- may mute a turma: no e-mail and no push of its avisos and new games. A notice about a turma names it, so the push
-- trigger can honour the mute and the quiet hours follow the turma's clocks.
ALTER TABLE "game_messages" ALTER COLUMN "game_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "game_messages" ALTER COLUMN "audience" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "game_messages" ADD COLUMN "group_id" integer REFERENCES "groups"("id");
--> statement-breakpoint
ALTER TABLE "game_messages" ADD CONSTRAINT "game_messages_game_or_group" CHECK (("game_id" IS NULL) <> ("group_id" IS NULL));
--> statement-breakpoint
ALTER TABLE "game_messages" ADD CONSTRAINT "game_messages_audience_of_game" CHECK (("game_id" IS NULL) = ("audience" IS NULL));
--> statement-breakpoint
CREATE INDEX "game_messages_group_idx" ON "game_messages" USING btree ("group_id", "created_at" DESC, "id" DESC) WHERE "group_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "group_members" ADD COLUMN "muted" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "group_id" integer REFERENCES "groups"("id");
