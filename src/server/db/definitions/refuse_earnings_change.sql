-- after migration: 0020_organiser_earnings
-- The earnings ledger is append-only like the credit ledger (decision 045): a row, once written, is never changed or
-- removed; a correction is a new row.
CREATE OR REPLACE FUNCTION "refuse_earnings_change"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  RAISE EXCEPTION 'o extrato de recebimentos só aceita novos lançamentos (% recusado)', TG_OP USING ERRCODE = 'restrict_violation';
END; $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "organiser_earnings_append_only" BEFORE UPDATE OR DELETE ON "organiser_earnings"
  FOR EACH ROW EXECUTE FUNCTION "refuse_earnings_change"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "organiser_earnings_no_truncate" BEFORE TRUNCATE ON "organiser_earnings"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_earnings_change"();
