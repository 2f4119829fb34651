-- A member limited to tags is checked against the row itself: every proxy and Steam account keeps the ids of its
-- tags (`tag_ids`), maintained by statement-level triggers on the tag link tables, and the scope is the member's
-- tag names resolved once per statement to the ids of the active workspace's tags. The subquery of 0049 built a
-- hashed set of every tag link per statement (6.5-8.8 times an owner's CPU on the lists at 100,000 rows) and
-- turned the page's probes by id into a sequential scan (docs/workspaces.md, "Benchmark").
ALTER TABLE "proxies" ADD COLUMN "tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "steam_accounts" ADD COLUMN "tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
UPDATE "proxies" p SET "tag_ids" = k.ids
FROM (SELECT proxy_id, array_agg(tag_id ORDER BY tag_id) AS ids FROM proxy_tag_links GROUP BY proxy_id) k
WHERE p.id = k.proxy_id;--> statement-breakpoint
UPDATE "steam_accounts" a SET "tag_ids" = k.ids
FROM (SELECT account_id, array_agg(tag_id ORDER BY tag_id) AS ids FROM steam_account_tag_links GROUP BY account_id) k
WHERE a.id = k.account_id;--> statement-breakpoint
CREATE INDEX "proxies_tag_ids" ON "proxies" USING gin ("tag_ids");--> statement-breakpoint
-- Every policy reads `tag_ids` (for an unscoped member too, though it is never compared): the list indexes
-- carry it, so counts and pages of ids still read the indexes alone.
DROP INDEX "proxies_user_id";--> statement-breakpoint
CREATE INDEX "proxies_user_id" ON "proxies" ("user_id", "id") INCLUDE ("status", "tag_ids");--> statement-breakpoint
DROP INDEX "proxies_user_status";--> statement-breakpoint
CREATE INDEX "proxies_user_status" ON "proxies" ("user_id", "status", "id") INCLUDE ("tag_ids");--> statement-breakpoint
DROP INDEX "proxies_user_country";--> statement-breakpoint
CREATE INDEX "proxies_user_country" ON "proxies" ("user_id", "country_code", "id") INCLUDE ("tag_ids");--> statement-breakpoint
DROP INDEX "proxies_user_country_status";--> statement-breakpoint
CREATE INDEX "proxies_user_country_status" ON "proxies" ("user_id", "country_code", "status", "id") INCLUDE ("tag_ids");--> statement-breakpoint
DROP INDEX "proxies_user_created";--> statement-breakpoint
CREATE INDEX "proxies_user_created" ON "proxies" ("user_id", "created_at", "id") INCLUDE ("tag_ids");--> statement-breakpoint
DROP INDEX "proxies_user_host";--> statement-breakpoint
CREATE INDEX "proxies_user_host" ON "proxies" ("user_id", "host", "id") INCLUDE ("tag_ids");--> statement-breakpoint
DROP INDEX "proxies_user_latency";--> statement-breakpoint
CREATE INDEX "proxies_user_latency" ON "proxies" ("user_id", "last_latency_ms", "id") INCLUDE ("tag_ids");--> statement-breakpoint
DROP INDEX "proxies_user_checked";--> statement-breakpoint
CREATE INDEX "proxies_user_checked" ON "proxies" ("user_id", "last_checked_at" DESC NULLS LAST, "id") INCLUDE ("tag_ids");--> statement-breakpoint
DROP INDEX "proxies_user_name";--> statement-breakpoint
CREATE INDEX "proxies_user_name" ON "proxies" ("user_id", lower("name"), "id") INCLUDE ("tag_ids");--> statement-breakpoint
DROP INDEX "steam_accounts_user_id";--> statement-breakpoint
CREATE INDEX "steam_accounts_user_id" ON "steam_accounts" ("user_id", "id") INCLUDE ("tag_ids");--> statement-breakpoint
DROP INDEX "steam_accounts_user_status";--> statement-breakpoint
CREATE INDEX "steam_accounts_user_status" ON "steam_accounts" ("user_id", "status") INCLUDE ("tag_ids");--> statement-breakpoint
DROP INDEX "steam_accounts_user_proxy";--> statement-breakpoint
CREATE INDEX "steam_accounts_user_proxy" ON "steam_accounts" ("user_id", "proxy_id") INCLUDE ("tag_ids");--> statement-breakpoint
DROP INDEX "steam_accounts_user_created_id";--> statement-breakpoint
CREATE INDEX "steam_accounts_user_created_id" ON "steam_accounts" ("user_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST) INCLUDE ("tag_ids");--> statement-breakpoint
CREATE INDEX "steam_accounts_tag_ids" ON "steam_accounts" USING gin ("tag_ids");--> statement-breakpoint
-- The rows whose links a statement changed get their tag ids again from the links. As the owner, with no active
-- workspace: a member's link change (already allowed by the links' policies) must reach the row even when the
-- row leaves the member's scope by it. Rows already right are not written (no new row version, no index entry).
-- The trigger's arguments: the tagged table and the link's column that names its row.
CREATE FUNCTION tag_ids_keep() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp SET app.user_id = '' AS $$
DECLARE
  tagged text := TG_ARGV[0];
  col text := TG_ARGV[1];
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- Only the rows that lack one of the new links' tags: an import names its tag on the rows it inserts.
    EXECUTE format('SELECT array_agg(n.%2$I) FROM (SELECT %2$I, array_agg(tag_id) AS ids FROM new_rows GROUP BY %2$I) n'
      ' JOIN %1$I r ON r.id = n.%2$I WHERE NOT r.tag_ids @> n.ids', tagged, col) INTO touched;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %I) FROM old_rows', col) INTO touched;
  ELSE
    EXECUTE format('SELECT array_agg(DISTINCT x) FROM (SELECT %1$I AS x FROM new_rows UNION SELECT %1$I FROM old_rows) u',
      col) INTO touched;
  END IF;
  EXECUTE format('UPDATE %1$I r SET tag_ids = k.ids FROM (SELECT t.id, coalesce((SELECT array_agg(l.tag_id ORDER BY'
    ' l.tag_id) FROM %2$I l WHERE l.%3$I = t.id), ''{}''::integer[]) AS ids FROM unnest($1) AS t(id)) k'
    ' WHERE r.id = k.id AND r.tag_ids IS DISTINCT FROM k.ids', tagged, TG_TABLE_NAME, col) USING touched;
  RETURN NULL;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION tag_ids_keep() FROM PUBLIC;--> statement-breakpoint
