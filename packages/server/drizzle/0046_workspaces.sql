-- Workspaces own data (docs/workspaces.md). Every user gets a personal workspace whose id is the user's id, so
-- every data table's `user_id` now names the owning workspace (no column is renamed); its foreign key moves from
-- users to workspaces (a team workspace has no users row) and deleting a workspace deletes its data, its data key
-- (user_keys) included. The signed-in user's own tables (sessions, codes, security events) stay keyed by the user.
CREATE TABLE "workspace_members" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"scope_tags" text[],
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id"),
	CONSTRAINT "workspace_members_role" CHECK ("workspace_members"."role" in ('owner', 'operator', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspaces_kind" CHECK ("workspaces"."kind" in ('personal', 'team'))
);
--> statement-breakpoint
-- The data tables' foreign keys to users, whatever earlier migrations named them, make way for keys to workspaces.
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN
    SELECT k.conrelid::regclass AS tab, k.conname FROM pg_constraint k
    WHERE k.contype = 'f' AND k.confrelid = 'public.users'::regclass
      AND k.conkey = ARRAY[(SELECT a.attnum FROM pg_attribute a WHERE a.attrelid = k.conrelid AND a.attname = 'user_id')]
      AND k.conrelid::regclass::text = ANY (ARRAY['confirmation_job_items', 'confirmation_jobs', 'confirmation_own_listings', 'confirmation_rules', 'confirmation_snapshots', 'harvester_profiles', 'harvester_sessions', 'harvester_transactions', 'idempotency_keys', 'ledger_days', 'ledger_entries', 'ledger_sales', 'lot_price_history', 'lot_prices', 'lot_reprice_batches', 'lot_reprice_jobs', 'lot_repricers', 'lot_sales', 'lots', 'notifications', 'portfolio_holdings', 'portfolio_item_groups', 'proxies', 'proxy_tag_links', 'proxy_tags', 'seller_accounts', 'seller_deliveries', 'seller_inventory_updates', 'steam_account_tag_links', 'steam_account_tags', 'steam_accounts', 'steam_inventory_items', 'steam_inventory_scans', 'steam_trade_intents', 'steam_trade_sessions', 'steam_trade_watches', 'transfer_secrets', 'transfers', 'user_keys'])
  LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', c.tab, c.conname);
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_members_user" ON "workspace_members" USING btree ("user_id","workspace_id");--> statement-breakpoint
-- One personal workspace and an owner membership per existing user, before the data tables point at workspaces.
INSERT INTO workspaces (id, name, kind, created_by, created_at)
  SELECT id, user_name, 'personal', id, created_at FROM users ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
INSERT INTO workspace_members (workspace_id, user_id, role, added_at)
  SELECT id, id, 'owner', created_at FROM users ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE "confirmation_job_items" ADD CONSTRAINT "confirmation_job_items_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_jobs" ADD CONSTRAINT "confirmation_jobs_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_own_listings" ADD CONSTRAINT "confirmation_own_listings_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_rules" ADD CONSTRAINT "confirmation_rules_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_snapshots" ADD CONSTRAINT "confirmation_snapshots_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "harvester_profiles" ADD CONSTRAINT "harvester_profiles_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "harvester_sessions" ADD CONSTRAINT "harvester_sessions_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "harvester_transactions" ADD CONSTRAINT "harvester_transactions_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_days" ADD CONSTRAINT "ledger_days_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_sales" ADD CONSTRAINT "ledger_sales_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_price_history" ADD CONSTRAINT "lot_price_history_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_prices" ADD CONSTRAINT "lot_prices_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_reprice_batches" ADD CONSTRAINT "lot_reprice_batches_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_reprice_jobs" ADD CONSTRAINT "lot_reprice_jobs_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_repricers" ADD CONSTRAINT "lot_repricers_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_sales" ADD CONSTRAINT "lot_sales_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_holdings" ADD CONSTRAINT "portfolio_holdings_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_item_groups" ADD CONSTRAINT "portfolio_item_groups_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxies" ADD CONSTRAINT "proxies_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_tag_links" ADD CONSTRAINT "proxy_tag_links_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_tags" ADD CONSTRAINT "proxy_tags_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_accounts" ADD CONSTRAINT "seller_accounts_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_deliveries" ADD CONSTRAINT "seller_deliveries_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_inventory_updates" ADD CONSTRAINT "seller_inventory_updates_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steam_account_tag_links" ADD CONSTRAINT "steam_account_tag_links_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steam_account_tags" ADD CONSTRAINT "steam_account_tags_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steam_accounts" ADD CONSTRAINT "steam_accounts_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steam_inventory_items" ADD CONSTRAINT "steam_inventory_items_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steam_inventory_scans" ADD CONSTRAINT "steam_inventory_scans_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steam_trade_intents" ADD CONSTRAINT "steam_trade_intents_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steam_trade_sessions" ADD CONSTRAINT "steam_trade_sessions_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steam_trade_watches" ADD CONSTRAINT "steam_trade_watches_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_secrets" ADD CONSTRAINT "transfer_secrets_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_keys" ADD CONSTRAINT "user_keys_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- From now on a user's personal workspace and owner membership are made in the transaction that makes the user,
-- whatever writes the row (registration, administration, seeds), and go with the user when it is deleted.
CREATE FUNCTION workspaces_personal_create() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workspaces (id, name, kind, created_by, created_at)
    VALUES (NEW.id, NEW.user_name, 'personal', NEW.id, NEW.created_at);
  INSERT INTO workspace_members (workspace_id, user_id, role, added_at)
    VALUES (NEW.id, NEW.id, 'owner', NEW.created_at);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_personal_workspace AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION workspaces_personal_create();
--> statement-breakpoint
CREATE FUNCTION workspaces_personal_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM workspaces WHERE id = OLD.id AND kind = 'personal';
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_personal_workspace_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION workspaces_personal_delete();
--> statement-breakpoint
-- Row-level security keys on membership (docs/workspaces.md, docs/security.md). `app.user_id` is the active
-- workspace and `app.actor_id` the signed-in user, both set by the user scope; a row of a workspace passes for a
-- member of it, and a write only for an owner or operator. The actor's role and scope are looked up once per
-- statement (scalar subqueries: InitPlans, as in 0010 and 0034). `app.member_lookup` stops the lookup's own read
-- of workspace_members from looking itself up again (that read needs only the actor's own rows); a forged value
-- only narrows what a transaction sees.
CREATE FUNCTION workspace_role() RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  found text;
BEGIN
  IF current_setting('app.member_lookup', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('app.member_lookup', 'on', true);
  SELECT m.role INTO found FROM workspace_members m
  WHERE m.workspace_id = nullif(current_setting('app.user_id', true), '')::uuid
    AND m.user_id = nullif(current_setting('app.actor_id', true), '')::uuid;
  PERFORM set_config('app.member_lookup', '', true);
  RETURN found;
END $$;
--> statement-breakpoint
-- The actor's scope tags in the active workspace, lower-cased (empty: nothing in scope); null for a member of the
-- whole workspace (and for no member, whom the role check refuses anyway).
CREATE FUNCTION workspace_scope() RETURNS text[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  found text[];
BEGIN
  IF current_setting('app.member_lookup', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('app.member_lookup', 'on', true);
  SELECT coalesce((SELECT array_agg(lower(tag)) FROM unnest(m.scope_tags) tag), '{}') INTO found
  FROM workspace_members m
  WHERE m.workspace_id = nullif(current_setting('app.user_id', true), '')::uuid
    AND m.user_id = nullif(current_setting('app.actor_id', true), '')::uuid
    AND m.scope_tags IS NOT NULL;
  PERFORM set_config('app.member_lookup', '', true);
  RETURN found;
END $$;
--> statement-breakpoint
-- Scope checks for scoped members, called only when the statement's scope is not null. A tag link passes when
-- its tag is one of the scope's; an account or proxy when one of its tags does; a market (seller) account through
-- its Steam account. They read the tag tables under their own policies, which never call back into these.
CREATE FUNCTION workspace_account_tag_in_scope(tag integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM steam_account_tags t WHERE t.id = tag AND lower(t.name) = ANY (workspace_scope()))
$$;
--> statement-breakpoint
CREATE FUNCTION workspace_proxy_tag_in_scope(tag integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM proxy_tags t WHERE t.id = tag AND lower(t.name) = ANY (workspace_scope()))
$$;
--> statement-breakpoint
CREATE FUNCTION workspace_account_in_scope(account integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM steam_account_tag_links l JOIN steam_account_tags t ON t.id = l.tag_id
    WHERE l.account_id = account AND lower(t.name) = ANY (workspace_scope()))
$$;
--> statement-breakpoint
CREATE FUNCTION workspace_proxy_in_scope(proxy integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM proxy_tag_links l JOIN proxy_tags t ON t.id = l.tag_id
    WHERE l.proxy_id = proxy AND lower(t.name) = ANY (workspace_scope()))
$$;
--> statement-breakpoint
CREATE FUNCTION workspace_seller_in_scope(seller integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM seller_accounts s WHERE s.id = seller AND workspace_account_in_scope(s.steam_account_id))
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
  keytype text;
  p record;
  ws text;
  actor text := '(select nullif(current_setting(''app.actor_id'', true), '''')::uuid)';
  sys text := '(select current_user <> ''tradedeck_app'' AND nullif(current_setting(''app.user_id'', true), '''') IS NULL)';
  member text := '(select workspace_role()) IS NOT NULL';
  writer text := '(select workspace_role()) IN (''owner'', ''operator'')';
  owner text := '(select workspace_role()) = ''owner''';
  scope text;
  -- Rows a scoped member sees only through the account, proxy or market account they derive from.
  scoped jsonb := jsonb_build_object(
    'steam_accounts', 'workspace_account_in_scope(id)',
    'proxies', 'workspace_proxy_in_scope(id)',
    'steam_account_tag_links', 'workspace_account_tag_in_scope(tag_id)',
    'proxy_tag_links', 'workspace_proxy_tag_in_scope(tag_id)',
    'steam_trade_sessions', 'workspace_account_in_scope(account_id)',
    'steam_inventory_scans', 'workspace_account_in_scope(account_id)',
    'steam_inventory_items', 'workspace_account_in_scope(account_id)',
    'steam_trade_intents', 'workspace_account_in_scope(account_id)',
    'steam_trade_watches', 'workspace_account_in_scope(account_id)',
    'portfolio_holdings', 'workspace_account_in_scope(account_id)',
    'confirmation_snapshots', 'workspace_account_in_scope(account_id)',
    'confirmation_own_listings', 'workspace_account_in_scope(account_id)',
    'confirmation_job_items', 'workspace_account_in_scope(account_id)',
    'ledger_entries', 'workspace_account_in_scope(account_id)',
    'ledger_sales', 'workspace_account_in_scope(account_id)',
    'seller_accounts', 'workspace_account_in_scope(steam_account_id)',
    'seller_deliveries', 'workspace_seller_in_scope(seller_account_id)',
    'seller_inventory_updates', 'workspace_seller_in_scope(seller_account_id)',
    'lots', 'workspace_seller_in_scope(seller_account_id)',
    'lot_sales', 'workspace_seller_in_scope(seller_account_id)',
    'lot_reprice_batches', 'workspace_seller_in_scope(seller_account_id)',
    'lot_repricers', 'workspace_seller_in_scope(seller_account_id)',
    'transfers', 'workspace_seller_in_scope(from_account_id)',
    'transfer_secrets', 'workspace_seller_in_scope(seller_account_id)');
  -- The signed-in user's own tables: their sessions, codes and security events, whatever workspace is active.
  personal text[] := ARRAY['users', 'device_sessions', 'refresh_tokens', 'email_codes', 'recovery_codes',
    'security_events'];
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON workspaces, workspace_members TO tradedeck_app;
  END IF;
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
      AND (c.relname IN ('users', 'workspaces', 'workspace_members') OR EXISTS (
        SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'user_id' AND NOT a.attisdropped))
  LOOP
    FOR p IN SELECT policyname FROM pg_policies WHERE schemaname = 'public' AND tablename = t LOOP
      EXECUTE format('DROP POLICY %I ON %I', p.policyname, t);
    END LOOP;
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    IF t = ANY (personal) THEN
      EXECUTE format('CREATE POLICY %I ON %I USING (%3$s) WITH CHECK (%3$s)', t || '_actor', t,
        format('%I = %s OR %s', CASE WHEN t = 'users' THEN 'id' ELSE 'user_id' END, actor, sys));
    ELSIF t = 'workspaces' THEN
      -- Members see the workspaces they belong to (their own membership rows are always theirs to read); a user
      -- makes team workspaces in their own name; the owner renames or deletes the active one.
      EXECUTE format('CREATE POLICY workspaces_read ON workspaces FOR SELECT USING (created_by = %s'
        || ' OR id IN (SELECT m.workspace_id FROM workspace_members m WHERE m.user_id = %1$s) OR %s)',
        actor, sys);
      EXECUTE format('CREATE POLICY workspaces_create ON workspaces FOR INSERT WITH CHECK ('
        || '(created_by = %s AND kind = ''team'') OR %s)', actor, sys);
      EXECUTE format('CREATE POLICY workspaces_manage ON workspaces FOR UPDATE USING (%1$s) WITH CHECK (%1$s)',
        format('(id = (select nullif(current_setting(''app.user_id'', true), '''')::uuid) AND %s) OR %s', owner, sys));
      EXECUTE format('CREATE POLICY workspaces_remove ON workspaces FOR DELETE USING (%s)',
        format('(id = (select nullif(current_setting(''app.user_id'', true), '''')::uuid) AND kind = ''team'' AND %s) OR %s',
          owner, sys));
    ELSIF t = 'workspace_members' THEN
      ws := '(select nullif(current_setting(''app.user_id'', true), '''')::uuid)';
      -- Anyone reads their own memberships; a member reads the active workspace's; its owner manages them; the
      -- maker of a team workspace becomes its first owner; a member may leave.
      EXECUTE format('CREATE POLICY workspace_members_read ON workspace_members FOR SELECT USING ('
        || 'user_id = %s OR (workspace_id = %s AND %s) OR %s)', actor, ws, member, sys);
      EXECUTE format('CREATE POLICY workspace_members_manage ON workspace_members USING (%1$s) WITH CHECK (%1$s)',
        format('(workspace_id = %s AND %s) OR %s', ws, owner, sys));
      EXECUTE format('CREATE POLICY workspace_members_found ON workspace_members FOR INSERT WITH CHECK ('
        || 'user_id = %1$s AND role = ''owner'' AND EXISTS (SELECT 1 FROM workspaces w'
        || ' WHERE w.id = workspace_id AND w.kind = ''team'' AND w.created_by = %1$s))', actor);
      EXECUTE format('CREATE POLICY workspace_members_leave ON workspace_members FOR DELETE USING (user_id = %s)',
        actor);
    ELSE
      -- The setting is cast to the column's own type (uuid; text for hub sources), so the owner index still serves.
      SELECT format_type(a.atttypid, a.atttypmod) INTO keytype FROM pg_attribute a
      WHERE a.attrelid = format('public.%I', t)::regclass AND a.attname = 'user_id';
      ws := format('(select nullif(current_setting(''app.user_id'', true), '''')::%s)', keytype);
      -- Unscoped members stop at the scope's InitPlan (null): the per-row scope function is never called.
      scope := CASE WHEN scoped ? t
        THEN format(' AND ((select workspace_scope()) IS NULL OR %s)', scoped ->> t) ELSE '' END;
      EXECUTE format('CREATE POLICY %I ON %I FOR SELECT USING (%s)', t || '_member', t,
        format('(user_id = %s AND %s%s) OR %s', ws, member, scope, sys));
      EXECUTE format('CREATE POLICY %I ON %I FOR INSERT WITH CHECK (%s)', t || '_write', t,
        format('(user_id = %s AND %s%s) OR %s', ws, writer, scope, sys));
      EXECUTE format('CREATE POLICY %I ON %I FOR UPDATE USING (%3$s) WITH CHECK (%3$s)', t || '_change', t,
        format('(user_id = %s AND %s%s) OR %s', ws, writer, scope, sys));
      EXECUTE format('CREATE POLICY %I ON %I FOR DELETE USING (%s)', t || '_remove', t,
        format('(user_id = %s AND %s%s) OR %s', ws, writer, scope, sys));
    END IF;
  END LOOP;
END $$;
