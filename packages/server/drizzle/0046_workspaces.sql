-- Workspaces own data (docs/workspaces.md). Every user gets a personal workspace whose id is the user's id, so
-- every data table's `user_id` now names the owning workspace (no column is renamed); its foreign key moves from
-- users to workspaces (a team workspace has no users row) and deleting a workspace deletes its data. Auth tables
-- (sessions, codes, keys, security events) stay keyed by the user.
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
      AND k.conrelid::regclass::text = ANY (ARRAY['confirmation_job_items', 'confirmation_jobs', 'confirmation_own_listings', 'confirmation_rules', 'confirmation_snapshots', 'harvester_profiles', 'harvester_sessions', 'harvester_transactions', 'idempotency_keys', 'ledger_days', 'ledger_entries', 'ledger_sales', 'lot_price_history', 'lot_prices', 'lot_reprice_batches', 'lot_reprice_jobs', 'lot_repricers', 'lot_sales', 'lots', 'notifications', 'portfolio_holdings', 'portfolio_item_groups', 'proxies', 'proxy_tag_links', 'proxy_tags', 'seller_accounts', 'seller_deliveries', 'seller_inventory_updates', 'steam_account_tag_links', 'steam_account_tags', 'steam_accounts', 'steam_inventory_items', 'steam_inventory_scans', 'steam_trade_intents', 'steam_trade_sessions', 'steam_trade_watches', 'transfer_secrets', 'transfers'])
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
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
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
DO $$
DECLARE
  t text;
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON workspaces, workspace_members TO tradedeck_app;
  END IF;
  FOREACH t IN ARRAY ARRAY['workspaces', 'workspace_members']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
  END LOOP;
  CREATE POLICY workspaces_member ON workspaces
    USING (id = (select nullif(current_setting('app.user_id', true), '')::uuid)
      OR (select current_user <> 'tradedeck_app' AND nullif(current_setting('app.user_id', true), '') IS NULL))
    WITH CHECK (id = (select nullif(current_setting('app.user_id', true), '')::uuid)
      OR (select current_user <> 'tradedeck_app' AND nullif(current_setting('app.user_id', true), '') IS NULL));
  CREATE POLICY workspace_members_member ON workspace_members
    USING (workspace_id = (select nullif(current_setting('app.user_id', true), '')::uuid)
      OR (select current_user <> 'tradedeck_app' AND nullif(current_setting('app.user_id', true), '') IS NULL))
    WITH CHECK (workspace_id = (select nullif(current_setting('app.user_id', true), '')::uuid)
      OR (select current_user <> 'tradedeck_app' AND nullif(current_setting('app.user_id', true), '') IS NULL));
END $$;
