-- The member's scope as tag ids, in PL/pgSQL: a policy calls these once per statement for every reference to a
-- scoped table (a list statement has six to nine), and a SQL function called that way is planned again on each
-- call, which cost a scoped operator 0.25-0.5 ms of planning per reference; PL/pgSQL keeps its plan for the session.
-- Same answer as 0051: the ids of the active workspace's tags whose names (any case) are in the member's scope,
-- empty when none matches.
CREATE OR REPLACE FUNCTION workspace_proxy_scope_tag_ids() RETURNS integer[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  ids integer[];
BEGIN
  SELECT coalesce(array_agg(g.id), '{}'::integer[]) INTO ids FROM proxy_tags g
  WHERE g.user_id = nullif(current_setting('app.user_id', true), '')::uuid
    AND lower(g.name) = ANY ((select workspace_scope())::text[]);
  RETURN ids;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION workspace_account_scope_tag_ids() RETURNS integer[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  ids integer[];
BEGIN
  SELECT coalesce(array_agg(g.id), '{}'::integer[]) INTO ids FROM steam_account_tags g
  WHERE g.user_id = nullif(current_setting('app.user_id', true), '')::uuid
    AND lower(g.name) = ANY ((select workspace_scope())::text[]);
  RETURN ids;
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
  scoped jsonb := jsonb_build_object(
    'steam_trade_sessions', format('account_id IN (%s)', accounts),
    'steam_inventory_scans', format('account_id IN (%s)', accounts),
    'steam_inventory_items', format('account_id IN (%s)', accounts),
    'steam_trade_intents', format('account_id IN (%s)', accounts),
    'steam_trade_watches', format('account_id IN (%s)', accounts),
    'portfolio_holdings', format('account_id IN (%s)', accounts),
    'confirmation_snapshots', format('account_id IN (%s)', accounts),
    'confirmation_own_listings', format('account_id IN (%s)', accounts),
    'confirmation_job_items', format('account_id IN (%s)', accounts),
    'ledger_entries', format('account_id IN (%s)', accounts),
    'ledger_sales', format('account_id IN (%s)', accounts),
    'seller_accounts', format('steam_account_id IN (%s)', accounts),
    'seller_deliveries', format('seller_account_id IN (%s)', sellers),
    'seller_inventory_updates', format('seller_account_id IN (%s)', sellers),
    'lots', format('seller_account_id IN (%s)', sellers),
    'lot_sales', format('seller_account_id IN (%s)', sellers),
    'lot_reprice_batches', format('seller_account_id IN (%s)', sellers),
    'lot_repricers', format('seller_account_id IN (%s)', sellers),
    'transfers', format('from_account_id IN (%s)', sellers),
    'transfer_secrets', format('seller_account_id IN (%s)', sellers));
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
