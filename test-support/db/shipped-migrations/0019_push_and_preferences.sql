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
--> statement-breakpoint
-- An erased account keeps no device and no preferences, however it was erased.
CREATE FUNCTION "erase_notification_channels"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "push_subscriptions" WHERE "user_id" = NEW."id";
	DELETE FROM "notification_settings" WHERE "user_id" = NEW."id";
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_erase_notification_channels" AFTER UPDATE OF "deleted_at" ON "users"
	FOR EACH ROW WHEN (NEW."deleted_at" IS NOT NULL AND OLD."deleted_at" IS NULL)
	EXECUTE FUNCTION "erase_notification_channels"();
--> statement-breakpoint
-- The kind of each notification type, as core/notifications/notification-kinds.ts has it (a test holds them together).
CREATE FUNCTION "notification_kind"("type" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE
		WHEN "type" = 'game_reminder' THEN 'reminders'
		WHEN "type" IN ('registration_confirmed', 'waitlisted', 'left_waitlist', 'promoted', 'promotion_awaiting_payment', 'payment_expired') THEN 'places'
		WHEN "type" IN ('registration_cancelled', 'game_changed', 'game_cancelled', 'removed_from_game') THEN 'changes'
		WHEN "type" = 'invitation_received' THEN 'invitations'
		WHEN "type" IN ('credits_added', 'late_payment_credited', 'refund_processed', 'refund_rejected') THEN 'receipts'
	END
$$;
--> statement-breakpoint
-- Every notification, however written (the application or fast_apply), queues one push per device of its person in
-- its own transaction, unless that person turned pushes of its kind off. A place offered with a payment deadline
-- carries the deadline, which may let it through the quiet hours.
CREATE FUNCTION "queue_notification_pushes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "push_outbox" ("subscription_id", "notification_id", "payment_deadline")
	SELECT s."id", NEW."id",
		CASE WHEN NEW."type" = 'promotion_awaiting_payment' THEN (
			SELECT r."payment_deadline" FROM "registrations" r
			WHERE r."game_id" = NEW."game_id" AND r."user_id" = NEW."user_id" AND r."status" = 'pending'
			LIMIT 1
		) END
	FROM "push_subscriptions" s
	WHERE s."user_id" = NEW."user_id"
		AND NOT EXISTS (
			SELECT 1 FROM "notification_settings" n
			WHERE n."user_id" = NEW."user_id" AND n."kind" = "notification_kind"(NEW."type") AND NOT n."push"
		);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "notifications_queue_pushes" AFTER INSERT ON "notifications"
	FOR EACH ROW EXECUTE FUNCTION "queue_notification_pushes"();
