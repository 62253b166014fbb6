-- Retention (decision 043). An account's last sign-in, counted for existing accounts from this upgrade (nothing
-- recorded sign-ins before it), and when it was warned that it would be erased for being unused.
ALTER TABLE "users" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "inactivity_warned_at" timestamp with time zone;
--> statement-breakpoint
-- The accounts that may be due a warning, oldest sign-in first; and the few already warned.
CREATE INDEX "users_inactive_idx" ON "users" USING btree ("last_active_at") WHERE "deleted_at" is null and "role" = 'player' and "inactivity_warned_at" is null;
--> statement-breakpoint
CREATE INDEX "users_inactivity_warned_idx" ON "users" USING btree ("inactivity_warned_at") WHERE "inactivity_warned_at" is not null and "deleted_at" is null;
--> statement-breakpoint
-- Each batch of the retention job finds its oldest rows through these, whatever the size of the tables.
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "email_outbox_sent_idx" ON "email_outbox" USING btree ("sent_at") WHERE "sent_at" is not null;
--> statement-breakpoint
-- Erasing an account deletes the copies of the e-mails sent to it.
CREATE INDEX "email_outbox_to_idx" ON "email_outbox" USING btree ("to");
