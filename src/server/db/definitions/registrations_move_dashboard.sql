-- after migration: 0023_first_week_fixes
-- Revenue counts what was paid through the platform only: a confirmed registration paid with credits, card or PIX,
-- at its game's price, over the games not cancelled. Places paid to the organiser outside ('external') do not count.
CREATE OR REPLACE FUNCTION "registrations_move_dashboard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_was boolean := TG_OP <> 'INSERT' AND OLD."status" = 'confirmed' AND OLD."payment_type" IN ('credit', 'stripe', 'mercadopago');
  v_is boolean := TG_OP <> 'DELETE' AND NEW."status" = 'confirmed' AND NEW."payment_type" IN ('credit', 'stripe', 'mercadopago');
  v_price integer; BEGIN
  IF v_was = v_is THEN
    RETURN NULL;
  END IF;
  SELECT "price_cents" INTO v_price FROM "games" WHERE "id" = CASE WHEN TG_OP = 'DELETE' THEN OLD."game_id" ELSE NEW."game_id" END AND "status" <> 'cancelled';
  IF FOUND THEN
    PERFORM "dashboard_add"(0, 0, CASE WHEN v_is THEN v_price ELSE -v_price END);
  END IF;
  RETURN NULL;
END; $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "registrations_move_dashboard" AFTER INSERT OR DELETE OR UPDATE OF "status", "payment_type" ON "registrations"
  FOR EACH ROW EXECUTE FUNCTION "registrations_move_dashboard"();
