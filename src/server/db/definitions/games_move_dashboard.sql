-- after migration: 0023_first_week_fixes
-- The dashboard's games and revenue as games are created, cancelled, removed or repriced (dashboard_add).
CREATE OR REPLACE FUNCTION "games_move_dashboard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_was integer := CASE WHEN TG_OP <> 'INSERT' AND OLD."status" <> 'cancelled' THEN OLD."price_cents" END;
  v_is integer := CASE WHEN TG_OP <> 'DELETE' AND NEW."status" <> 'cancelled' THEN NEW."price_cents" END;
  v_confirmed integer := 0; BEGIN
  IF v_was IS NOT DISTINCT FROM v_is THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT count(*) INTO v_confirmed FROM "registrations"
      WHERE "game_id" = OLD."id" AND "status" = 'confirmed' AND "payment_type" IN ('credit', 'stripe', 'mercadopago');
  END IF;
  PERFORM "dashboard_add"(0, (v_is IS NOT NULL)::integer - (v_was IS NOT NULL)::integer,
    v_confirmed::bigint * (coalesce(v_is, 0) - coalesce(v_was, 0)));
  RETURN NULL;
END; $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "games_move_dashboard" AFTER INSERT OR DELETE OR UPDATE OF "status", "price_cents" ON "games"
  FOR EACH ROW EXECUTE FUNCTION "games_move_dashboard"();
