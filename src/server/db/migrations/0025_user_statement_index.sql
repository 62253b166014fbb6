-- The admin reads one user's statement a page at a time, newest first: one index serves the page and the count of the
-- user's rows, and replaces the one on user_id alone, which it covers.
CREATE INDEX "credit_transactions_user_created_idx" ON "credit_transactions" USING btree ("user_id", "created_at", "id");
--> statement-breakpoint
DROP INDEX "credit_transactions_user_idx";
