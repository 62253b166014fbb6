-- A mensalista's place in a week has notices of its own (decision 046), not the waitlist's: member_place_confirmed and
-- member_place_pending are places, like the waitlist's, and a held member place carries its payment deadline to the
-- push, as a place offered from the line does. Both functions are 0019's with the two types added.
CREATE OR REPLACE FUNCTION "notification_kind"("type" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE
		WHEN "type" = 'game_reminder' THEN 'reminders'
		WHEN "type" IN ('registration_confirmed', 'waitlisted', 'left_waitlist', 'promoted', 'promotion_awaiting_payment', 'payment_expired',
			'member_place_confirmed', 'member_place_pending') THEN 'places'
		WHEN "type" IN ('registration_cancelled', 'game_changed', 'game_cancelled', 'removed_from_game') THEN 'changes'
		WHEN "type" = 'invitation_received' THEN 'invitations'
		WHEN "type" IN ('credits_added', 'late_payment_credited', 'refund_processed', 'refund_rejected', 'payout_paid', 'payout_rejected') THEN 'receipts'
	END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "queue_notification_pushes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "push_outbox" ("subscription_id", "notification_id", "payment_deadline")
	SELECT s."id", NEW."id",
		CASE WHEN NEW."type" IN ('promotion_awaiting_payment', 'member_place_pending') THEN (
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
