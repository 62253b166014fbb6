-- games_time_zone_of_state, states_time_zone_to_games: defined in src/server/db/definitions/, one file each (decision 072).
-- Brazil has four time zones: each state carries the IANA zone of its capital, and a game carries its state's zone
-- (São Paulo's when it has no state), so it is shown, e-mailed, put in calendars and spreadsheets at the time its
-- players read on the clocks where it happens. The game's copy is kept by the database: set whenever a game is written
-- with a state, and followed when a state's zone is corrected.
ALTER TABLE "states" ADD COLUMN "time_zone" text DEFAULT 'America/Sao_Paulo' NOT NULL;
--> statement-breakpoint
UPDATE "states" SET "time_zone" = z."zone" FROM (VALUES
    ('AC', 'America/Rio_Branco'), ('AL', 'America/Maceio'), ('AP', 'America/Belem'), ('AM', 'America/Manaus'),
    ('BA', 'America/Bahia'), ('CE', 'America/Fortaleza'), ('DF', 'America/Sao_Paulo'), ('ES', 'America/Sao_Paulo'),
    ('GO', 'America/Sao_Paulo'), ('MA', 'America/Fortaleza'), ('MT', 'America/Cuiaba'), ('MS', 'America/Campo_Grande'),
    ('MG', 'America/Sao_Paulo'), ('PA', 'America/Belem'), ('PB', 'America/Fortaleza'), ('PR', 'America/Sao_Paulo'),
    ('PE', 'America/Recife'), ('PI', 'America/Fortaleza'), ('RJ', 'America/Sao_Paulo'), ('RN', 'America/Fortaleza'),
    ('RS', 'America/Sao_Paulo'), ('RO', 'America/Porto_Velho'), ('RR', 'America/Boa_Vista'), ('SC', 'America/Sao_Paulo'),
    ('SP', 'America/Sao_Paulo'), ('SE', 'America/Maceio'), ('TO', 'America/Araguaina')
  ) AS z("uf", "zone")
  WHERE z."uf" = "states"."uf";
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "time_zone" text DEFAULT 'America/Sao_Paulo' NOT NULL;
--> statement-breakpoint
UPDATE "games" SET "time_zone" = s."time_zone" FROM "states" s WHERE s."id" = "games"."state_id";
