-- Cities carry their IBGE municipality code (7 digits, the first two the state's), unique: the reference seeds and the
-- admin's new cities are matched by it.
ALTER TABLE "cities" ADD COLUMN "ibge_code" text;
--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_ibge_code_format" CHECK ("ibge_code" ~ '^[1-5][0-9]{6}$');
--> statement-breakpoint
CREATE UNIQUE INDEX "cities_ibge_code_unique" ON "cities" ("ibge_code");
--> statement-breakpoint
-- Santa Catarina's cities already shipped get their codes and can be chosen; the seeds add the rest of the reference list.
UPDATE "cities" c SET "ibge_code" = v."code", "active" = true
FROM (VALUES
  ('Florianópolis', '4205407'), ('Joinville', '4209102'), ('Blumenau', '4202404'), ('São José', '4216602'),
  ('Palhoça', '4211900'), ('Itajaí', '4208203'), ('Balneário Camboriú', '4202008'), ('Chapecó', '4204202'),
  ('Criciúma', '4204608'), ('Lages', '4209300')
) AS v("name", "code"), "states" s
WHERE s."id" = c."state_id" AND s."uf" = 'SC' AND c."name" = v."name" AND c."ibge_code" IS NULL;
--> statement-breakpoint
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
DROP TRIGGER "registrations_move_dashboard" ON "registrations";
--> statement-breakpoint
CREATE TRIGGER "registrations_move_dashboard" AFTER INSERT OR DELETE OR UPDATE OF "status", "payment_type" ON "registrations"
  FOR EACH ROW EXECUTE FUNCTION "registrations_move_dashboard"();
--> statement-breakpoint
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
-- The kept revenue restated by the new definition: one row of difference, so users and games stay as they are.
SELECT "dashboard_add"(0, 0, (
  (SELECT coalesce(sum(g."price_cents"), 0) FROM "registrations" r JOIN "games" g ON g."id" = r."game_id"
    WHERE r."status" = 'confirmed' AND r."payment_type" IN ('credit', 'stripe', 'mercadopago') AND g."status" <> 'cancelled')
  - (SELECT coalesce(sum("revenue_cents"), 0) FROM "dashboard_totals"))::bigint);
