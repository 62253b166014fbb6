-- after migration: 0041_turma_avisos
-- Every notification, however written (the application or fast_apply), queues one push per device of its person in
-- its own transaction, unless that person turned pushes of its kind off or muted the turma it is about (decision 078).
-- A place offered with a payment deadline carries the deadline, which may let it through the quiet hours.
CREATE OR REPLACE FUNCTION "queue_notification_pushes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Most people have no device: nothing more to read for them.
	IF NOT EXISTS (SELECT 1 FROM "push_subscriptions" WHERE "user_id" = NEW."user_id") THEN
		RETURN NULL;
	END IF;
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
		)
		AND NOT EXISTS (
			SELECT 1 FROM "group_members" m
			WHERE m."group_id" = NEW."group_id" AND m."user_id" = NEW."user_id" AND m."muted"
		);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "notifications_queue_pushes" AFTER INSERT ON "notifications"
	FOR EACH ROW EXECUTE FUNCTION "queue_notification_pushes"();
