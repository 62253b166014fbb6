-- The functions two ledgers' rules now share (decision 079) replace the ones each had: the earnings ledger's append-only
-- guard is the credit ledger's (`refuse_ledger_change`, naming its ledger), and a refund and a rejected refund are both
-- `take_back_earning`. CASCADE takes only the guard's two triggers on "organiser_earnings", which the definition
-- re-creates on the one guard in this same transaction (definitions/refuse_ledger_change.sql); a database built since
-- never had these functions.
DROP FUNCTION IF EXISTS "refuse_earnings_change"() CASCADE;
--> statement-breakpoint
DROP FUNCTION IF EXISTS "record_refund"(integer, timestamptz);
--> statement-breakpoint
DROP FUNCTION IF EXISTS "record_refund_reversed"(integer, timestamptz);
