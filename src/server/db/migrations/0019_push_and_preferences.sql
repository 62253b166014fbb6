-- erase_notification_channels, notification_kind, queue_notification_pushes: defined in src/server/db/definitions/, one file each (decision 072).
-- Web Push and notification preferences (decision 044). One subscription per browser (its endpoint is unique: a device
-- that signs in to another account moves with it), the keys the browser gave (RFC 8291) and the last delivery it took.
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_unique" ON "push_subscriptions" USING btree ("endpoint");
--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");
--> statement-breakpoint
-- A row only for a kind someone changed: no row means both channels on.
CREATE TABLE "notification_settings" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"push" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_pk" PRIMARY KEY ("user_id", "kind"),
	CONSTRAINT "notification_settings_kind_valid" CHECK ("kind" in ('reminders', 'places', 'changes', 'invitations', 'receipts', 'organiser'))
);
--> statement-breakpoint
-- One push per notification and device, written in the notification's transaction and delivered once by whichever
-- instance claims it (as the e-mail outbox, migration 0016); a row leaves the table once delivered or given up.
-- `next_attempt_at` null is due at once; otherwise a retry's wait or the end of the quiet hours, on the app's clock.
CREATE TABLE "push_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL REFERENCES "push_subscriptions"("id") ON DELETE CASCADE,
	"notification_id" integer NOT NULL REFERENCES "notifications"("id") ON DELETE CASCADE,
	"payment_deadline" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "push_outbox_subscription_idx" ON "push_outbox" USING btree ("subscription_id");
--> statement-breakpoint
CREATE INDEX "push_outbox_notification_idx" ON "push_outbox" USING btree ("notification_id");
--> statement-breakpoint
-- The headers an e-mail is sent with (List-Unsubscribe and List-Unsubscribe-Post, RFC 8058).
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;
