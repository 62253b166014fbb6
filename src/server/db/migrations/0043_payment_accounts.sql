-- Organisers' own payment accounts (decision 082): a Mercado Pago seller authorised by OAuth, or a Stripe Express
-- account, one row per person and provider. Tokens are kept encrypted by the server (AES-256-GCM), never in clear.
-- `status` 'none' keeps a disconnected Stripe account's id for the next connection; its tokens are gone.
CREATE TABLE "payment_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"external_id" text,
	"access_token" text,
	"refresh_token" text,
	"token_expires_at" timestamp with time zone,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"provider_updated_at" timestamp with time zone,
	"connected_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_accounts_provider_valid" CHECK ("provider" in ('mercadopago', 'stripe')),
	CONSTRAINT "payment_accounts_status_valid" CHECK ("status" in ('none', 'connected', 'expired', 'revoked')),
	CONSTRAINT "payment_accounts_tokens_connected" CHECK ("access_token" is null or "status" = 'connected')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_accounts_user_provider_idx" ON "payment_accounts" USING btree ("user_id", "provider");
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_accounts_external_idx" ON "payment_accounts" USING btree ("provider", "external_id");
--> statement-breakpoint
-- What the refresh job reads: connected Mercado Pago sellers by the end of their token.
CREATE INDEX "payment_accounts_refresh_idx" ON "payment_accounts" USING btree ("token_expires_at") WHERE "status" = 'connected' AND "refresh_token" IS NOT NULL;
--> statement-breakpoint
-- A one-time OAuth `state`: its SHA-256, bound to the person who asked, usable until `expires_at` and once.
CREATE TABLE "payment_account_states" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"provider" text NOT NULL,
	"state_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_account_states_provider_valid" CHECK ("provider" in ('mercadopago'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_account_states_hash_idx" ON "payment_account_states" USING btree ("state_hash");
--> statement-breakpoint
CREATE INDEX "payment_account_states_user_idx" ON "payment_account_states" USING btree ("user_id");
