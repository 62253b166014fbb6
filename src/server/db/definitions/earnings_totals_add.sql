-- after migration: 0037_earnings_totals
-- The administrator's books per organiser (decision 073): every change adds a row of differences to
-- organiser_earnings_totals (inserts never wait for each other, so applies to one organiser's games do not queue behind
-- one row), folded into one row per organiser now and then, as dashboard_add does for the dashboard.
CREATE OR REPLACE FUNCTION "earnings_totals_add"(p_organiser_id integer, p_fee_cents bigint, p_counted_net_cents bigint, p_payouts_cents bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_id integer; BEGIN
  IF p_fee_cents = 0 AND p_counted_net_cents = 0 AND p_payouts_cents = 0 THEN
    RETURN;
  END IF;
  INSERT INTO "organiser_earnings_totals" ("organiser_id", "fee_cents", "counted_net_cents", "payouts_cents")
    VALUES (p_organiser_id, p_fee_cents, p_counted_net_cents, p_payouts_cents) RETURNING "id" INTO v_id;
  -- One fold at a time ("earn" in ASCII); a fold sees only committed rows and its own, so a row being written elsewhere
  -- stays for the next one.
  IF v_id % 500 = 0 AND pg_try_advisory_xact_lock(1700885102) THEN
    WITH "folded" AS (DELETE FROM "organiser_earnings_totals" RETURNING "organiser_id", "fee_cents", "counted_net_cents", "payouts_cents")
    INSERT INTO "organiser_earnings_totals" ("organiser_id", "fee_cents", "counted_net_cents", "payouts_cents")
    SELECT "organiser_id", sum("fee_cents"), sum("counted_net_cents"), sum("payouts_cents") FROM "folded" GROUP BY "organiser_id";
  END IF;
END; $$;
