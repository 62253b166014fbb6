-- after migration: 0019_push_and_preferences
-- An erased account keeps no device and no preferences, however it was erased.
CREATE OR REPLACE FUNCTION "erase_notification_channels"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "push_subscriptions" WHERE "user_id" = NEW."id";
	DELETE FROM "notification_settings" WHERE "user_id" = NEW."id";
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "users_erase_notification_channels" AFTER UPDATE OF "deleted_at" ON "users"
	FOR EACH ROW WHEN (NEW."deleted_at" IS NOT NULL AND OLD."deleted_at" IS NULL)
	EXECUTE FUNCTION "erase_notification_channels"();
