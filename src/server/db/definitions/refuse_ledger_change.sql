-- after migration: 0004_ledger_append_only
-- The credit ledger is append-only: a row, once written, is never changed or removed (balances are its sum).
CREATE OR REPLACE FUNCTION "refuse_ledger_change"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  RAISE EXCEPTION 'o extrato de créditos só aceita novos lançamentos (% recusado)', TG_OP USING ERRCODE = 'restrict_violation';
END; $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "credit_transactions_append_only" BEFORE UPDATE OR DELETE ON "credit_transactions"
  FOR EACH ROW EXECUTE FUNCTION "refuse_ledger_change"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "credit_transactions_no_truncate" BEFORE TRUNCATE ON "credit_transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_ledger_change"();
