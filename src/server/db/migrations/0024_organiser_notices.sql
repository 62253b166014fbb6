-- notification_kind: defined in src/server/db/definitions/, one file each (decision 072).
-- Organisers hear of new registrations of their games and new mensalistas of their series (decision 044). These
-- notices name the player: the column says who, so erasing that account takes the name out of them.
ALTER TABLE "notifications" ADD COLUMN "about_user_id" integer REFERENCES "users"("id");
--> statement-breakpoint
CREATE INDEX "notifications_about_user_idx" ON "notifications" ("about_user_id") WHERE "about_user_id" IS NOT NULL;
