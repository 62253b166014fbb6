-- E-mails are written to the outbox in the transaction of the change that causes them and delivered by a job that
-- retries with a growing wait, giving up after 24 hours. Each row counts its tries, says when the next is due, which
-- delivery holds it (several instances may deliver) and when it was given up. A row left unsent from before this
-- migration is due at once, unless it is already older than the 24 hours: then it is given up.
ALTER TABLE "email_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "claimed_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "failed_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "email_outbox" SET "failed_at" = now() WHERE "sent_at" IS NULL AND "created_at" <= now() - interval '24 hours';
--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "sent_at" is null and "failed_at" is null;
--> statement-breakpoint
-- A checkout closed in the database (its hold ended) is also closed at its provider after commit; until the provider
-- has said so, the payment says it is still to do, so a job finishes what a crash or a provider outage left undone.
ALTER TABLE "payments" ADD COLUMN "close_at_provider" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX "payments_close_at_provider_idx" ON "payments" USING btree ("id") WHERE "close_at_provider";
--> statement-breakpoint
CREATE INDEX "email_outbox_failed_idx" ON "email_outbox" USING btree ("failed_at") WHERE "failed_at" is not null;
