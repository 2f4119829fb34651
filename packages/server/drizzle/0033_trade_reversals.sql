-- Every accepted trade of ours (a harvester transaction, a seller delivery, a move between the user's own accounts)
-- is followed by its trade id through its Trade Protection window; a reversal (trade status 12) is recorded on the
-- row and on what the trade carried.
CREATE TABLE "steam_trade_watches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" integer NOT NULL,
	"subject" text NOT NULL,
	"subject_id" integer NOT NULL,
	"partner_steam_id" text NOT NULL,
	"given_asset_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"received_asset_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sale_item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"trade_id" text,
	"traded_at" timestamp with time zone,
	"window_ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'watching' NOT NULL,
	"checked_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"rollback_trade_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "steam_trade_watches" ADD CONSTRAINT "steam_trade_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steam_trade_watches" ADD CONSTRAINT "steam_trade_watches_account_id_steam_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."steam_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "steam_trade_watches_subject" ON "steam_trade_watches" USING btree ("subject","subject_id");--> statement-breakpoint
CREATE INDEX "steam_trade_watches_watching" ON "steam_trade_watches" USING btree ("account_id","window_ends_at") WHERE "status" = 'watching';--> statement-breakpoint
CREATE INDEX "steam_trade_watches_user" ON "steam_trade_watches" USING btree ("user_id");--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['steam_trade_watches']
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
