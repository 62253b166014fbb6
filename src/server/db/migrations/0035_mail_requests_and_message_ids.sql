-- What a reply promises is written before the reply (issue 41). A request for an e-mail the application still has to
-- write (a password code asked for any address; the organiser's e-mail of a one-statement apply) is a row here, written
-- before the answer or in the statement that makes the change, and taken away in the transaction that does what it
-- asks (the code and its e-mail in the outbox), so it is done once. Due at once; a failure waits before the next try.
CREATE TABLE "mail_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_requests_kind_valid" CHECK ("kind" in ('password_reset', 'organiser_news'))
);
--> statement-breakpoint
CREATE INDEX "mail_requests_due_idx" ON "mail_requests" USING btree ("kind", "next_attempt_at");
--> statement-breakpoint
-- Each e-mail keeps one Message-ID across its tries, so a copy sent twice (a process that died between the SMTP
-- server's answer and the row marked sent) is recognisable downstream. Added without a default first, so the rows
-- already sent are not rewritten; the ones still to go get theirs now, every new row by the default.
ALTER TABLE "email_outbox" ADD COLUMN "message_id" uuid;
--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "message_id" SET DEFAULT gen_random_uuid();
--> statement-breakpoint
UPDATE "email_outbox" SET "message_id" = gen_random_uuid() WHERE "sent_at" IS NULL AND "failed_at" IS NULL;
