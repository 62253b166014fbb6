-- Organisers get paid (decision 045): where an organiser wants the money (a PIX key on the account), the payouts they ask
-- for and the administrator records, and the earnings ledger, append-only like the credit ledger (decision 038).
ALTER TABLE "users" ADD COLUMN "payout_key_type" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payout_key" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payout_holder_name" text;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_payout_key_valid" CHECK (
  ("payout_key_type" IS NULL AND "payout_key" IS NULL AND "payout_holder_name" IS NULL)
  OR ("payout_key_type" IN ('cpf', 'cnpj', 'email', 'phone', 'random') AND "payout_key" IS NOT NULL AND "payout_holder_name" IS NOT NULL)
);
--> statement-breakpoint
-- A payout asked for by an organiser: the amount and the key as they were when asked; the administrator pays it by PIX
-- and records the end-to-end id, or rejects it with a reason (the money is then available again).
CREATE TABLE "payouts" (
  "id" serial PRIMARY KEY NOT NULL,
  "organiser_id" integer NOT NULL REFERENCES "users"("id"),
  "amount_cents" integer NOT NULL,
  "status" text DEFAULT 'requested' NOT NULL,
  "key_type" text NOT NULL,
  "key" text NOT NULL,
  "holder_name" text NOT NULL,
  "reference" text,
  "reason" text,
  "requested_at" timestamp with time zone DEFAULT now() NOT NULL,
  "decided_at" timestamp with time zone,
  "decided_by" integer REFERENCES "users"("id"),
  CONSTRAINT "payouts_amount_positive" CHECK ("amount_cents" > 0),
  CONSTRAINT "payouts_status_valid" CHECK ("status" IN ('requested', 'paid', 'rejected')),
  CONSTRAINT "payouts_decision_recorded" CHECK (
    ("status" = 'requested' AND "decided_at" IS NULL)
    OR ("status" = 'paid' AND "reference" IS NOT NULL AND "decided_at" IS NOT NULL)
    OR ("status" = 'rejected' AND "reason" IS NOT NULL AND "decided_at" IS NOT NULL)
  )
);
--> statement-breakpoint
-- One open request per organiser: two asked at once make one payout.
CREATE UNIQUE INDEX "payouts_one_open_per_organiser" ON "payouts" ("organiser_id") WHERE "status" = 'requested';
--> statement-breakpoint
CREATE INDEX "payouts_organiser_idx" ON "payouts" ("organiser_id", "id");
--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" ("status", "requested_at", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_reference_unique" ON "payouts" ("reference");
--> statement-breakpoint
-- What an organiser earns, one row per movement, never changed: a place paid through the platform (sale, the fee in
-- force then recorded), its refund (the same share back), a refused refund (the share again) and a payout made. Each
-- names its source, unique, so writing it again changes nothing. The fee is rounded half up to the centavo and the
-- organiser gets the rest: gross = fee + net on every row.
CREATE TABLE "organiser_earnings" (
  "id" serial PRIMARY KEY NOT NULL,
  "organiser_id" integer NOT NULL REFERENCES "users"("id"),
  "kind" text NOT NULL,
  "source" text NOT NULL,
  "game_id" integer REFERENCES "games"("id"),
  "registration_id" integer REFERENCES "registrations"("id"),
  "payout_id" integer REFERENCES "payouts"("id"),
  "gross_cents" integer NOT NULL,
  "fee_cents" integer NOT NULL,
  "net_cents" integer NOT NULL,
  "fee_percent" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "organiser_earnings_source_unique" UNIQUE ("source"),
  CONSTRAINT "organiser_earnings_kind_valid" CHECK ("kind" IN ('sale', 'refund', 'refund_reversed', 'payout')),
  CONSTRAINT "organiser_earnings_parts_add_up" CHECK ("gross_cents" = "fee_cents" + "net_cents"),
  CONSTRAINT "organiser_earnings_fee_percent_range" CHECK ("fee_percent" BETWEEN 0 AND 30),
  CONSTRAINT "organiser_earnings_names_its_source" CHECK (
    ("kind" = 'payout' AND "payout_id" IS NOT NULL AND "game_id" IS NULL AND "fee_cents" = 0 AND "net_cents" < 0)
    OR ("kind" <> 'payout' AND "payout_id" IS NULL AND "game_id" IS NOT NULL AND "registration_id" IS NOT NULL)
  )
);
--> statement-breakpoint
CREATE INDEX "organiser_earnings_organiser_idx" ON "organiser_earnings" ("organiser_id", "game_id");
--> statement-breakpoint
CREATE INDEX "organiser_earnings_game_idx" ON "organiser_earnings" ("game_id");
--> statement-breakpoint
CREATE INDEX "organiser_earnings_registration_idx" ON "organiser_earnings" ("registration_id");
--> statement-breakpoint
CREATE FUNCTION "refuse_earnings_change"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  RAISE EXCEPTION 'o extrato de recebimentos só aceita novos lançamentos (% recusado)', TG_OP USING ERRCODE = 'restrict_violation';
END; $$;
--> statement-breakpoint
CREATE TRIGGER "organiser_earnings_append_only" BEFORE UPDATE OR DELETE ON "organiser_earnings"
  FOR EACH ROW EXECUTE FUNCTION "refuse_earnings_change"();
