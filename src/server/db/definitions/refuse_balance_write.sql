-- after migration: 0014_balance_from_the_ledger
-- Any other write of a balance would leave it apart from its ledger: a new account starts at zero, and a balance
-- changes only through the trigger above.
CREATE OR REPLACE FUNCTION "refuse_balance_write"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  IF coalesce(current_setting('bora_jogar.ledger_posting', true), '') <> 'on' THEN
    RAISE EXCEPTION 'o saldo só muda por um lançamento no extrato de créditos (% recusado)', TG_OP USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END; $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "users_balance_from_ledger" BEFORE UPDATE OF "balance_cents" ON "users"
  FOR EACH ROW WHEN (OLD."balance_cents" IS DISTINCT FROM NEW."balance_cents") EXECUTE FUNCTION "refuse_balance_write"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "users_balance_starts_at_zero" BEFORE INSERT ON "users"
  FOR EACH ROW WHEN (NEW."balance_cents" <> 0) EXECUTE FUNCTION "refuse_balance_write"();
