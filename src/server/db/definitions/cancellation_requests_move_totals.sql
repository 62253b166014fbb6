-- after migration: 0028_cancellation_totals
-- The refund requests counted by status (cancellation_totals), kept by the database: the admin's list states its total
-- without counting years of requests on every view. A request moves one count as it is written, decided or removed.
CREATE OR REPLACE FUNCTION "cancellation_requests_move_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_was text := CASE WHEN TG_OP <> 'INSERT' THEN OLD."status" END;
  v_is text := CASE WHEN TG_OP <> 'DELETE' THEN NEW."status" END; BEGIN
  IF v_was IS NOT DISTINCT FROM v_is THEN
    RETURN NULL;
  END IF;
  -- Both counts in one statement, so two requests decided at once lock the rows in the same order.
  UPDATE "cancellation_totals"
    SET "requests" = "requests" + (CASE WHEN "status" = v_is THEN 1 ELSE 0 END) - (CASE WHEN "status" = v_was THEN 1 ELSE 0 END)
    WHERE "status" IN (v_was, v_is);
  RETURN NULL;
END; $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "cancellation_requests_move_totals" AFTER INSERT OR DELETE OR UPDATE OF "status" ON "cancellation_requests"
  FOR EACH ROW EXECUTE FUNCTION "cancellation_requests_move_totals"();
