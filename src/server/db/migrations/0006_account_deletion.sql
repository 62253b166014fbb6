ALTER TABLE "credit_transactions" DROP CONSTRAINT "credit_transactions_type_valid";--> statement-breakpoint
DROP INDEX "users_email_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email") WHERE "users"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_type_valid" CHECK ("credit_transactions"."type" in ('add_manual', 'add_stripe', 'add_pix', 'spend_game', 'refund', 'forfeit'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_deleted_erased" CHECK ("users"."deleted_at" is null or ("users"."name" = '' and "users"."email" = '' and "users"."phone" is null and "users"."google_sub" is null and "users"."password_hash" is null));