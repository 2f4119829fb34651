-- The row-level security policies of proxies and Steam accounts (0007) with the role check and the app.user_id
-- setting in scalar subqueries: Postgres then evaluates them once per statement (an InitPlan) instead of once per
-- row, which made a list over 20,000 rows ten times slower. Same meaning as before.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['proxies', 'proxy_tags', 'proxy_tag_links', 'steam_accounts', 'steam_account_tags', 'steam_account_tag_links']
  LOOP
    EXECUTE format('DROP POLICY IF EXISTS %I ON %I', t || '_owner', t);
    EXECUTE format(
      'CREATE POLICY %I ON %I USING ((select current_user <> ''tradedeck_app'') OR user_id = (select nullif(current_setting(''app.user_id'', true), '''')::uuid)) WITH CHECK ((select current_user <> ''tradedeck_app'') OR user_id = (select nullif(current_setting(''app.user_id'', true), '''')::uuid))',
      t || '_owner', t);
  END LOOP;
END $$;
