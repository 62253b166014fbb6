-- after migration: 0017_years_of_data
-- The dashboard's totals (decision 041): every change adds a row of differences to dashboard_totals (inserts never wait
-- for each other, so applies do not queue behind one row), folded into one row now and then.
CREATE OR REPLACE FUNCTION "dashboard_add"(p_users integer, p_games integer, p_revenue_cents bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_id integer; BEGIN
  IF p_users = 0 AND p_games = 0 AND p_revenue_cents = 0 THEN
    RETURN;
  END IF;
  INSERT INTO "dashboard_totals" ("users", "games", "revenue_cents") VALUES (p_users, p_games, p_revenue_cents) RETURNING "id" INTO v_id;
  -- One fold at a time ("dash" in ASCII); a fold sees only committed rows and its own, so a row being written elsewhere
  -- stays for the next one.
  IF v_id % 500 = 0 AND pg_try_advisory_xact_lock(1684108136) THEN
    WITH "folded" AS (DELETE FROM "dashboard_totals" RETURNING "users", "games", "revenue_cents")
    INSERT INTO "dashboard_totals" ("users", "games", "revenue_cents")
    SELECT coalesce(sum("users"), 0), coalesce(sum("games"), 0), coalesce(sum("revenue_cents"), 0) FROM "folded";
  END IF;
END; $$;
