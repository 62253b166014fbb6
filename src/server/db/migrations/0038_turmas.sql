-- Turmas (issue 44): the group that plays together, its owner, organisers and members, and its games and series.
-- A member row is a member or a request to join (approval turmas); leaving, being removed or refused deletes it.
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"city_id" integer NOT NULL REFERENCES "cities"("id"),
	"visibility" text DEFAULT 'public' NOT NULL,
	"join_policy" text DEFAULT 'open' NOT NULL,
	"invite_token" text NOT NULL,
	"suspended_at" timestamp with time zone,
	"suspend_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_visibility_valid" CHECK ("visibility" in ('public', 'private')),
	CONSTRAINT "groups_join_policy_valid" CHECK ("join_policy" in ('open', 'approval')),
	CONSTRAINT "groups_slug_format" CHECK ("slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "groups_slug_unique" ON "groups" USING btree ("slug");
--> statement-breakpoint
CREATE UNIQUE INDEX "groups_invite_token_unique" ON "groups" USING btree ("invite_token");
--> statement-breakpoint
CREATE INDEX "groups_city_idx" ON "groups" USING btree ("city_id");
--> statement-breakpoint
CREATE TABLE "group_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL REFERENCES "groups"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"role" text DEFAULT 'member' NOT NULL,
	"status" text DEFAULT 'member' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"joined_at" timestamp with time zone,
	CONSTRAINT "group_members_role_valid" CHECK ("role" in ('owner', 'organiser', 'member')),
	CONSTRAINT "group_members_status_valid" CHECK ("status" in ('member', 'requested')),
	CONSTRAINT "group_members_request_is_member_role" CHECK ("status" = 'member' or "role" = 'member'),
	CONSTRAINT "group_members_joined_when_member" CHECK (("status" = 'member') = ("joined_at" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "group_members_group_user_unique" ON "group_members" USING btree ("group_id", "user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "group_members_one_owner" ON "group_members" USING btree ("group_id") WHERE "role" = 'owner';
--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id");
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "group_id" integer REFERENCES "groups"("id");
--> statement-breakpoint
ALTER TABLE "games" DROP CONSTRAINT "games_visibility_valid";
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_visibility_valid" CHECK ("visibility" in ('public', 'private', 'group'));
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_group_visibility_has_group" CHECK ("visibility" <> 'group' or "group_id" is not null);
--> statement-breakpoint
CREATE INDEX "games_group_date_idx" ON "games" USING btree ("group_id", "date_time") WHERE "group_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "group_id" integer REFERENCES "groups"("id");
--> statement-breakpoint
CREATE INDEX "series_group_idx" ON "series" USING btree ("group_id") WHERE "group_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "notification_settings" DROP CONSTRAINT "notification_settings_kind_valid";
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_kind_valid"
	CHECK ("kind" in ('reminders', 'places', 'changes', 'invitations', 'receipts', 'organiser', 'groups'));
