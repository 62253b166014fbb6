-- after migration: 0020_organiser_earnings
-- A row of the earnings ledger taken back by one of `p_kind`, with the same amounts negated; once, and nothing when
-- there is no such row. Each kind takes back the row before it:
--   refund           a place given back takes back its sale's share (nothing when the place earned nothing);
--   refund_reversed  a refund request the administrator rejected takes back that refund: the share returns.
-- PL/pgSQL, as record_sale: its statement's plan is kept in the session.
CREATE OR REPLACE FUNCTION "take_back_earning"(p_kind text, p_registration_id integer, p_now timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "organiser_earnings" ("organiser_id", "kind", "source", "game_id", "registration_id", "gross_cents", "fee_cents", "net_cents", "fee_percent", "created_at")
  SELECT e."organiser_id", p_kind, taking."prefix" || e."registration_id", e."game_id", e."registration_id", -e."gross_cents", -e."fee_cents", -e."net_cents", e."fee_percent", p_now
  FROM (VALUES ('refund', 'registration:', 'refund:registration:'),
               ('refund_reversed', 'refund:registration:', 'refund-rejected:registration:')) AS taking ("kind", "taken_prefix", "prefix")
  JOIN "organiser_earnings" e ON e."source" = taking."taken_prefix" || p_registration_id
  WHERE taking."kind" = p_kind
  ON CONFLICT ("source") DO NOTHING;
END;
$$;