--> statement-breakpoint
CREATE TRIGGER "organiser_earnings_no_truncate" BEFORE TRUNCATE ON "organiser_earnings"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_earnings_change"();
--> statement-breakpoint
-- The organiser's share of a place just confirmed: what the registration paid through the platform (credits, card or
-- PIX) in a game whose creator is not an administrator (an administrator's games are the platform's own), less the fee
-- at p_fee_percent rounded half up to the centavo. Nothing for a free or outside-paid place; once per registration.
CREATE FUNCTION "record_sale"(p_registration_id integer, p_fee_percent integer, p_now timestamptz) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "organiser_earnings" ("organiser_id", "kind", "source", "game_id", "registration_id", "gross_cents", "fee_cents", "net_cents", "fee_percent", "created_at")
  SELECT g."creator_id", 'sale', 'registration:' || r."id", g."id", r."id", r."paid_cents", f."fee", r."paid_cents" - f."fee", p_fee_percent, p_now
  FROM "registrations" r
  JOIN "games" g ON g."id" = r."game_id"
  JOIN "users" u ON u."id" = g."creator_id"
  CROSS JOIN LATERAL (SELECT ((r."paid_cents"::bigint * p_fee_percent + 50) / 100)::integer AS "fee") f
  WHERE r."id" = p_registration_id AND r."paid_cents" > 0 AND r."payment_type" IN ('credit', 'stripe', 'mercadopago') AND u."role" <> 'admin'
  ON CONFLICT ("source") DO NOTHING;
$$;
--> statement-breakpoint
-- A place given back: the same share its sale wrote, taken back (nothing when the place earned nothing); once.
CREATE FUNCTION "record_refund"(p_registration_id integer, p_now timestamptz) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "organiser_earnings" ("organiser_id", "kind", "source", "game_id", "registration_id", "gross_cents", "fee_cents", "net_cents", "fee_percent", "created_at")
  SELECT "organiser_id", 'refund', 'refund:registration:' || "registration_id", "game_id", "registration_id", -"gross_cents", -"fee_cents", -"net_cents", "fee_percent", p_now
  FROM "organiser_earnings" WHERE "source" = 'registration:' || p_registration_id
  ON CONFLICT ("source") DO NOTHING;
$$;
--> statement-breakpoint
-- A refund request the administrator rejected: the player keeps nothing back, so the share taken back returns; once.
CREATE FUNCTION "record_refund_reversed"(p_registration_id integer, p_now timestamptz) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "organiser_earnings" ("organiser_id", "kind", "source", "game_id", "registration_id", "gross_cents", "fee_cents", "net_cents", "fee_percent", "created_at")
  SELECT "organiser_id", 'refund_reversed', 'refund-rejected:registration:' || "registration_id", "game_id", "registration_id", -"gross_cents", -"fee_cents", -"net_cents", "fee_percent", p_now
  FROM "organiser_earnings" WHERE "source" = 'refund:registration:' || p_registration_id
  ON CONFLICT ("source") DO NOTHING;
$$;
--> statement-breakpoint
-- Payouts paid and rejected are told to the organiser as receipts, like refunds (the application's kindOfType).
CREATE OR REPLACE FUNCTION "notification_kind"("type" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE
		WHEN "type" = 'game_reminder' THEN 'reminders'
		WHEN "type" IN ('registration_confirmed', 'waitlisted', 'left_waitlist', 'promoted', 'promotion_awaiting_payment', 'payment_expired') THEN 'places'
		WHEN "type" IN ('registration_cancelled', 'game_changed', 'game_cancelled', 'removed_from_game') THEN 'changes'
		WHEN "type" = 'invitation_received' THEN 'invitations'
		WHEN "type" IN ('credits_added', 'late_payment_credited', 'refund_processed', 'refund_rejected', 'payout_paid', 'payout_rejected') THEN 'receipts'
	END
$$;
--> statement-breakpoint
-- The one-statement apply (0014's) now also writes the organiser's share of the place it charges, through record_sale,
-- with the fee percentage the server passes; its checks, outcomes and lock order are unchanged.
DROP FUNCTION "fast_apply"(integer, integer, integer, timestamptz, boolean, text, text, text, text);
--> statement-breakpoint
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
  p_fee_percent integer
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
  -- The organiser's share of a paid place, as the full path writes it (a statement of its own: it reads the registration).
  IF v_price > 0 THEN
    PERFORM "record_sale"(v_registration, p_fee_percent, p_now);
  END IF;
  -- The row is still locked: the balance is the one read less the price the trigger took.
  RETURN QUERY SELECT 'confirmed'::text, v_registration, v_payment_type, v_price, NULL::integer, v_balance - v_price;
END;
$$;
