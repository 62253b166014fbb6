-- after migration: 0020_organiser_earnings
-- A refund request the administrator rejected: the player keeps nothing back, so the share taken back returns; once.
CREATE OR REPLACE FUNCTION "record_refund_reversed"(p_registration_id integer, p_now timestamptz) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "organiser_earnings" ("organiser_id", "kind", "source", "game_id", "registration_id", "gross_cents", "fee_cents", "net_cents", "fee_percent", "created_at")
  SELECT "organiser_id", 'refund_reversed', 'refund-rejected:registration:' || "registration_id", "game_id", "registration_id", -"gross_cents", -"fee_cents", -"net_cents", "fee_percent", p_now
  FROM "organiser_earnings" WHERE "source" = 'refund:registration:' || p_registration_id
  ON CONFLICT ("source") DO NOTHING;
$$;
