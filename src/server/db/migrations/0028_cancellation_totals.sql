-- cancellation_requests_move_totals: defined in src/server/db/definitions/, one file each (decision 072).
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
