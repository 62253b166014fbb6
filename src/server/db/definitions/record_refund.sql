-- after migration: 0020_organiser_earnings
-- A place given back: the same share its sale wrote, taken back (nothing when the place earned nothing); once.
CREATE OR REPLACE FUNCTION "record_refund"(p_registration_id integer, p_now timestamptz) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "organiser_earnings" ("organiser_id", "kind", "source", "game_id", "registration_id", "gross_cents", "fee_cents", "net_cents", "fee_percent", "created_at")
  SELECT "organiser_id", 'refund', 'refund:registration:' || "registration_id", "game_id", "registration_id", -"gross_cents", -"fee_cents", -"net_cents", "fee_percent", p_now
  FROM "organiser_earnings" WHERE "source" = 'registration:' || p_registration_id
  ON CONFLICT ("source") DO NOTHING;
$$;
