-- Moving a personal workspace's accounts and proxies into a team workspace (docs/workspaces.md, "Moving personal
-- data into a team"): one job per move, one item per account or proxy with its outcome. Both belong to the team
-- workspace (`user_id`); the job's item transactions run as the server, not the app role.
CREATE TABLE "workspace_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"actor_id" uuid,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "workspace_moves_status" CHECK ("workspace_moves"."status" in ('running', 'done'))
);
--> statement-breakpoint
CREATE TABLE "workspace_move_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"move_id" integer NOT NULL,
	"kind" text NOT NULL,
	"object_id" integer NOT NULL,
	"state" text DEFAULT 'planned' NOT NULL,
	"failure" text,
	"finished_at" timestamp with time zone,
	CONSTRAINT "workspace_move_items_kind" CHECK ("workspace_move_items"."kind" in ('account', 'proxy')),
	CONSTRAINT "workspace_move_items_state" CHECK ("workspace_move_items"."state" in ('planned', 'moved', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "workspace_moves" ADD CONSTRAINT "workspace_moves_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_moves" ADD CONSTRAINT "workspace_moves_source_id_workspaces_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_moves" ADD CONSTRAINT "workspace_moves_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_move_items" ADD CONSTRAINT "workspace_move_items_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_move_items" ADD CONSTRAINT "workspace_move_items_move_id_workspace_moves_id_fk" FOREIGN KEY ("move_id") REFERENCES "public"."workspace_moves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_moves_user" ON "workspace_moves" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_move_items_move_object" ON "workspace_move_items" USING btree ("move_id","kind","object_id");--> statement-breakpoint
-- Row-level security as drizzle/0047: the owner of the active workspace reads and writes its moves; the server's
-- own work (the job) is not the app role.
DO $$
DECLARE
  t text;
  ws text := '(select nullif(current_setting(''app.user_id'', true), '''')::uuid)';
  sys text := '(select current_user <> ''tradedeck_app'' AND nullif(current_setting(''app.user_id'', true), '''') IS NULL)';
  owner text := '(select workspace_role()) = ''owner''';
BEGIN
  FOREACH t IN ARRAY ARRAY['workspace_moves', 'workspace_move_items'] LOOP
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app') THEN
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO tradedeck_app', t);
    END IF;
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (%3$s) WITH CHECK (%3$s)', t || '_owner', t,
      format('(user_id = %s AND %s) OR %s', ws, owner, sys));
  END LOOP;
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app') THEN
    EXECUTE 'GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO tradedeck_app';
  END IF;
END $$;
--> statement-breakpoint
-- A member limited to tags paid its scope once per row: each row's scope function ran the tag tables' own
-- policies, membership lookups included, for every row it checked (a list of 2,000 proxies cost 100 times an
-- owner's). The policies now name the rows in scope by an uncorrelated subquery, which Postgres runs once per
-- statement and probes by hash (docs/workspaces.md, "Benchmark").
DO $$
DECLARE
  t text;
  keytype text;
  ws text;
  member text := '(select workspace_role()) IS NOT NULL';
  writer text := '(select workspace_role()) IN (''owner'', ''operator'')';
  sys text := '(select current_user <> ''tradedeck_app'' AND nullif(current_setting(''app.user_id'', true), '''') IS NULL)';
  scope text;
  -- As drizzle/0046, the rows in scope named by a subquery that does not depend on the row.
  scoped jsonb := jsonb_build_object(
    'steam_accounts', 'id IN (SELECT l.account_id FROM steam_account_tag_links l JOIN steam_account_tags g ON g.id = l.tag_id WHERE lower(g.name) = ANY ((select workspace_scope())::text[]))',
    'proxies', 'id IN (SELECT l.proxy_id FROM proxy_tag_links l JOIN proxy_tags g ON g.id = l.tag_id WHERE lower(g.name) = ANY ((select workspace_scope())::text[]))',
    'steam_account_tag_links', 'tag_id IN (SELECT g.id FROM steam_account_tags g WHERE lower(g.name) = ANY ((select workspace_scope())::text[]))',
    'proxy_tag_links', 'tag_id IN (SELECT g.id FROM proxy_tags g WHERE lower(g.name) = ANY ((select workspace_scope())::text[]))',
    'steam_trade_sessions', 'account_id IN (SELECT l.account_id FROM steam_account_tag_links l JOIN steam_account_tags g ON g.id = l.tag_id WHERE lower(g.name) = ANY ((select workspace_scope())::text[]))',
    'steam_inventory_scans', 'account_id IN (SELECT l.account_id FROM steam_account_tag_links l JOIN steam_account_tags g ON g.id = l.tag_id WHERE lower(g.name) = ANY ((select workspace_scope())::text[]))',
    'steam_inventory_items', 'account_id IN (SELECT l.account_id FROM steam_account_tag_links l JOIN steam_account_tags g ON g.id = l.tag_id WHERE lower(g.name) = ANY ((select workspace_scope())::text[]))',
    'steam_trade_intents', 'account_id IN (SELECT l.account_id FROM steam_account_tag_links l JOIN steam_account_tags g ON g.id = l.tag_id WHERE lower(g.name) = ANY ((select workspace_scope())::text[]))',
    'steam_trade_watches', 'account_id IN (SELECT l.account_id FROM steam_account_tag_links l JOIN steam_account_tags g ON g.id = l.tag_id WHERE lower(g.name) = ANY ((select workspace_scope())::text[]))',
    'portfolio_holdings', 'account_id IN (SELECT l.account_id FROM steam_account_tag_links l JOIN steam_account_tags g ON g.id = l.tag_id WHERE lower(g.name) = ANY ((select workspace_scope())::text[]))',
    'confirmation_snapshots', 'account_id IN (SELECT l.account_id FROM steam_account_tag_links l JOIN steam_account_tags g ON g.id = l.tag_id WHERE lower(g.name) = ANY ((select workspace_scope())::text[]))',
    'confirmation_own_listings', 'account_id IN (SELECT l.account_id FROM steam_account_tag_links l JOIN steam_account_tags g ON g.id = l.tag_id WHERE lower(g.name) = ANY ((select workspace_scope())::text[]))',
    'confirmation_job_items', 'account_id IN (SELECT l.account_id FROM steam_account_tag_links l JOIN steam_account_tags g ON g.id = l.tag_id WHERE lower(g.name) = ANY ((select workspace_scope())::text[]))',
    'ledger_entries', 'account_id IN (SELECT l.account_id FROM steam_account_tag_links l JOIN steam_account_tags g ON g.id = l.tag_id WHERE lower(g.name) = ANY ((select workspace_scope())::text[]))',
    'ledger_sales', 'account_id IN (SELECT l.account_id FROM steam_account_tag_links l JOIN steam_account_tags g ON g.id = l.tag_id WHERE lower(g.name) = ANY ((select workspace_scope())::text[]))',
    'seller_accounts', 'steam_account_id IN (SELECT l.account_id FROM steam_account_tag_links l JOIN steam_account_tags g ON g.id = l.tag_id WHERE lower(g.name) = ANY ((select workspace_scope())::text[]))',
    'seller_deliveries', 'seller_account_id IN (SELECT s.id FROM seller_accounts s WHERE s.steam_account_id IN (SELECT l.account_id FROM steam_account_tag_links l JOIN steam_account_tags g ON g.id = l.tag_id WHERE lower(g.name) = ANY ((select workspace_scope())::text[])))',
    'seller_inventory_updates', 'seller_account_id IN (SELECT s.id FROM seller_accounts s WHERE s.steam_account_id IN (SELECT l.account_id FROM steam_account_tag_links l JOIN steam_account_tags g ON g.id = l.tag_id WHERE lower(g.name) = ANY ((select workspace_scope())::text[])))',
    'lots', 'seller_account_id IN (SELECT s.id FROM seller_accounts s WHERE s.steam_account_id IN (SELECT l.account_id FROM steam_account_tag_links l JOIN steam_account_tags g ON g.id = l.tag_id WHERE lower(g.name) = ANY ((select workspace_scope())::text[])))',
    'lot_sales', 'seller_account_id IN (SELECT s.id FROM seller_accounts s WHERE s.steam_account_id IN (SELECT l.account_id FROM steam_account_tag_links l JOIN steam_account_tags g ON g.id = l.tag_id WHERE lower(g.name) = ANY ((select workspace_scope())::text[])))',
    'lot_reprice_batches', 'seller_account_id IN (SELECT s.id FROM seller_accounts s WHERE s.steam_account_id IN (SELECT l.account_id FROM steam_account_tag_links l JOIN steam_account_tags g ON g.id = l.tag_id WHERE lower(g.name) = ANY ((select workspace_scope())::text[])))',
    'lot_repricers', 'seller_account_id IN (SELECT s.id FROM seller_accounts s WHERE s.steam_account_id IN (SELECT l.account_id FROM steam_account_tag_links l JOIN steam_account_tags g ON g.id = l.tag_id WHERE lower(g.name) = ANY ((select workspace_scope())::text[])))',
    'transfers', 'from_account_id IN (SELECT s.id FROM seller_accounts s WHERE s.steam_account_id IN (SELECT l.account_id FROM steam_account_tag_links l JOIN steam_account_tags g ON g.id = l.tag_id WHERE lower(g.name) = ANY ((select workspace_scope())::text[])))',
    'transfer_secrets', 'seller_account_id IN (SELECT s.id FROM seller_accounts s WHERE s.steam_account_id IN (SELECT l.account_id FROM steam_account_tag_links l JOIN steam_account_tags g ON g.id = l.tag_id WHERE lower(g.name) = ANY ((select workspace_scope())::text[])))');
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
