-- after migration: 0024_organiser_notices
-- The kind (its preference) of each notification type, as core/notifications/notification-kinds.ts has it (a test holds them together).
-- PL/pgSQL: called from a trigger, an SQL function is not inlined and is planned at every call.
CREATE OR REPLACE FUNCTION "notification_kind"("type" text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
	RETURN CASE
		WHEN "type" = 'game_reminder' THEN 'reminders'
		WHEN "type" IN ('registration_confirmed', 'waitlisted', 'left_waitlist', 'promoted', 'promotion_awaiting_payment', 'payment_expired',
			'member_place_confirmed', 'member_place_pending') THEN 'places'
		WHEN "type" IN ('registration_cancelled', 'game_changed', 'game_cancelled', 'removed_from_game') THEN 'changes'
		WHEN "type" = 'invitation_received' THEN 'invitations'
		WHEN "type" IN ('credits_added', 'late_payment_credited', 'refund_processed', 'refund_rejected', 'payout_paid', 'payout_rejected') THEN 'receipts'
		WHEN "type" IN ('new_registration', 'new_series_member', 'payment_account_lost') THEN 'organiser'
		WHEN "type" = 'group_game' THEN 'groups'
		WHEN "type" IN ('game_message', 'group_message') THEN 'messages'
	END;
END;
$$;
