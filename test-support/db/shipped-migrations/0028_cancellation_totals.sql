-- The refund requests counted by status, kept by the database: the admin's list states its total without counting
-- years of requests on every view (issue 27). A request moves one count as it is written, decided or removed.
CREATE TABLE "cancellation_totals" (
  "status" text PRIMARY KEY NOT NULL,
  "requests" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "cancellation_totals" ("status", "requests")
SELECT s."status", (SELECT count(*) FROM "cancellation_requests" c WHERE c."status" = s."status")
FROM (VALUES ('pending'), ('processed'), ('rejected')) AS s("status");
--> statement-breakpoint
CREATE FUNCTION "cancellation_requests_move_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER "cancellation_requests_move_totals" AFTER INSERT OR DELETE OR UPDATE OF "status" ON "cancellation_requests"
  FOR EACH ROW EXECUTE FUNCTION "cancellation_requests_move_totals"();
