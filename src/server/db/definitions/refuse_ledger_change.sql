-- after migration: 0020_organiser_earnings
-- The ledgers are append-only: a row, once written, is never changed or removed; a correction is a new row. The credit
-- ledger (balances are its sum) and the organisers' earnings ledger (decision 045) are kept so alike, each trigger naming
-- its ledger (TG_ARGV[0]) in the refusal.
CREATE OR REPLACE FUNCTION "refuse_ledger_change"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  RAISE EXCEPTION 'o extrato de % só aceita novos lançamentos (% recusado)', TG_ARGV[0], TG_OP USING ERRCODE = 'restrict_violation';
END; $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "credit_transactions_append_only" BEFORE UPDATE OR DELETE ON "credit_transactions"
  FOR EACH ROW EXECUTE FUNCTION "refuse_ledger_change"('créditos');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "credit_transactions_no_truncate" BEFORE TRUNCATE ON "credit_transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_ledger_change"('créditos');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "organiser_earnings_append_only" BEFORE UPDATE OR DELETE ON "organiser_earnings"
  FOR EACH ROW EXECUTE FUNCTION "refuse_ledger_change"('recebimentos');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "organiser_earnings_no_truncate" BEFORE TRUNCATE ON "organiser_earnings"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_ledger_change"('recebimentos');
