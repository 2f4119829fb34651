-- Row-level security for proxies and Steam accounts, as for every user-owned table (see 0002_auth_rls.sql): the
-- restricted app role sees only the rows of the user set for its transaction; the owner role is unaffected.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['proxies', 'proxy_tags', 'proxy_tag_links', 'steam_accounts', 'steam_account_tags', 'steam_account_tag_links']
  LOOP
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app') THEN
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO tradedeck_app', t);
    END IF;
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY %I ON %I USING (current_user <> ''tradedeck_app'' OR user_id = nullif(current_setting(''app.user_id'', true), '''')::uuid) WITH CHECK (current_user <> ''tradedeck_app'' OR user_id = nullif(current_setting(''app.user_id'', true), '''')::uuid)',
      t || '_owner', t);
  END LOOP;
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app') THEN
    EXECUTE 'GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO tradedeck_app';
  END IF;
END $$;
