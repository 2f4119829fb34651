-- Row-level security for user-owned tables. Requests that act for one user run as the role tradedeck_app
-- (SET LOCAL ROLE) with app.user_id set for the transaction; that role sees only that user's rows. The role is
-- created when the migrating user may create roles; otherwise the policies still stand and an operator creates
-- it (docs/security.md).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app') THEN
    CREATE ROLE tradedeck_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'cannot create role tradedeck_app; create it as described in docs/security.md';
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app') THEN
    EXECUTE 'GRANT USAGE ON SCHEMA public TO tradedeck_app';
    EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON users TO tradedeck_app';
    EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON device_sessions TO tradedeck_app';
    EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON refresh_tokens TO tradedeck_app';
    EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON email_codes TO tradedeck_app';
    EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON recovery_codes TO tradedeck_app';
    EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON user_keys TO tradedeck_app';
    EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON security_events TO tradedeck_app';
  END IF;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app')
     AND NOT pg_has_role(current_user, 'tradedeck_app', 'MEMBER') THEN
    EXECUTE format('GRANT tradedeck_app TO %I', current_user);
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'cannot make % a member of tradedeck_app; see docs/security.md', current_user;
END $$;
--> statement-breakpoint
ALTER TABLE "users" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "users" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "users_owner" ON "users" USING (current_user <> 'tradedeck_app' OR id = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK (current_user <> 'tradedeck_app' OR id = nullif(current_setting('app.user_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "device_sessions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "device_sessions" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "device_sessions_owner" ON "device_sessions" USING (current_user <> 'tradedeck_app' OR user_id = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK (current_user <> 'tradedeck_app' OR user_id = nullif(current_setting('app.user_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "refresh_tokens" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "refresh_tokens_owner" ON "refresh_tokens" USING (current_user <> 'tradedeck_app' OR user_id = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK (current_user <> 'tradedeck_app' OR user_id = nullif(current_setting('app.user_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "email_codes" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "email_codes" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "email_codes_owner" ON "email_codes" USING (current_user <> 'tradedeck_app' OR user_id = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK (current_user <> 'tradedeck_app' OR user_id = nullif(current_setting('app.user_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "recovery_codes" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "recovery_codes" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "recovery_codes_owner" ON "recovery_codes" USING (current_user <> 'tradedeck_app' OR user_id = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK (current_user <> 'tradedeck_app' OR user_id = nullif(current_setting('app.user_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "user_keys" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "user_keys" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "user_keys_owner" ON "user_keys" USING (current_user <> 'tradedeck_app' OR user_id = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK (current_user <> 'tradedeck_app' OR user_id = nullif(current_setting('app.user_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "security_events" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "security_events" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "security_events_owner" ON "security_events" USING (current_user <> 'tradedeck_app' OR user_id = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK (current_user <> 'tradedeck_app' OR user_id = nullif(current_setting('app.user_id', true), '')::uuid);
