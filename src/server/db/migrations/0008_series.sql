CREATE TABLE "series" (
	"id" serial PRIMARY KEY NOT NULL,
	"creator_id" integer NOT NULL,
	"first_date_time" timestamp with time zone NOT NULL,
	"occurrences" integer NOT NULL,
	"member_slots" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_occurrences_range" CHECK ("series"."occurrences" between 1 and 52),
	CONSTRAINT "series_member_slots_range" CHECK ("series"."member_slots" between 0 and 50),
	CONSTRAINT "series_status_valid" CHECK ("series"."status" in ('active', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "series_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"series_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone,
	"end_reason" text,
	CONSTRAINT "series_members_end_reason_valid" CHECK ("series_members"."end_reason" in ('left', 'removed', 'series_cancelled', 'account_deleted')),
	CONSTRAINT "series_members_ended_has_reason" CHECK (("series_members"."left_at" is null) = ("series_members"."end_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "series_id" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "series_week" integer;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_members" ADD CONSTRAINT "series_members_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_members" ADD CONSTRAINT "series_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_series_week_with_series" CHECK (("games"."series_id" is null) = ("games"."series_week" is null));--> statement-breakpoint
CREATE INDEX "series_creator_idx" ON "series" USING btree ("creator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "series_members_one_active" ON "series_members" USING btree ("series_id","user_id") WHERE "series_members"."left_at" is null;--> statement-breakpoint
CREATE INDEX "series_members_user_idx" ON "series_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "games_series_week_unique" ON "games" USING btree ("series_id","series_week") WHERE "games"."series_id" is not null;
