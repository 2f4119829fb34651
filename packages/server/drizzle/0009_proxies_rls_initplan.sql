-- The owner policies of the proxy tables, with the role and user checks as sub-selects: Postgres evaluates them
-- once per statement (an InitPlan) instead of once per row, which matters when a list or count reads 100,000
-- proxies. Same rule as 0007: the restricted app role sees only the rows of the user set for its transaction.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['proxies', 'proxy_tags', 'proxy_tag_links']
  LOOP
    EXECUTE format(
      'ALTER POLICY %I ON %I USING ((SELECT current_user) <> ''tradedeck_app'' OR user_id = (SELECT nullif(current_setting(''app.user_id'', true), '''')::uuid)) WITH CHECK ((SELECT current_user) <> ''tradedeck_app'' OR user_id = (SELECT nullif(current_setting(''app.user_id'', true), '''')::uuid))',
      t || '_owner', t);
  END LOOP;
END $$;