-- Insert, delete (a tag's deletion deletes its links, and fires these) and update (a move re-points links).
DO $$
DECLARE
  t text;
  args text;
BEGIN
  FOR t, args IN VALUES ('proxy_tag_links', '''proxies'', ''proxy_id'''),
    ('steam_account_tag_links', '''steam_accounts'', ''account_id''')
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION tag_ids_keep(%s)', t || '_tag_ids_insert', t, args);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION tag_ids_keep(%s)', t || '_tag_ids_update', t, args);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION tag_ids_keep(%s)', t || '_tag_ids_delete', t, args);
  END LOOP;
END $$;--> statement-breakpoint
-- The member's scope as the ids of the active workspace's tags of those names (any case), read once per statement
-- where the policies call them in scalar subqueries; empty when none matches, so an empty scope sees nothing.
CREATE FUNCTION workspace_proxy_scope_tag_ids() RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(g.id), '{}'::integer[]) FROM proxy_tags g
  WHERE g.user_id = nullif(current_setting('app.user_id', true), '')::uuid
    AND lower(g.name) = ANY ((select workspace_scope())::text[])
$$;--> statement-breakpoint
CREATE FUNCTION workspace_account_scope_tag_ids() RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(g.id), '{}'::integer[]) FROM steam_account_tags g
  WHERE g.user_id = nullif(current_setting('app.user_id', true), '')::uuid
    AND lower(g.name) = ANY ((select workspace_scope())::text[])
$$;--> statement-breakpoint
-- The policies of 0049 with the scope read from the row (accounts, proxies), from the link's tag id (links), or
-- through the accounts in scope (rows derived from an account or a market account).
DO $$
DECLARE
  t text;
  keytype text;
  ws text;
  member text := '(select workspace_role()) IS NOT NULL';
  writer text := '(select workspace_role()) IN (''owner'', ''operator'')';
  sys text := '(select current_user <> ''tradedeck_app'' AND nullif(current_setting(''app.user_id'', true), '''') IS NULL)';
  scope text;
  accounts text := 'SELECT a.id FROM steam_accounts a WHERE a.tag_ids && (select workspace_account_scope_tag_ids())';
  sellers text := format('SELECT s.id FROM seller_accounts s WHERE s.steam_account_id IN (%s)', accounts);
  scoped jsonb := jsonb_build_object(
    'steam_accounts', 'tag_ids && (select workspace_account_scope_tag_ids())',
    'proxies', 'tag_ids && (select workspace_proxy_scope_tag_ids())',
    'steam_account_tag_links', 'tag_id = ANY ((select workspace_account_scope_tag_ids())::integer[])',
    'proxy_tag_links', 'tag_id = ANY ((select workspace_proxy_scope_tag_ids())::integer[])',
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
    EXECUTE format('DROP POLICY %I ON %I', t || '_member', t);
    EXECUTE format('DROP POLICY %I ON %I', t || '_write', t);
    EXECUTE format('DROP POLICY %I ON %I', t || '_change', t);
    EXECUTE format('DROP POLICY %I ON %I', t || '_remove', t);
    EXECUTE format('CREATE POLICY %I ON %I FOR SELECT USING (%s)', t || '_member', t,
      format('(user_id = %s AND %s%s) OR %s', ws, member, scope, sys));
    EXECUTE format('CREATE POLICY %I ON %I FOR INSERT WITH CHECK (%s)', t || '_write', t,
      format('(user_id = %s AND %s%s) OR %s', ws, writer, scope, sys));
    EXECUTE format('CREATE POLICY %I ON %I FOR UPDATE USING (%3$s) WITH CHECK (%3$s)', t || '_change', t,
      format('(user_id = %s AND %s%s) OR %s', ws, writer, scope, sys));
    EXECUTE format('CREATE POLICY %I ON %I FOR DELETE USING (%s)', t || '_remove', t,
      format('(user_id = %s AND %s%s) OR %s', ws, writer, scope, sys));
  END LOOP;
END $$;
