-- after migration: 0014_balance_from_the_ledger
-- Moves the balance by the row's amount. Only rows actually inserted get here (an AFTER trigger: a row that an
-- ON CONFLICT DO NOTHING skipped moves nothing), and the users table's CHECK refuses a result below zero, failing the
-- insert with it. The transaction-local setting tells the users table's guard that this write comes from the ledger.
CREATE OR REPLACE FUNCTION "ledger_moves_balance"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  PERFORM set_config('bora_jogar.ledger_posting', 'on', true);
  UPDATE "users" SET "balance_cents" = "balance_cents" + NEW."amount_cents" WHERE "id" = NEW."user_id";
  PERFORM set_config('bora_jogar.ledger_posting', 'off', true);
  RETURN NULL;
END; $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "credit_transactions_move_balance" AFTER INSERT ON "credit_transactions"
  FOR EACH ROW EXECUTE FUNCTION "ledger_moves_balance"();
