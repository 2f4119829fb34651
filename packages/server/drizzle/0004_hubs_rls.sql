-- Row-level security for the hub event log, as for every user-owned table (see 0002_auth_rls.sql): the
-- restricted app role sees only the rows of the user set for its transaction; the owner role used by the event
-- log's own queries is unaffected.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON hub_sources TO tradedeck_app';
    EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON hub_events TO tradedeck_app';
  END IF;
END $$;
--> statement-breakpoint
ALTER TABLE "hub_sources" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "hub_sources" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "hub_sources_owner" ON "hub_sources" USING (current_user <> 'tradedeck_app' OR user_id = nullif(current_setting('app.user_id', true), '')) WITH CHECK (current_user <> 'tradedeck_app' OR user_id = nullif(current_setting('app.user_id', true), ''));
--> statement-breakpoint
ALTER TABLE "hub_events" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "hub_events" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "hub_events_owner" ON "hub_events" USING (current_user <> 'tradedeck_app' OR user_id = nullif(current_setting('app.user_id', true), '')) WITH CHECK (current_user <> 'tradedeck_app' OR user_id = nullif(current_setting('app.user_id', true), ''));
