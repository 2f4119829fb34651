-- After an accepted trade that brings items to a seller account, TM is asked to read its inventory again
-- (update-inventory): one row per accepted incoming trade of the account's Steam account, so each trade asks once.
CREATE TABLE "seller_inventory_updates" (
	"user_id" uuid NOT NULL,
	"seller_account_id" integer NOT NULL,
	"intent_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"called_at" timestamp with time zone,
	CONSTRAINT "seller_inventory_updates_seller_account_id_intent_id_pk" PRIMARY KEY("seller_account_id","intent_id")
);
--> statement-breakpoint
ALTER TABLE "seller_inventory_updates" ADD CONSTRAINT "seller_inventory_updates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_inventory_updates" ADD CONSTRAINT "seller_inventory_updates_seller_account_id_seller_accounts_id_fk" FOREIGN KEY ("seller_account_id") REFERENCES "public"."seller_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_inventory_updates" ADD CONSTRAINT "seller_inventory_updates_intent_id_steam_trade_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."steam_trade_intents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_inventory_updates_user" ON "seller_inventory_updates" USING btree ("user_id");--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['seller_inventory_updates']
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
END $$;
