-- Row-level security as a second line for every role, not only the app role. Before, each user table's policy let
-- any role other than tradedeck_app through; a transaction acting for one user (app.user_id set) is now confined
-- to that user's rows whatever its role (the server's own role included, where tradedeck_app could not be made).
-- Only work for no user at all (jobs, sign-in, administration: app.user_id unset) by a role other than
-- tradedeck_app sees every row. Tables with no user column (mail, counters, pacing, keys, system state) are closed
-- to user-scoped work entirely. Policies keep the scalar-subquery form of 0010 (evaluated once per statement).
DO $$
DECLARE
  t text;
  key text;
  keytype text;
  p record;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
      AND (c.relname = 'users' OR EXISTS (
        SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'user_id' AND NOT a.attisdropped))
  LOOP
    key := CASE WHEN t = 'users' THEN 'id' ELSE 'user_id' END;
    -- The setting is cast to the column's own type (uuid; text for hub sources), so the user index still serves.
    SELECT format_type(a.atttypid, a.atttypmod) INTO keytype FROM pg_attribute a
    WHERE a.attrelid = format('public.%I', t)::regclass AND a.attname = key;
    FOR p IN SELECT policyname FROM pg_policies WHERE schemaname = 'public' AND tablename = t LOOP
      EXECUTE format('DROP POLICY %I ON %I', p.policyname, t);
    END LOOP;
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY %I ON %I USING (%3$s) WITH CHECK (%3$s)',
      t || '_owner', t,
      format('%I = (select nullif(current_setting(''app.user_id'', true), '''')::%s)'
        || ' OR (select current_user <> ''tradedeck_app'' AND nullif(current_setting(''app.user_id'', true), '''') IS NULL)',
        key, keytype));
  END LOOP;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['mail_outbox', 'rate_limits', 'hub_keys', 'market_key_pacing', 'steam_login_throttle', 'system_state']
  LOOP
    EXECUTE format('DROP POLICY IF EXISTS %I ON %I', t || '_system', t);
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY %I ON %I USING (%3$s) WITH CHECK (%3$s)',
      t || '_system', t,
      '(select current_user <> ''tradedeck_app'' AND nullif(current_setting(''app.user_id'', true), '''') IS NULL)');
  END LOOP;
END $$;
