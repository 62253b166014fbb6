-- Weekly series keep what their games are made of (decision 027, amended). A series planned more than five weeks
-- ahead has no game yet, so the series itself holds the game's fields; the weeks the job adds copy them, not a week the
-- organiser changed on its own (made private, unpublished, moved). Series saved by the failed creation this fixes, with
-- no game and so none of the game's fields, hold nothing to keep: they go.
ALTER TABLE "series" ADD COLUMN "template" jsonb;
--> statement-breakpoint
UPDATE "series" SET "template" = jsonb_build_object(
    'name', g."name", 'location', g."location", 'address', g."address", 'priceCents', g."price_cents",
    'totalSlots', g."total_slots", 'description', g."description", 'descriptionHtml', g."description_html",
    'visibility', g."visibility", 'usePlatformPayment', g."use_platform_payment",
    'sportId', g."sport_id", 'stateId', g."state_id", 'cityId', g."city_id")
  FROM (SELECT DISTINCT ON ("series_id") * FROM "games" WHERE "series_id" IS NOT NULL ORDER BY "series_id", "series_week" DESC) g
  WHERE g."series_id" = "series"."id";
--> statement-breakpoint
DELETE FROM "series" WHERE "template" IS NULL;
--> statement-breakpoint
ALTER TABLE "series" ALTER COLUMN "template" SET NOT NULL;
--> statement-breakpoint
-- The one-statement apply leaves a series' game to the full path, which locks the series first: a member joining or
-- leaving holds the series and its games and then the player's row, so taking the game and then the player's row here
-- could deadlock with them.
CREATE OR REPLACE FUNCTION "fast_apply"(
  p_game_id integer,
  p_user_id integer,
  p_token_version integer,
  p_now timestamptz,
  p_pays_with_credits boolean,
  p_spend_description_prefix text,
  p_confirmed_notice text,
  p_waitlisted_notice text,
  p_zone text
) RETURNS TABLE (
  outcome text,
  registration_id integer,
  payment_type text,
  paid_cents integer,
  waitlist_position integer,
  balance_cents integer
) LANGUAGE plpgsql AS $$
-- The reply's column names (balance_cents, payment_type ...) are also table columns: in a query they mean the column.
#variable_conflict use_column
DECLARE
  v_game "games"%ROWTYPE;
  v_account_current boolean;
  v_in_the_way boolean;
  v_occupied integer;
  v_waiting integer;
  v_balance integer;
  v_registration integer;
  v_payment_type text;
  v_price integer;
  v_when text; BEGIN
  SELECT * INTO v_game FROM "games" WHERE "id" = p_game_id FOR UPDATE;
  IF NOT FOUND
    OR v_game."state" <> 'published' OR v_game."status" <> 'active' OR v_game."date_time" <= p_now
    OR (v_game."visibility" <> 'public' AND v_game."creator_id" <> p_user_id)
    -- A platform game asks how to pay; only credits are paid here.
    OR (v_game."use_platform_payment" AND NOT p_pays_with_credits)
    -- A weekly series' game is locked after its series (decision 027): the full path takes both in that order. Its
    -- lock, taken here with nothing else held, ends with this statement.
    OR v_game."series_id" IS NOT NULL
  THEN
    RETURN QUERY SELECT 'fallback'::text, NULL::integer, NULL::text, NULL::integer, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  -- One look at the game's registrations (and the caller's account): a hold past its deadline or a live registration
  -- of the caller's sends the apply to the full path; the places taken and the line decide where the caller goes.
  SELECT
    -- The caller's token must still be current (a password change or a deletion ends it), and a phone is required.
    EXISTS (SELECT 1 FROM "users" WHERE "id" = p_user_id AND "token_version" = p_token_version AND "phone" IS NOT NULL),
    coalesce(bool_or(("status" = 'pending' AND "payment_deadline" <= p_now) OR ("user_id" = p_user_id AND "status" <> 'cancelled')), false),
    (count(*) FILTER (WHERE "status" IN ('confirmed', 'pending')))::integer,
    (count(*) FILTER (WHERE "status" = 'waitlist'))::integer
  INTO v_account_current, v_in_the_way, v_occupied, v_waiting
  FROM "registrations" WHERE "game_id" = p_game_id;
  IF NOT v_account_current OR v_in_the_way THEN
    RETURN QUERY SELECT 'fallback'::text, NULL::integer, NULL::text, NULL::integer, NULL::integer, NULL::integer;
    RETURN;
  END IF;

  v_when := to_char(v_game."date_time" AT TIME ZONE p_zone, 'DD/MM/YYYY "às" HH24:MI');
  IF v_occupied >= v_game."total_slots" THEN
    -- The game's lock keeps the line as counted: the caller is its last.
    WITH registration AS (
      INSERT INTO "registrations" ("game_id", "user_id", "status", "joined_at", "waitlist_price_cents")
        VALUES (p_game_id, p_user_id, 'waitlist', p_now, v_game."price_cents") RETURNING "id"
    ), notice AS (
      INSERT INTO "notifications" ("user_id", "game_id", "type", "message")
        VALUES (p_user_id, p_game_id, 'waitlisted', replace(replace(replace(p_waitlisted_notice, '{quando}', v_when), '{posicao}', (v_waiting + 1)::text), '{jogo}', v_game."name"))
    )
    SELECT r."id", u."balance_cents" INTO v_registration, v_balance FROM registration r, "users" u WHERE u."id" = p_user_id;
    RETURN QUERY SELECT 'waitlist'::text, v_registration, NULL::text, 0, v_waiting + 1, v_balance;
    RETURN;
  END IF;

  v_payment_type := CASE WHEN v_game."use_platform_payment" THEN 'credit' ELSE 'external' END;
  v_price := CASE WHEN v_game."use_platform_payment" THEN v_game."price_cents" ELSE 0 END;
  -- The player's row locked after the game's, as everywhere; charged only when the balance covers the price.
  IF v_price > 0 THEN
    UPDATE "users" SET "balance_cents" = "balance_cents" - v_price WHERE "id" = p_user_id AND "balance_cents" >= v_price
      RETURNING "users"."balance_cents" INTO v_balance;
    IF NOT FOUND THEN
      SELECT "balance_cents" INTO v_balance FROM "users" WHERE "id" = p_user_id;
      RETURN QUERY SELECT 'insufficient_balance'::text, NULL::integer, NULL::text, NULL::integer, NULL::integer, v_balance;
      RETURN;
    END IF;
  ELSE
    SELECT "balance_cents" INTO v_balance FROM "users" WHERE "id" = p_user_id FOR NO KEY UPDATE;
  END IF;
  -- The registration, its ledger row (when there is a price) and the notice in one statement.
  WITH registration AS (
    INSERT INTO "registrations" ("game_id", "user_id", "status", "payment_type", "paid_cents", "joined_at", "confirmed_at", "updated_at")
      VALUES (p_game_id, p_user_id, 'confirmed', v_payment_type, v_price, p_now, p_now, p_now) RETURNING "id"
  ), charge AS (
    INSERT INTO "credit_transactions" ("user_id", "amount_cents", "type", "description", "source", "reference")
      SELECT p_user_id, -v_price, 'spend_game', p_spend_description_prefix || v_game."name", 'credit', 'registration:' || r."id"
      FROM registration r WHERE v_price > 0
  ), notice AS (
    INSERT INTO "notifications" ("user_id", "game_id", "type", "message")
      VALUES (p_user_id, p_game_id, 'registration_confirmed', replace(replace(p_confirmed_notice, '{quando}', v_when), '{jogo}', v_game."name"))
  )
  SELECT r."id" INTO v_registration FROM registration r;
  RETURN QUERY SELECT 'confirmed'::text, v_registration, v_payment_type, v_price, NULL::integer, v_balance;
END;
$$;
