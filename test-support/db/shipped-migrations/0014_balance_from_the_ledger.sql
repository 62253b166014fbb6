-- A user's balance is the sum of their ledger rows, and the database keeps it so (decision 038): each new ledger row
-- moves the balance in the same statement, and nothing else may write it. Balances are taken as they are: they already
-- equal their ledgers, which every money test asserts. A database where one does not holds a discrepancy that a person
-- must look into (a missing ledger row or a wrong balance), so the upgrade stops and names the accounts instead of
-- choosing a side.
DO $$
DECLARE
  v_drifted text; BEGIN
  SELECT string_agg(format('%s (saldo %s, extrato %s)', u."id", u."balance_cents", coalesce(l."total", 0)), ', ' ORDER BY u."id")
    INTO v_drifted
    FROM "users" u
    LEFT JOIN (SELECT "user_id", sum("amount_cents") AS "total" FROM "credit_transactions" GROUP BY "user_id") l ON l."user_id" = u."id"
    WHERE u."balance_cents" <> coalesce(l."total", 0);
  IF v_drifted IS NOT NULL THEN
    RAISE EXCEPTION 'saldos diferentes da soma do extrato de créditos nas contas %: corrija antes de atualizar', v_drifted;
  END IF;
END;
$$;
--> statement-breakpoint
-- Moves the balance by the row's amount. Only rows actually inserted get here (an AFTER trigger: a row that an
-- ON CONFLICT DO NOTHING skipped moves nothing), and the users table's CHECK refuses a result below zero, failing the
-- insert with it. The transaction-local setting tells the users table's guard that this write comes from the ledger.
CREATE FUNCTION "ledger_moves_balance"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  PERFORM set_config('bora_jogar.ledger_posting', 'on', true);
  UPDATE "users" SET "balance_cents" = "balance_cents" + NEW."amount_cents" WHERE "id" = NEW."user_id";
  PERFORM set_config('bora_jogar.ledger_posting', 'off', true);
  RETURN NULL;
END; $$;
--> statement-breakpoint
CREATE TRIGGER "credit_transactions_move_balance" AFTER INSERT ON "credit_transactions"
  FOR EACH ROW EXECUTE FUNCTION "ledger_moves_balance"();
--> statement-breakpoint
-- Any other write of a balance would leave it apart from its ledger: a new account starts at zero, and a balance
-- changes only through the trigger above.
CREATE FUNCTION "refuse_balance_write"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  IF coalesce(current_setting('bora_jogar.ledger_posting', true), '') <> 'on' THEN
    RAISE EXCEPTION 'o saldo só muda por um lançamento no extrato de créditos (% recusado)', TG_OP USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END; $$;
--> statement-breakpoint
CREATE TRIGGER "users_balance_from_ledger" BEFORE UPDATE OF "balance_cents" ON "users"
  FOR EACH ROW WHEN (OLD."balance_cents" IS DISTINCT FROM NEW."balance_cents") EXECUTE FUNCTION "refuse_balance_write"();
--> statement-breakpoint
CREATE TRIGGER "users_balance_starts_at_zero" BEFORE INSERT ON "users"
  FOR EACH ROW WHEN (NEW."balance_cents" <> 0) EXECUTE FUNCTION "refuse_balance_write"();
--> statement-breakpoint
-- The one-statement apply (decision 032, 0013's version) charges through the ledger like every other path: it locks the
-- player's row after the game's, checks the balance it holds, and inserts the ledger row, whose trigger debits it. Its
-- checks, outcomes and lock order are 0013's; modules/games/apply-paths.test.ts holds it to the full path's rules.
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
  -- The player's row locked after the game's, as everywhere (`no key update`, as lockBalance: the rows inserted below
  -- take a key-share lock on it). Held to the end, it keeps the balance checked here the one the ledger row debits: a
  -- concurrent apply of the same player on another game waits for it and then reads the debited balance.
  SELECT "balance_cents" INTO v_balance FROM "users" WHERE "id" = p_user_id FOR NO KEY UPDATE;
  IF v_balance < v_price THEN
    RETURN QUERY SELECT 'insufficient_balance'::text, NULL::integer, NULL::text, NULL::integer, NULL::integer, v_balance;
    RETURN;
  END IF;
  -- The registration, its ledger row (when there is a price; its trigger debits the balance) and the notice in one statement.
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
  -- The row is still locked: the balance is the one read less the price the trigger took.
  RETURN QUERY SELECT 'confirmed'::text, v_registration, v_payment_type, v_price, NULL::integer, v_balance - v_price;
END;
$$;
