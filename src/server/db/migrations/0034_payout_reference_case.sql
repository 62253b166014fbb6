-- A PIX end-to-end id is one id in any letter case (issue 39): from now on it is stored upper-case, so the unique index
-- on the reference also refuses the same id typed in another case. The ids already stored become upper-case unless
-- that would make two payouts share one: where one id was recorded in several cases, the one already upper-case stays
-- (with none, the first recorded becomes so) and the others keep their case, for the administration to look at. Either
-- way each such id has its upper-case row, which a new payout recorded with it now meets in the unique index.
UPDATE "payouts" AS "p" SET "reference" = upper("p"."reference")
WHERE "p"."reference" <> upper("p"."reference")
  AND NOT EXISTS (
    SELECT 1 FROM "payouts" AS "o"
    WHERE "o"."id" <> "p"."id"
      AND upper("o"."reference") = upper("p"."reference")
      AND ("o"."reference" = upper("o"."reference") OR "o"."id" < "p"."id")
  );
--> statement-breakpoint
-- NOT VALID keeps those few rows as they are; every payout written or changed from now on is checked.
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_reference_upper_case" CHECK ("reference" = upper("reference")) NOT VALID;
