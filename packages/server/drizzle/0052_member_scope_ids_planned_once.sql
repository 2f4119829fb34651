-- The member's scope as tag ids, in PL/pgSQL: a policy calls these once per statement for every reference to a
-- scoped table (a list statement has six to nine), and a SQL function called that way is planned again on each
-- call, which cost a scoped operator 0.25-0.5 ms of planning per reference; PL/pgSQL keeps its plan for the session.
-- Same answer as 0051: the ids of the active workspace's tags whose names (any case) are in the member's scope,
-- empty when none matches.
DO $$
DECLARE
  fn text;
  tags text;
BEGIN
  FOR fn, tags IN VALUES ('workspace_proxy_scope_tag_ids', 'proxy_tags'),
    ('workspace_account_scope_tag_ids', 'steam_account_tags')
  LOOP
    EXECUTE format($f$CREATE OR REPLACE FUNCTION %I() RETURNS integer[] LANGUAGE plpgsql STABLE AS $b$
DECLARE
  ids integer[];
BEGIN
  SELECT coalesce(array_agg(g.id), '{}'::integer[]) INTO ids FROM %I g
  WHERE g.user_id = nullif(current_setting('app.user_id', true), '')::uuid
    AND lower(g.name) = ANY ((select workspace_scope())::text[]);
  RETURN ids;
END $b$
$f$, fn, tags);
  END LOOP;
END $$;
--> statement-breakpoint
-- Rows derived from an account name the accounts in scope by a set built once per statement. That set now reads
-- the active workspace's accounts through the (user_id, id) index instead of every workspace's accounts in the
-- table: the account's own policy filtered the others out one row at a time, and on a shared database the set
-- cost as much as all of its tenants' accounts.
DO $$
DECLARE
  t text;
  keytype text;
  ws text;
  member text := '(select workspace_role()) IS NOT NULL';
  writer text := '(select workspace_role()) IN (''owner'', ''operator'')';
  sys text := '(select current_user <> ''tradedeck_app'' AND nullif(current_setting(''app.user_id'', true), '''') IS NULL)';
  active text := '(select nullif(current_setting(''app.user_id'', true), '''')::uuid)';
  scope text;
  accounts text := format('SELECT a.id FROM steam_accounts a WHERE a.user_id = %s'
    ' AND a.tag_ids && (select workspace_account_scope_tag_ids())', active);
  sellers text := format('SELECT s.id FROM seller_accounts s WHERE s.user_id = %s AND s.steam_account_id IN (%s)',
    active, accounts);
  -- The tables and the column naming their account (a Steam account, or a market account through its Steam
  -- account), as in 0051.
  scoped jsonb := (SELECT jsonb_object_agg(k.t, format('%s IN (%s)', k.col, CASE WHEN k.seller THEN sellers ELSE accounts END))
    FROM (SELECT unnest(ARRAY['steam_trade_sessions', 'steam_inventory_scans', 'steam_inventory_items',
        'steam_trade_intents', 'steam_trade_watches', 'portfolio_holdings', 'confirmation_snapshots',
        'confirmation_own_listings', 'confirmation_job_items', 'ledger_entries', 'ledger_sales']) AS t,
        'account_id' AS col, false AS seller
      UNION ALL SELECT 'seller_accounts', 'steam_account_id', false
      UNION ALL SELECT unnest(ARRAY['seller_deliveries', 'seller_inventory_updates', 'lots', 'lot_sales',
        'lot_reprice_batches', 'lot_repricers', 'transfer_secrets']), 'seller_account_id', true
      UNION ALL SELECT 'transfers', 'from_account_id', true) k);
BEGIN
  FOR t IN SELECT jsonb_object_keys(scoped) LOOP
    SELECT format_type(a.atttypid, a.atttypmod) INTO keytype FROM pg_attribute a
    WHERE a.attrelid = format('public.%I', t)::regclass AND a.attname = 'user_id';
    ws := format('(select nullif(current_setting(''app.user_id'', true), '''')::%s)', keytype);
    scope := format(' AND ((select workspace_scope()) IS NULL OR %s)', scoped ->> t);
    EXECUTE format('ALTER POLICY %I ON %I USING (%s)', t || '_member', t,
      format('(user_id = %s AND %s%s) OR %s', ws, member, scope, sys));
    EXECUTE format('ALTER POLICY %I ON %I WITH CHECK (%s)', t || '_write', t,
      format('(user_id = %s AND %s%s) OR %s', ws, writer, scope, sys));
    EXECUTE format('ALTER POLICY %I ON %I USING (%3$s) WITH CHECK (%3$s)', t || '_change', t,
      format('(user_id = %s AND %s%s) OR %s', ws, writer, scope, sys));
    EXECUTE format('ALTER POLICY %I ON %I USING (%s)', t || '_remove', t,
      format('(user_id = %s AND %s%s) OR %s', ws, writer, scope, sys));
  END LOOP;
END $$;
