-- Organisers' earnings kept as they are written (issue 47, item 2; decision 073): one row per organiser and game with
-- that game's sums, and the administrator's books per organiser as rows of differences folded now and then (as the
-- dashboard's totals). The statement and the dashboard read these instead of adding up the whole earnings ledger.
-- Triggers keep them (definitions/organiser_earnings_move_totals.sql, definitions/games_move_earnings_totals.sql).
CREATE TABLE "organiser_game_earnings" (
  "game_id" integer NOT NULL,
  "organiser_id" integer NOT NULL,
  "places" integer NOT NULL DEFAULT 0,
  "gross_cents" bigint NOT NULL DEFAULT 0,
  "refunds_cents" bigint NOT NULL DEFAULT 0,
  "fee_cents" bigint NOT NULL DEFAULT 0,
  "net_cents" bigint NOT NULL DEFAULT 0,
  "taken_back_cents" bigint NOT NULL DEFAULT 0,
  "taken_back_at" timestamp with time zone,
  CONSTRAINT "organiser_game_earnings_pk" PRIMARY KEY ("game_id", "organiser_id")
);
--> statement-breakpoint
CREATE INDEX "organiser_game_earnings_organiser_idx" ON "organiser_game_earnings" USING btree ("organiser_id");
--> statement-breakpoint
CREATE TABLE "organiser_earnings_totals" (
  "id" serial PRIMARY KEY NOT NULL,
  "organiser_id" integer NOT NULL,
  "fee_cents" bigint NOT NULL DEFAULT 0,
  "counted_net_cents" bigint NOT NULL DEFAULT 0,
  "payouts_cents" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "organiser_game_earnings" ("game_id", "organiser_id", "places", "gross_cents", "refunds_cents", "fee_cents", "net_cents",
  "taken_back_cents", "taken_back_at")
SELECT e."game_id", e."organiser_id",
  count(*) FILTER (WHERE e."kind" IN ('sale', 'refund_reversed')) - count(*) FILTER (WHERE e."kind" = 'refund'),
  coalesce(sum(e."gross_cents") FILTER (WHERE e."kind" = 'sale'), 0),
  coalesce(-sum(e."gross_cents") FILTER (WHERE e."kind" <> 'sale'), 0),
  sum(e."fee_cents"), sum(e."net_cents"),
  coalesce(-sum(e."net_cents") FILTER (WHERE e."kind" = 'refund' AND e."created_at" >= g."date_time"), 0),
  max(e."created_at") FILTER (WHERE e."kind" = 'refund' AND e."created_at" >= g."date_time")
FROM "organiser_earnings" e
JOIN "games" g ON g."id" = e."game_id"
GROUP BY e."game_id", e."organiser_id";
--> statement-breakpoint
INSERT INTO "organiser_earnings_totals" ("organiser_id", "fee_cents", "counted_net_cents", "payouts_cents")
SELECT e."organiser_id", sum(e."fee_cents"),
  coalesce(sum(e."net_cents") FILTER (WHERE e."kind" <> 'payout' AND g."status" <> 'cancelled'), 0),
  coalesce(sum(e."net_cents") FILTER (WHERE e."kind" = 'payout'), 0)
FROM "organiser_earnings" e
LEFT JOIN "games" g ON g."id" = e."game_id"
GROUP BY e."organiser_id";
