-- after migration: 0037_earnings_totals
-- Each earnings row moves its game's sums (organiser_game_earnings, one row per organiser and game, under the game's
-- lock that every write of a place holds) and the organiser's books (earnings_totals_add), so the statement and the
-- dashboard never add up the ledger itself (decision 073). A share taken back at or after its game's start is counted
-- apart, with when the last was (decision 063); games_move_earnings_totals recounts it if the game's start moves.
CREATE OR REPLACE FUNCTION "organiser_earnings_move_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_game "games"%ROWTYPE;
  v_taken_back boolean := false; BEGIN
  IF NEW."game_id" IS NOT NULL THEN
    SELECT * INTO v_game FROM "games" WHERE "id" = NEW."game_id";
    v_taken_back := NEW."kind" = 'refund' AND NEW."created_at" >= v_game."date_time";
    INSERT INTO "organiser_game_earnings" AS t ("game_id", "organiser_id", "places", "gross_cents", "refunds_cents", "fee_cents",
      "net_cents", "taken_back_cents", "taken_back_at")
    VALUES (NEW."game_id", NEW."organiser_id",
      CASE WHEN NEW."kind" IN ('sale', 'refund_reversed') THEN 1 WHEN NEW."kind" = 'refund' THEN -1 ELSE 0 END,
      CASE WHEN NEW."kind" = 'sale' THEN NEW."gross_cents" ELSE 0 END,
      CASE WHEN NEW."kind" <> 'sale' THEN -NEW."gross_cents" ELSE 0 END,
      NEW."fee_cents", NEW."net_cents",
      CASE WHEN v_taken_back THEN -NEW."net_cents" ELSE 0 END,
      CASE WHEN v_taken_back THEN NEW."created_at" END)
    ON CONFLICT ("game_id", "organiser_id") DO UPDATE SET
      "places" = t."places" + EXCLUDED."places",
      "gross_cents" = t."gross_cents" + EXCLUDED."gross_cents",
      "refunds_cents" = t."refunds_cents" + EXCLUDED."refunds_cents",
      "fee_cents" = t."fee_cents" + EXCLUDED."fee_cents",
      "net_cents" = t."net_cents" + EXCLUDED."net_cents",
      "taken_back_cents" = t."taken_back_cents" + EXCLUDED."taken_back_cents",
      "taken_back_at" = greatest(t."taken_back_at", EXCLUDED."taken_back_at");
  END IF;
  PERFORM "earnings_totals_add"(NEW."organiser_id", NEW."fee_cents"::bigint,
    CASE WHEN NEW."kind" <> 'payout' AND v_game."status" <> 'cancelled' THEN NEW."net_cents" ELSE 0 END::bigint,
    CASE WHEN NEW."kind" = 'payout' THEN NEW."net_cents" ELSE 0 END::bigint);
  RETURN NULL;
END; $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "organiser_earnings_move_totals" AFTER INSERT ON "organiser_earnings"
  FOR EACH ROW EXECUTE FUNCTION "organiser_earnings_move_totals"();
