-- The common credit apply in one statement (decision 032): lock the game, check it, then confirm and charge a free
-- place, or put the player in line, in one round trip. Anything out of the ordinary (the game not open, private, a
-- hold past its deadline to expire, a registration already there, a price to pay by card or PIX, a token no longer
-- current, no phone) answers 'fallback',
-- having changed nothing, and the application takes its full path. Same locks in the same order as that path:
-- the game (FOR UPDATE), then the player (FOR NO KEY UPDATE); the ledger row and the balance change together, and
-- the player's notice is recorded in the same transaction, from the application's own pt-BR text with {jogo}, {quando}
-- and {posicao} to fill in ({quando} as formatDateTime writes it: 28/11/2026 às 19:00 in p_zone). Like every lock of a game
-- that changes it, a registration made here tells the live-places streams on p_games_channel, delivered on commit.
CREATE FUNCTION "fast_apply"(
  p_game_id integer,
  p_user_id integer,
  p_token_version integer,
  p_now timestamptz,
  p_pays_with_credits boolean,
  p_spend_description_prefix text,
  p_confirmed_notice text,
  p_waitlisted_notice text,
  p_zone text,
  p_games_channel text
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
  v_occupied integer;
  v_balance integer;
  v_registration integer;
  v_position integer;
  v_payment_type text;
  v_price integer;
  v_when text; BEGIN
  SELECT * INTO v_game FROM "games" WHERE "id" = p_game_id FOR UPDATE;
  IF NOT FOUND
    -- The caller's token must still be current (a password change or a deletion ends it), and a phone is required.
    OR NOT EXISTS (SELECT 1 FROM "users" WHERE "id" = p_user_id AND "token_version" = p_token_version AND "phone" IS NOT NULL)
    OR v_game."state" <> 'published' OR v_game."status" <> 'active' OR v_game."date_time" <= p_now
    OR (v_game."visibility" <> 'public' AND v_game."creator_id" <> p_user_id)
    -- A platform game asks how to pay; only credits are paid here.
    OR (v_game."use_platform_payment" AND NOT p_pays_with_credits)
    OR EXISTS (SELECT 1 FROM "registrations" WHERE "game_id" = p_game_id AND "status" = 'pending' AND "payment_deadline" <= p_now)
    OR EXISTS (SELECT 1 FROM "registrations" WHERE "game_id" = p_game_id AND "user_id" = p_user_id AND "status" <> 'cancelled')
  THEN
    RETURN QUERY SELECT 'fallback'::text, NULL::integer, NULL::text, NULL::integer, NULL::integer, NULL::integer;
    RETURN;
  END IF;

  v_when := to_char(v_game."date_time" AT TIME ZONE p_zone, 'DD/MM/YYYY "às" HH24:MI');
  SELECT count(*)::integer INTO v_occupied FROM "registrations" WHERE "game_id" = p_game_id AND "status" IN ('confirmed', 'pending');
  IF v_occupied >= v_game."total_slots" THEN
    INSERT INTO "registrations" ("game_id", "user_id", "status", "joined_at", "waitlist_price_cents")
      VALUES (p_game_id, p_user_id, 'waitlist', p_now, v_game."price_cents") RETURNING "id" INTO v_registration;
    SELECT count(*)::integer INTO v_position FROM "registrations" WHERE "game_id" = p_game_id AND "status" = 'waitlist';
    SELECT "balance_cents" INTO v_balance FROM "users" WHERE "id" = p_user_id;
    INSERT INTO "notifications" ("user_id", "game_id", "type", "message")
      VALUES (p_user_id, p_game_id, 'waitlisted', replace(replace(replace(p_waitlisted_notice, '{quando}', v_when), '{posicao}', v_position::text), '{jogo}', v_game."name"));
    PERFORM pg_notify(p_games_channel, p_game_id::text);
    RETURN QUERY SELECT 'waitlist'::text, v_registration, NULL::text, 0, v_position, v_balance;
    RETURN;
  END IF;

  v_payment_type := CASE WHEN v_game."use_platform_payment" THEN 'credit' ELSE 'external' END;
  v_price := CASE WHEN v_game."use_platform_payment" THEN v_game."price_cents" ELSE 0 END;
  SELECT "balance_cents" INTO v_balance FROM "users" WHERE "id" = p_user_id FOR NO KEY UPDATE;
  IF v_price > 0 AND v_balance < v_price THEN
    RETURN QUERY SELECT 'insufficient_balance'::text, NULL::integer, NULL::text, NULL::integer, NULL::integer, v_balance;
    RETURN;
  END IF;
  INSERT INTO "registrations" ("game_id", "user_id", "status", "payment_type", "paid_cents", "joined_at", "confirmed_at", "updated_at")
    VALUES (p_game_id, p_user_id, 'confirmed', v_payment_type, v_price, p_now, p_now, p_now) RETURNING "id" INTO v_registration;
  IF v_price > 0 THEN
    INSERT INTO "credit_transactions" ("user_id", "amount_cents", "type", "description", "source", "reference")
      VALUES (p_user_id, -v_price, 'spend_game', p_spend_description_prefix || v_game."name", 'credit', 'registration:' || v_registration);
    UPDATE "users" SET "balance_cents" = "balance_cents" - v_price WHERE "id" = p_user_id RETURNING "users"."balance_cents" INTO v_balance;
  END IF;
  INSERT INTO "notifications" ("user_id", "game_id", "type", "message")
    VALUES (p_user_id, p_game_id, 'registration_confirmed', replace(replace(p_confirmed_notice, '{quando}', v_when), '{jogo}', v_game."name"));
  PERFORM pg_notify(p_games_channel, p_game_id::text);
  RETURN QUERY SELECT 'confirmed'::text, v_registration, v_payment_type, v_price, NULL::integer, v_balance;
END;
$$;
