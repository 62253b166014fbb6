-- after migration: 0037_earnings_totals
-- A game's earnings sums follow the game (decision 073): cancelled, or no longer, its net leaves or joins what its
-- organiser's books count (earnings_totals_add); its start moved, the shares taken back at or after it are recounted
-- from its earnings rows (decision 063).
CREATE OR REPLACE FUNCTION "games_move_earnings_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_sums record; BEGIN
  IF (OLD."status" = 'cancelled') IS DISTINCT FROM (NEW."status" = 'cancelled') THEN
    FOR v_sums IN SELECT "organiser_id", "net_cents" FROM "organiser_game_earnings" WHERE "game_id" = NEW."id" LOOP
      PERFORM "earnings_totals_add"(v_sums."organiser_id", 0::bigint,
        CASE WHEN NEW."status" = 'cancelled' THEN -v_sums."net_cents" ELSE v_sums."net_cents" END, 0::bigint);
    END LOOP;
  END IF;
  IF OLD."date_time" IS DISTINCT FROM NEW."date_time" THEN
    UPDATE "organiser_game_earnings" t SET
      "taken_back_cents" = coalesce(s."cents", 0),
      "taken_back_at" = s."at"
    FROM (SELECT "organiser_id",
        -sum("net_cents") FILTER (WHERE "kind" = 'refund' AND "created_at" >= NEW."date_time") AS "cents",
        max("created_at") FILTER (WHERE "kind" = 'refund' AND "created_at" >= NEW."date_time") AS "at"
      FROM "organiser_earnings" WHERE "game_id" = NEW."id" GROUP BY "organiser_id") s
    WHERE t."game_id" = NEW."id" AND t."organiser_id" = s."organiser_id";
  END IF;
  RETURN NULL;
END; $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "games_move_earnings_totals" AFTER UPDATE OF "status", "date_time" ON "games"
  FOR EACH ROW EXECUTE FUNCTION "games_move_earnings_totals"();
