-- after migration: 0020_organiser_earnings
-- The organiser's share of a place just confirmed: what the registration paid through the platform (credits, card or
-- PIX) in a game whose creator is not an administrator (an administrator's games are the platform's own), less the fee
-- at p_fee_percent rounded half up to the centavo. Nothing for a free or outside-paid place; once per registration.
-- PL/pgSQL, not SQL: its statement keeps its plan in the session, where an SQL function's is planned at every call (a
-- third of a millisecond of every paid apply, decision 076).
CREATE OR REPLACE FUNCTION "record_sale"(p_registration_id integer, p_fee_percent integer, p_now timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "organiser_earnings" ("organiser_id", "kind", "source", "game_id", "registration_id", "gross_cents", "fee_cents", "net_cents", "fee_percent", "created_at")
  SELECT g."creator_id", 'sale', 'registration:' || r."id", g."id", r."id", r."paid_cents", f."fee", r."paid_cents" - f."fee", p_fee_percent, p_now
  FROM "registrations" r
  JOIN "games" g ON g."id" = r."game_id"
  JOIN "users" u ON u."id" = g."creator_id"
  CROSS JOIN LATERAL (SELECT ((r."paid_cents"::bigint * p_fee_percent + 50) / 100)::integer AS "fee") f
  WHERE r."id" = p_registration_id AND r."paid_cents" > 0 AND r."payment_type" IN ('credit', 'stripe', 'mercadopago') AND u."role" <> 'admin'
  ON CONFLICT ("source") DO NOTHING;
END;
$$;
