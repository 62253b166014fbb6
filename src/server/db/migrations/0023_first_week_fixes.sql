-- registrations_move_dashboard, games_move_dashboard: defined in src/server/db/definitions/, one file each (decision 072).
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
-- The kept revenue restated by the new definition: one row of difference, so users and games stay as they are.
SELECT "dashboard_add"(0, 0, (
  (SELECT coalesce(sum(g."price_cents"), 0) FROM "registrations" r JOIN "games" g ON g."id" = r."game_id"
    WHERE r."status" = 'confirmed' AND r."payment_type" IN ('credit', 'stripe', 'mercadopago') AND g."status" <> 'cancelled')
  - (SELECT coalesce(sum("revenue_cents"), 0) FROM "dashboard_totals"))::bigint);
