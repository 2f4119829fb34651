-- The portfolio (docs/portfolio.md): holdings follow an item across the new asset id Steam gives it when its Trade
-- Protection ends, with where it came from; the inventory cache gets the portfolio's order as an index, and its
-- writes are noted for the list totals kept between requests (0030).
CREATE TABLE "portfolio_holdings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" integer NOT NULL,
	"game" text NOT NULL,
	"app_id" integer NOT NULL,
	"class_id" text NOT NULL,
	"instance_id" text NOT NULL,
	"market_hash_name" text NOT NULL,
	"asset_id" text NOT NULL,
	"context_id" text NOT NULL,
	"protected_until" timestamp with time zone,
	"origin_kind" text NOT NULL,
	"origin_trade_id" text,
	"origin_from" text,
	"assets" jsonb NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"gone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "portfolio_holdings" ADD CONSTRAINT "portfolio_holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_holdings" ADD CONSTRAINT "portfolio_holdings_account_id_steam_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."steam_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_holdings_asset" ON "portfolio_holdings" USING btree ("account_id","app_id","context_id","asset_id");--> statement-breakpoint
CREATE INDEX "portfolio_holdings_user" ON "portfolio_holdings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "portfolio_holdings_account_class" ON "portfolio_holdings" USING btree ("account_id","game","class_id","instance_id");--> statement-breakpoint
CREATE INDEX "steam_inventory_items_user_name" ON "steam_inventory_items" USING btree ("user_id","market_hash_name","game","account_id","context_id","asset_id","amount","tradable","protected_until");--> statement-breakpoint
CREATE TRIGGER steam_inventory_items_list_changes_insert AFTER INSERT ON steam_inventory_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changes_note();--> statement-breakpoint
CREATE TRIGGER steam_inventory_items_list_changes_update AFTER UPDATE ON steam_inventory_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changes_note();--> statement-breakpoint
CREATE TRIGGER steam_inventory_items_list_changes_delete AFTER DELETE ON steam_inventory_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changes_note();--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['portfolio_holdings']
  LOOP
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app') THEN
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO tradedeck_app', t);
    END IF;
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY %I ON %I USING ((select current_user <> ''tradedeck_app'') OR user_id = (select nullif(current_setting(''app.user_id'', true), '''')::uuid)) WITH CHECK ((select current_user <> ''tradedeck_app'') OR user_id = (select nullif(current_setting(''app.user_id'', true), '''')::uuid))',
      t || '_owner', t);
  END LOOP;
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app') THEN
    EXECUTE 'GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO tradedeck_app';
  END IF;
END $$;
