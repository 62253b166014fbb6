-- after migration: 0017_years_of_data
-- The dashboard's count of accounts as they are created and removed (dashboard_add).
CREATE OR REPLACE FUNCTION "users_move_dashboard"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  PERFORM "dashboard_add"(CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END, 0, 0);
  RETURN NULL;
END; $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "users_move_dashboard" AFTER INSERT OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_move_dashboard"();
