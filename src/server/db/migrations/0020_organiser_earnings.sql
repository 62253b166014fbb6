-- refuse_earnings_change, record_sale, record_refund, record_refund_reversed, notification_kind, fast_apply: defined in src/server/db/definitions/, one file each (decision 072).
-- Organisers get paid (decision 045): where an organiser wants the money (a PIX key on the account), the payouts they ask
-- for and the administrator records, and the earnings ledger, append-only like the credit ledger (decision 038).
ALTER TABLE "users" ADD COLUMN "payout_key_type" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payout_key" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payout_holder_name" text;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_payout_key_valid" CHECK (
  ("payout_key_type" IS NULL AND "payout_key" IS NULL AND "payout_holder_name" IS NULL)
  OR ("payout_key_type" IN ('cpf', 'cnpj', 'email', 'phone', 'random') AND "payout_key" IS NOT NULL AND "payout_holder_name" IS NOT NULL)
);
--> statement-breakpoint
-- A payout asked for by an organiser: the amount and the key as they were when asked; the administrator pays it by PIX
-- and records the end-to-end id, or rejects it with a reason (the money is then available again).
CREATE TABLE "payouts" (
  "id" serial PRIMARY KEY NOT NULL,
  "organiser_id" integer NOT NULL REFERENCES "users"("id"),
  "amount_cents" integer NOT NULL,
  "status" text DEFAULT 'requested' NOT NULL,
  "key_type" text NOT NULL,
  "key" text NOT NULL,
  "holder_name" text NOT NULL,
  "reference" text,
  "reason" text,
  "requested_at" timestamp with time zone DEFAULT now() NOT NULL,
  "decided_at" timestamp with time zone,
  "decided_by" integer REFERENCES "users"("id"),
  CONSTRAINT "payouts_amount_positive" CHECK ("amount_cents" > 0),
  CONSTRAINT "payouts_status_valid" CHECK ("status" IN ('requested', 'paid', 'rejected')),
  CONSTRAINT "payouts_decision_recorded" CHECK (
    ("status" = 'requested' AND "decided_at" IS NULL)
    OR ("status" = 'paid' AND "reference" IS NOT NULL AND "decided_at" IS NOT NULL)
    OR ("status" = 'rejected' AND "reason" IS NOT NULL AND "decided_at" IS NOT NULL)
  )
);
--> statement-breakpoint
-- One open request per organiser: two asked at once make one payout.
CREATE UNIQUE INDEX "payouts_one_open_per_organiser" ON "payouts" ("organiser_id") WHERE "status" = 'requested';
--> statement-breakpoint
CREATE INDEX "payouts_organiser_idx" ON "payouts" ("organiser_id", "id");
--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" ("status", "requested_at", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_reference_unique" ON "payouts" ("reference");
--> statement-breakpoint
-- What an organiser earns, one row per movement, never changed: a place paid through the platform (sale, the fee in
-- force then recorded), its refund (the same share back), a refused refund (the share again) and a payout made. Each
-- names its source, unique, so writing it again changes nothing. The fee is rounded half up to the centavo and the
-- organiser gets the rest: gross = fee + net on every row.
CREATE TABLE "organiser_earnings" (
  "id" serial PRIMARY KEY NOT NULL,
  "organiser_id" integer NOT NULL REFERENCES "users"("id"),
  "kind" text NOT NULL,
  "source" text NOT NULL,
  "game_id" integer REFERENCES "games"("id"),
  "registration_id" integer REFERENCES "registrations"("id"),
  "payout_id" integer REFERENCES "payouts"("id"),
  "gross_cents" integer NOT NULL,
  "fee_cents" integer NOT NULL,
  "net_cents" integer NOT NULL,
  "fee_percent" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "organiser_earnings_source_unique" UNIQUE ("source"),
  CONSTRAINT "organiser_earnings_kind_valid" CHECK ("kind" IN ('sale', 'refund', 'refund_reversed', 'payout')),
  CONSTRAINT "organiser_earnings_parts_add_up" CHECK ("gross_cents" = "fee_cents" + "net_cents"),
  CONSTRAINT "organiser_earnings_fee_percent_range" CHECK ("fee_percent" BETWEEN 0 AND 30),
  CONSTRAINT "organiser_earnings_names_its_source" CHECK (
    ("kind" = 'payout' AND "payout_id" IS NOT NULL AND "game_id" IS NULL AND "fee_cents" = 0 AND "net_cents" < 0)
    OR ("kind" <> 'payout' AND "payout_id" IS NULL AND "game_id" IS NOT NULL AND "registration_id" IS NOT NULL)
  )
);
--> statement-breakpoint
CREATE INDEX "organiser_earnings_organiser_idx" ON "organiser_earnings" ("organiser_id", "game_id");
--> statement-breakpoint
CREATE INDEX "organiser_earnings_game_idx" ON "organiser_earnings" ("game_id");
--> statement-breakpoint
CREATE INDEX "organiser_earnings_registration_idx" ON "organiser_earnings" ("registration_id");
--> statement-breakpoint
-- The one-statement apply (0014's) now also writes the organiser's share of the place it charges, through record_sale,
-- with the fee percentage the server passes; its checks, outcomes and lock order are unchanged.
DROP FUNCTION IF EXISTS "fast_apply"(integer, integer, integer, timestamptz, boolean, text, text, text, text);
